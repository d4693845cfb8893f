import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeFixtureOrder } from '../../helpers/order-fixture.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { createPaymentShop } from '../payment/payment-helpers.ts';
import { callerOf, DAY, deliveredOrder } from './returns-helpers.ts';

let shop: TestShop & { origin: string };
beforeAll(async () => {
  shop = await createPaymentShop();
});
afterAll(() => shop.close());

describe('GET /api/orders/{no}/returns: the return period the order page states', () => {
  it('a delivered order: its length and its end, counted from the delivery its parcel reported', async () => {
    const o = await deliveredOrder(shop, { payment: 'credit', member: true });
    const delivered = await shop.deps.db.kysely
      .selectFrom('shipment_events as e')
      .innerJoin('shipments as s', 's.id', 'e.shipment_id')
      .select('e.at')
      .where('s.order_id', '=', o.id)
      .where('e.status', '=', 'delivered')
      .executeTakeFirstOrThrow();
    const list = await shop.call('GET', `/api/orders/${o.no}/returns`, callerOf(o));
    expect(list.status).toBe(200);
    expect(list.json.result).toEqual({ data: [], window: { days: 7, until: Number(delivered.at) + 7 * DAY } });
    shop.deps.env.RETURN_WINDOW_DAYS = 10;
    try {
      const longer = await shop.call('GET', `/api/orders/${o.no}/returns`, callerOf(o));
      expect(longer.json.result.window).toEqual({ days: 10, until: Number(delivered.at) + 10 * DAY });
    } finally {
      shop.deps.env.RETURN_WINDOW_DAYS = undefined;
    }
  });

  it('an order not delivered yet: no end', async () => {
    const o = await placeFixtureOrder(shop, { payment: 'cod' });
    const list = await shop.call('GET', `/api/orders/${o.no}/returns`, { headers: { 'x-order-key': o.guestKey } });
    expect(list.status).toBe(200);
    expect(list.json.result.window).toEqual({ days: 7, until: null });
  });
});
