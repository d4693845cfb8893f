import { randomUUID } from 'node:crypto';
import { addCode } from '../../../src/server/promotions/promotion-admin.ts';
import { call, statusSummary } from '../http.ts';
import { depsOf, newMembers, phoneOf } from '../shop-db.ts';
import { fillCarts, orderBody, pickItem, setStock, stockOf } from '../shop-stock.ts';
import { type Ctx, layouts, type Scenario, spread } from './context.ts';

const BUYERS = 20;
const ROUNDS = { full: 5, quick: 2 };
/** The variant this scenario sells (counted from the last; the order scenarios take 0 to 6). */
const ITEM = 7;

/**
 * L6: a code with one use left and 20 members ordering with it at once (over both servers on
 * PostgreSQL): one order gets it, the 19 others are refused with the reason and take no stock.
 */
export const lastCodeUse: Scenario = {
  name: 'L6',
  async run(ctx: Ctx) {
    const deps = depsOf(ctx.shop);
    for (const { label, both } of layouts(ctx)) {
      const base = spread(ctx, both);
      const item = await pickItem(ctx.shop, ITEM);
      const members = await newMembers(ctx.shop, BUYERS, 'coupon');
      const people = await Promise.all(members.map(async (m) => ({ ...m, phone: await phoneOf(ctx.shop, m.id) })));
      const rounds = ROUNDS[ctx.quick ? 'quick' : 'full'];
      let exact = 0;
      let clear = 0;
      let stockOk = 0;
      let other = '';
      for (let r = 0; r < rounds; r++) {
        const code = `LOAD${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
        await addCode(deps, { code, off: '50', uses: '1' });
        await setStock(ctx.shop, item, 1_000);
        await fillCarts(
          ctx.shop,
          people.map((p) => p.id),
          item,
        );
        const answers = await Promise.all(
          people.map((p, i) =>
            call(base(i), 'POST', '/orders', {
              token: p.token,
              headers: { 'idempotency-key': randomUUID() },
              body: { ...orderBody(p.phone), coupon: code.toLowerCase() },
            }),
          ),
        );
        const won = answers.filter((a) => a.status === 201);
        const refused = answers.filter(
          (a) => a.status === 422 && a.json?.code === 'COUPON_REFUSED' && typeof a.json?.errors?.coupon === 'string',
        );
        const used = await ctx.shop.db.kysely
          .selectFrom('promotions')
          .select('used')
          .where('code', '=', code)
          .executeTakeFirstOrThrow();
        if (won.length === 1 && Number(used.used) === 1 && won[0]!.json?.result?.discount_total === 50) exact++;
        if (refused.length === BUYERS - 1) clear++;
        if ((await stockOf(ctx.shop, item)) === 1_000 - 1) stockOk++;
        if (won.length !== 1 || refused.length !== BUYERS - 1) other ||= statusSummary(answers);
      }
      ctx.report.add({
        scenario: `L6 last code use (${label})`,
        tried: `${rounds} rounds: a code with 1 use, ${BUYERS} members ordering with it at once`,
        target: 'each round: 1 order with the discount; 19 × 422 COUPON_REFUSED with the reason; 1 unit of stock taken',
        figure: `${exact}/${rounds} rounds one winner with the code used once; ${clear}/${rounds} rounds 19 clear refusals; ${stockOk}/${rounds} rounds 1 unit taken${other ? `; off round: ${other}` : ''}`,
        held: exact === rounds && clear === rounds && stockOk === rounds,
      });
    }
  },
};
