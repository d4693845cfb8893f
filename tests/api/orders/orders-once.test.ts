import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { armFault } from '../../../src/server/common/faults.ts';
import { bodyHash } from '../../../src/server/orders/idempotency.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFailure, okResult } from '../../helpers/wire-asserts.ts';
import { cartOf, pickVariants } from '../cart/cart-helpers.ts';
import { stockOf } from './orders-fixtures.ts';
import { type Buyer, bodyFor, guestBuyer, memberBuyer, newKey, order } from './orders-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

const ordersOf = async (variantId: number) =>
  (
    await shop.deps.db.kysely
      .selectFrom('order_lines')
      .select((eb) => eb.fn.sum<number>('quantity').as('n'))
      .where('variant_id', '=', variantId)
      .executeTakeFirst()
  )?.n ?? 0;

describe('Idempotency-Key', () => {
  it('answers a repeated request with the stored answer, placing one order', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const buyer = await memberBuyer(shop, [[v!, 2]]);
    const key = newKey();
    const first = await order(shop, buyer, bodyFor(buyer), { key });
    expect(first.status).toBe(201);
    const again = await order(shop, buyer, bodyFor(buyer), { key });
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(Number(await ordersOf(v!.id))).toBe(2);
    expect((await stockOf(shop, v!.id)).variant).toBe(3);
  });

  it('refuses the same key with another body (422), and takes a new key as a new order', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const buyer = await memberBuyer(shop, [[v!, 1]]);
    const key = newKey();
    expect((await order(shop, buyer, bodyFor(buyer), { key })).status).toBe(201);
    const other = await order(shop, buyer, bodyFor(buyer, { note: '改了' }), { key, lang: 'en' });
    expectFailure(other, 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(other.json.message).toContain('different order');
  });

  it('lets one of many concurrent requests with the same key place the order; the others get 409 or the answer', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const buyer = await memberBuyer(shop, [[v!, 1]]);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 8 }, () => order(shop, buyer, bodyFor(buyer), { key })));
    const placed = answers.filter((a) => a.status === 201);
    const busy = answers.filter((a) => a.status === 409);
    expect(placed.length + busy.length).toBe(8);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    for (const b of busy) expect(b.json.code).toBe('ORDER_IN_PROGRESS');
    expect(new Set(placed.map((p) => p.json.result.no)).size).toBe(1);
    expect(Number(await ordersOf(v!.id))).toBe(1);
    expect((await stockOf(shop, v!.id)).variant).toBe(4);
  });

  it('frees the key when the order fails, so the same request can succeed later', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const buyer = await memberBuyer(shop, [[v!, 2]]);
    await shop.deps.db.kysely.updateTable('variants').set({ stock: 1 }).where('id', '=', v!.id).execute();
    const key = newKey();
    expectFailure(await order(shop, buyer, bodyFor(buyer), { key }), 409, 'OUT_OF_STOCK');
    await shop.deps.db.kysely.updateTable('variants').set({ stock: 5 }).where('id', '=', v!.id).execute();
    expect((await order(shop, buyer, bodyFor(buyer), { key })).status).toBe(201);
  });
});

describe('one cart', () => {
  it('becomes one order when two tabs order it at once with different keys', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const buyer = await memberBuyer(shop, [[v!, 2]]);
    const answers = await Promise.all([order(shop, buyer, bodyFor(buyer)), order(shop, buyer, bodyFor(buyer))]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.json.code).toBe('CART_EMPTY');
    expect((await stockOf(shop, v!.id)).variant).toBe(3);
  });
});

describe('stock', () => {
  it('sells the last item once: stock 1, 20 shoppers at the same time → 1 order and 19 clear 409s', async () => {
    const [v] = await pickVariants(shop, 1, 1);
    const buyers: Buyer[] = [];
    for (let i = 0; i < 10; i++) buyers.push(await memberBuyer(shop, [[v!, 1]]));
    for (let i = 0; i < 10; i++) buyers.push(await guestBuyer(shop, [[v!, 1]]));
    const answers = await Promise.all(buyers.map((b) => order(shop, b, bodyFor(b), { lang: 'en' })));
    const placed = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.json.code).toBe('OUT_OF_STOCK');
      expect(r.json.message).toContain('only 0');
    }
    expect((await stockOf(shop, v!.id)).variant).toBe(0);
    expect(Number(await ordersOf(v!.id))).toBe(1);
  });

  it('keeps no stock taken when the database fails between taking stock and writing the order', async () => {
    const [v] = await pickVariants(shop, 1, 3);
    const buyer = await memberBuyer(shop, [[v!, 2]]);
    armFault('order.after-stock', 1);
    const key = newKey();
    expectFailure(await order(shop, buyer, bodyFor(buyer), { key }), 503, 'UNAVAILABLE');
    expect((await stockOf(shop, v!.id)).variant).toBe(3);
    expect(Number(await ordersOf(v!.id))).toBe(0);
    expect(okResult(await cartOf(shop, { token: buyer.token }).get()).lines).toHaveLength(1);
    expect((await order(shop, buyer, bodyFor(buyer), { key })).status).toBe(201);
    expect((await stockOf(shop, v!.id)).variant).toBe(1);
  });

  it('returns the stock of a cancelled order exactly once, however often it is cancelled', async () => {
    const [v] = await pickVariants(shop, 1, 4);
    const buyer = await memberBuyer(shop, [[v!, 3]]);
    const o = (await order(shop, buyer, bodyFor(buyer))).json.result;
    expect((await stockOf(shop, v!.id)).variant).toBe(1);
    const cancels = await Promise.all(
      Array.from({ length: 6 }, () => shop.call('POST', `/api/orders/${o.no}/cancel`, { token: buyer.token })),
    );
    expect(cancels.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of cancels.filter((x) => x.status !== 200)) expectFailure(r, 409, 'ORDER_NOT_CANCELLABLE');
    expect((await stockOf(shop, v!.id)).variant).toBe(4);
    const after = okResult(await shop.call('GET', `/api/orders/${o.no}`, { token: buyer.token }));
    expect(after.state).toBe('cancelled');
    expect(after.timeline.map((e: { state: string }) => e.state)).toEqual(['processing', 'cancelled']);
    expect(after.can_cancel).toBe(false);
  });
});

describe('Idempotency-Key lifetime', () => {
  it('frees a claim left unanswered for 5 minutes, and forgets answers after 24 hours', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const buyer = await memberBuyer(shop, [[v!, 1]]);
    const key = newKey();
    const member = await shop.deps.db.kysely
      .selectFrom('sessions')
      .select('member_id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await shop.deps.db.kysely
      .insertInto('idempotency_keys')
      .values({
        owner: `member:${member.member_id}`,
        key,
        body_hash: bodyHash(bodyFor(buyer)),
        status: null,
        response: null,
        order_id: null,
        created_at: shop.clock.now(),
      })
      .execute();
    expectFailure(await order(shop, buyer, bodyFor(buyer), { key }), 409, 'ORDER_IN_PROGRESS');
    shop.clock.advance(5 * 60_000);
    const placed = await order(shop, buyer, bodyFor(buyer), { key });
    expect(placed.status).toBe(201);
    await cartOf(shop, { token: buyer.token }).add(v!.sku, 1);
    expect((await order(shop, buyer, bodyFor(buyer), { key })).json).toEqual(placed.json);
    shop.clock.advance(24 * 3_600_000);
    const fresh = await order(shop, buyer, bodyFor(buyer), { key });
    expect(fresh.status).toBe(201);
    expect(fresh.json.result.no).not.toBe(placed.json.result.no);
  });
});
