import { randomUUID } from 'node:crypto';
import { type Answer, call, freshIp, statusSummary } from '../http.ts';
import { fillCarts, orderBody, ordersOf, pickItem, setStock } from '../shop-stock.ts';
import { type Ctx, layouts, type Scenario, spread } from './context.ts';
import { BUYERS, type Buyer, buyers } from './orders.ts';

/** The variant this scenario's carts hold (counted from the newest; the other scenarios take 0 to 9). */
const ITEM = 12;
let phoneSeq = 0;
/** A receiver's mobile no member of the suite has (the suite's members are 0970…). */
const strangerPhone = () => `0963${String(++phoneSeq + (Date.now() % 9_000) * 100).padStart(6, '0')}`;

/** Half the members lose their verified mobile (an old account), half have none at all (made from LINE). */
async function unverify(ctx: Ctx, people: Buyer[]): Promise<void> {
  const k = ctx.shop.db.kysely;
  const half = Math.ceil(people.length / 2);
  const legacy = people.slice(0, half).map((p) => p.id);
  const line = people.slice(half).map((p) => p.id);
  await k.updateTable('members').set({ phone_verify: 0 }).where('id', 'in', legacy).execute();
  if (line.length)
    await k.updateTable('members').set({ phone: null, phone_verify: 0 }).where('id', 'in', line).execute();
}

/** A proof of `phone` through the API: a checkout code, read from the outbox, traded for the proof. */
async function proofOf(ctx: Ctx, base: string, phone: string): Promise<string> {
  const ip = freshIp();
  const sent = await call(base, 'POST', '/checkout/phone/send', { body: { phone }, ip });
  if (sent.status !== 200) throw new Error(`checkout code for ${phone}: ${sent.status} ${sent.text.slice(0, 100)}`);
  const row = await ctx.shop.db.kysely
    .selectFrom('sms_outbox')
    .select('code')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const verified = await call(base, 'POST', '/checkout/phone/verify', { body: { phone, code: row.code }, ip });
  const proof = verified.json?.result?.phone_proof;
  if (typeof proof !== 'string')
    throw new Error(`proof for ${phone}: ${verified.status} ${verified.text.slice(0, 100)}`);
  return proof;
}

function order(base: string, buyer: Buyer, phone: string, proof?: string): Promise<Answer> {
  return call(base, 'POST', '/orders', {
    token: buyer.token,
    headers: { 'idempotency-key': randomUUID(), ...(proof ? { 'x-phone-proof': proof } : {}) },
    body: { ...orderBody(phone), payment: 'cod' },
  });
}

async function textsTo(ctx: Ctx, phones: string[]): Promise<number> {
  const row = await ctx.shop.db.kysely
    .selectFrom('sms_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('phone', 'in', phones)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * L7 phone proof (issue 38): 50 members without a verified mobile (half of them never had one)
 * order cash on delivery to strangers' numbers at once, without a proof: no order, no text, every
 * answer 403 MEMBER_PHONE_UNVERIFIED. Then at once again, half with a proof of the receiver's number
 * and half with a proof of another: exactly the proven half is ordered, to the proven numbers.
 */
export const phoneProof: Scenario = {
  name: 'L7 phone proof',
  async run(ctx) {
    const item = await pickItem(ctx.shop, ITEM);
    for (const { label, both } of layouts(ctx)) {
      const base = spread(ctx, both);
      const people = await buyers(ctx, BUYERS, 'L7');
      const ids = people.map((p) => p.id);
      await unverify(ctx, people);
      await setStock(ctx.shop, item, BUYERS * 2);
      await fillCarts(ctx.shop, ids, item);

      const strangers = people.map(() => strangerPhone());
      const bare = await Promise.all(people.map((p, i) => order(base(i), p, strangers[i]!)));
      const afterBare = await ordersOf(ctx.shop, ids);
      const texted = await textsTo(ctx, strangers);
      const refused = bare.filter((a) => a.status === 403 && a.json?.code === 'MEMBER_PHONE_UNVERIFIED').length;

      // Proofs: the first half for their own receiver, the second half for a number not the receiver's.
      const half = Math.ceil(people.length / 2);
      const proofs = await Promise.all(
        people.map((_, i) => proofOf(ctx, base(i), i < half ? strangers[i]! : strangerPhone())),
      );
      const proven = await Promise.all(people.map((p, i) => order(base(i), p, strangers[i]!, proofs[i])));
      const placed = await ordersOf(ctx.shop, ids);
      const rows = await ctx.shop.db.kysely
        .selectFrom('orders')
        .select(['member_id', 'receiver_phone'])
        .where('member_id', 'in', ids)
        .execute();
      const byMember = new Map(people.map((p, i) => [p.id, i]));
      const onlyProven = rows.every((r) => {
        const i = byMember.get(r.member_id ?? -1);
        return i !== undefined && i < half && r.receiver_phone === strangers[i];
      });
      const created = proven.filter((a) => a.status === 201).length;
      const mismatched = proven.filter((a) => a.status === 403 && a.json?.code === 'PHONE_PROOF_MISMATCH').length;
      ctx.report.add({
        scenario: `L7 orders without a phone proof (${label})`,
        tried: `${BUYERS} unverified members (half LINE-only) order COD to strangers at once; again with proofs (half of another number)`,
        target: 'no proof → 0 orders, 0 texts, all 403; then exactly the proven half ordered, to the proven numbers',
        figure: `without: ${afterBare.length} orders, ${texted} texts, ${statusSummary(bare)}; with: ${placed.length} orders, ${statusSummary(proven)}`,
        held:
          afterBare.length === 0 &&
          texted === 0 &&
          refused === BUYERS &&
          created === half &&
          mismatched === BUYERS - half &&
          placed.length === half &&
          onlyProven,
      });
    }
  },
};
