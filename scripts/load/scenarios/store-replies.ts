import { isOutlyingAddress } from '../../../src/lib/taiwan/outlying.ts';
import { textProblem } from '../../../src/server/common/text-rules.ts';
import { sampleStoreReplies } from '../fuzz-cases.ts';
import { call, leaksInternals } from '../http.ts';
import { fmt } from '../report.ts';
import { newMembers } from '../shop-db.ts';
import { fillCarts, pickItem } from '../shop-stock.ts';
import type { Scenario } from './context.ts';

const CASES = { full: 300, quick: 100 };
/** The variant in the forger's cart (the order scenarios take 0 to 7). */
const ITEM = 8;
const FORGER_IP = '192.0.2.98';
const SEED = 20_261_128;

/**
 * Forged store-map replies (issue 28): for each generated reply a real map is opened (a live
 * ticket), the reply is posted with hostile texts, flipped CVSOutSide or foreign store IDs → every
 * answer a 303 back to checkout; a store the quote then shows is one of the simulator's list, under
 * the list's name, with the list's island status, and its texts obey the text rules.
 */
export const fuzzStoreReplies: Scenario = {
  name: 'fuzz-store',
  async run(ctx) {
    const server = ctx.servers[0];
    const k = ctx.shop.db.kysely;
    const [member] = await newMembers(ctx.shop, 1, 'forger');
    await fillCarts(ctx.shop, [member!.id], await pickItem(ctx.shop, ITEM));
    const stores = await k.selectFrom('sim_cvs_stores').select(['brand', 'store_id']).orderBy('id').execute();
    const opts = { token: member!.token, ip: FORGER_IP };
    const cases = sampleStoreReplies(CASES[ctx.quick ? 'quick' : 'full'], SEED);
    const seen = { kept: 0, refused: 0, notRedirect: 0, wrongFacts: 0, unsafe: 0, leaks: 0 };
    const bad: string[] = [];
    for (const [i, c] of cases.entries()) {
      const map = await call(server.api, 'POST', '/checkout/cvs-map', { ...opts, body: { brand: c.brand } });
      const mapFields = map.json?.result?.fields as Record<string, string> | undefined;
      if (!mapFields) throw new Error(`the map did not open: ${map.status} ${map.text.slice(0, 80)}`);
      const own = stores.filter((s) => s.brand === c.brand);
      const fields = c.fields({
        merchantId: mapFields.MerchantID ?? '',
        ticket: mapFields.ExtraData ?? '',
        brand: c.brand,
        storeId: own[i % own.length]!.store_id,
      });
      const a = await call(server.api, 'POST', '/checkout/cvs-store', {
        ip: FORGER_IP,
        raw: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const to = a.headers.get('location') ?? '';
      if (a.status !== 303 || !/\/cart\/checkout(\?store_error=(ticket|reply|text|store|lookup))?$/.test(to)) {
        seen.notRedirect++;
        if (bad.length < 3) bad.push(`${a.status} ${to || a.text.slice(0, 60)}`);
      }
      if (leaksInternals(a.text)) seen.leaks++;
      const q = await call(server.api, 'POST', '/checkout/quote', { ...opts, body: { shipping: { method: 'cvs' } } });
      const store = q.json?.result?.store as {
        brand: string;
        id: string;
        name: string;
        address: string;
        outside: boolean;
      } | null;
      if (!store) {
        seen.refused++;
        continue;
      }
      seen.kept++;
      const listed = await k
        .selectFrom('sim_cvs_stores')
        .select(['name', 'outside'])
        .where('brand', '=', store.brand)
        .where('store_id', '=', store.id)
        .executeTakeFirst();
      const facts =
        listed?.name === store.name &&
        (listed.outside === 1) === store.outside &&
        isOutlyingAddress(store.address) === store.outside;
      if (!facts) {
        seen.wrongFacts++;
        if (bad.length < 3) bad.push(`kept ${store.id} ${JSON.stringify(store.name)} outside=${store.outside}`);
      }
      if ([store.name, store.address].some((t) => textProblem(t) !== null)) seen.unsafe++;
      await call(server.api, 'DELETE', '/checkout/cvs-store', opts);
    }
    ctx.report.add({
      scenario: 'Forged store-map replies',
      tried: `${fmt(cases.length)} replies (fast-check) around live tickets: hostile names, addresses and telephones, flipped CVSOutSide, foreign store IDs`,
      target:
        "303 back to checkout for each; a kept store has the simulator list's name and island status and clean texts",
      figure: `${fmt(seen.kept)} kept, ${fmt(seen.refused)} refused; ${seen.notRedirect} not a 303 to checkout, ${seen.wrongFacts} with facts not the list's, ${seen.unsafe} with unsafe texts, ${seen.leaks} leaks${bad.length ? `; e.g. ${bad.join(' ; ')}` : ''}`,
      held: seen.notRedirect === 0 && seen.wrongFacts === 0 && seen.unsafe === 0 && seen.leaks === 0 && seen.kept > 0,
    });
  },
};
