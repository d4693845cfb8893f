import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { armFault, checkFault } from '../../../src/server/common/faults.ts';
import type { OrderState } from '../../../src/server/db/schema.ts';
import { canMove, moveOrder, ORDER_STATES } from '../../../src/server/orders/order-state.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFailure, okResult } from '../../helpers/wire-asserts.ts';
import { pickVariants } from '../cart/cart-helpers.ts';
import { insertOrder, stockOf } from './orders-fixtures.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

const stateOf = async (id: number) =>
  (await shop.deps.db.kysely.selectFrom('orders').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
const eventsOf = (id: number) =>
  shop.deps.db.kysely
    .selectFrom('order_events')
    .select(['state', 'note'])
    .where('order_id', '=', id)
    .orderBy('id')
    .execute();
const move = (orderId: number, to: OrderState, note?: string) =>
  shop.deps.db.kysely
    .transaction()
    .execute((trx) => moveOrder(trx, { orderId, to, now: shop.clock.now(), ...(note ? { note } : {}) }));

describe('moveOrder', () => {
  it('walks a card order forward to completed, writing the timeline', async () => {
    const [v] = await pickVariants(shop, 1);
    const o = await insertOrder(shop, { state: 'awaiting_payment', lines: [{ variant: v!, quantity: 1 }] });
    for (const to of ['paid', 'processing', 'shipped', 'delivered', 'completed'] as const) {
      expect(await move(o.id, to, to === 'shipped' ? '黑貓宅急便 123' : undefined)).toBe(true);
      expect(await stateOf(o.id)).toBe(to);
    }
    expect(await eventsOf(o.id)).toEqual([
      { state: 'paid', note: '' },
      { state: 'processing', note: '' },
      { state: 'shipped', note: '黑貓宅急便 123' },
      { state: 'delivered', note: '' },
      { state: 'completed', note: '' },
    ]);
  });

  it('refuses every move backwards or sideways, changing nothing', async () => {
    const [v] = await pickVariants(shop, 1);
    for (const from of ORDER_STATES) {
      for (const to of ORDER_STATES) {
        if (canMove(from, to)) continue;
        const o = await insertOrder(shop, { state: from, lines: [{ variant: v!, quantity: 1 }] });
        expect(await move(o.id, to), `${from} → ${to}`).toBe(false);
        expect(await stateOf(o.id)).toBe(from);
        expect(await eventsOf(o.id)).toEqual([]);
      }
    }
    expect(await stockOf(shop, v!.id)).toMatchObject({ variant: 10 });
  });

  it('allows exactly the edges of the contract', () => {
    const edges = ORDER_STATES.flatMap((f) => ORDER_STATES.filter((t) => canMove(f, t)).map((t) => `${f}>${t}`));
    expect(edges.sort()).toEqual(
      [
        'awaiting_payment>paid',
        'awaiting_payment>cancelled',
        'paid>processing',
        'paid>cancelled',
        'processing>shipped',
        'processing>cancelled',
        'shipped>delivered',
        'shipped>picked_up',
        'delivered>completed',
        'picked_up>completed',
      ].sort(),
    );
  });

  it('returns the stock of a cancelled order exactly once, however many cancel at the same time', async () => {
    const [a, b] = await pickVariants(shop, 2, 5);
    const before = await stockOf(shop, a!.id);
    const o = await insertOrder(shop, {
      state: 'paid',
      lines: [
        { variant: a!, quantity: 2 },
        { variant: b!, quantity: 3 },
      ],
    });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => move(o.id, 'cancelled')));
    const won = results.filter((r) => r.status === 'fulfilled' && r.value === true);
    expect(won).toHaveLength(1);
    expect(await stockOf(shop, a!.id)).toEqual({ variant: 7, product: before.product + 2 });
    expect((await stockOf(shop, b!.id)).variant).toBe(8);
    expect(await eventsOf(o.id)).toEqual([{ state: 'cancelled', note: '' }]);
    expect(await move(o.id, 'cancelled')).toBe(false);
    expect((await stockOf(shop, a!.id)).variant).toBe(7);
  });

  it('cannot cancel a shipped order, and keeps its stock', async () => {
    const [v] = await pickVariants(shop, 1, 4);
    const o = await insertOrder(shop, { state: 'shipped', lines: [{ variant: v!, quantity: 1 }] });
    expect(await move(o.id, 'cancelled')).toBe(false);
    expect((await stockOf(shop, v!.id)).variant).toBe(4);
  });
});

describe('faults', () => {
  it('checkFault throws a 503 the armed number of times, then never again', () => {
    armFault('order.after-stock', 2);
    expect(() => checkFault('order.after-stock')).toThrow(/unavailable/i);
    expect(() => checkFault('order.after-stock')).toThrow(/unavailable/i);
    expect(() => checkFault('order.after-stock')).not.toThrow();
    expect(() => checkFault('payment.notify')).not.toThrow();
  });

  it('POST /api/dev/faults arms a fault by name and refuses unknown names', async () => {
    const r = await shop.call('POST', '/api/dev/faults', { body: { name: 'payment.notify', times: 1 } });
    expect(okResult(r)).toEqual({ name: 'payment.notify', times: 1 });
    expect(() => checkFault('payment.notify')).toThrow();
    expect(() => checkFault('payment.notify')).not.toThrow();
    expectFailure(
      await shop.call('POST', '/api/dev/faults', { body: { name: 'nope', times: 1 } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('is refused under NODE_ENV=production unless ALLOW_FAULTS=1', async () => {
    const prod = await createTestShop({ env: { NODE_ENV: 'production' } });
    const allowed = await createTestShop({ env: { NODE_ENV: 'production', ALLOW_FAULTS: '1' } });
    try {
      const body = { name: 'order.after-stock', times: 1 };
      expectFailure(await prod.call('POST', '/api/dev/faults', { body }), 403, 'DEV_ONLY');
      expect(() => checkFault('order.after-stock')).not.toThrow();
      expect(okResult(await allowed.call('POST', '/api/dev/faults', { body })).times).toBe(1);
      expect(() => checkFault('order.after-stock')).toThrow();
    } finally {
      await prod.close();
      await allowed.close();
    }
  });
});

// Last in the file: it takes a variant of its own after the others have chosen theirs.
describe('moveOrder for the sweeper', () => {
  it('releases only an order still unpaid and past its deadline when asked to (the sweeper chose it earlier)', async () => {
    const [v] = await pickVariants(shop, 1);
    const k = shop.deps.db.kysely;
    const now = shop.clock.now();
    const release = (orderId: number) =>
      k
        .transaction()
        .execute((trx) =>
          moveOrder(trx, { orderId, to: 'cancelled', now, onlyFrom: ['awaiting_payment'], deadlinePassed: true }),
        );
    // Paid after the sweeper chose it: a plain cancel would take it, the release must not.
    const paid = await insertOrder(shop, { state: 'paid', lines: [{ variant: v!, quantity: 1 }] });
    await k
      .updateTable('orders')
      .set({ pay_deadline: now - 1 })
      .where('id', '=', paid.id)
      .execute();
    expect(await release(paid.id)).toBe(false);
    expect(await stateOf(paid.id)).toBe('paid');
    // A new card attempt moved the deadline on.
    const extended = await insertOrder(shop, { state: 'awaiting_payment', lines: [{ variant: v!, quantity: 1 }] });
    await k
      .updateTable('orders')
      .set({ pay_deadline: now + 60_000 })
      .where('id', '=', extended.id)
      .execute();
    expect(await release(extended.id)).toBe(false);
    expect(await stateOf(extended.id)).toBe('awaiting_payment');
    // Unpaid and past its deadline: released, with its timeline row.
    await k
      .updateTable('orders')
      .set({ pay_deadline: now - 1 })
      .where('id', '=', extended.id)
      .execute();
    expect(await release(extended.id)).toBe(true);
    expect(await stateOf(extended.id)).toBe('cancelled');
    expect(await eventsOf(extended.id)).toEqual([{ state: 'cancelled', note: '' }]);
  });
});
