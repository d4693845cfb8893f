import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpressUnclearError, type LogisticsProvider } from '../../../src/server/providers/logistics/adapter.ts';
import { createShipment, shipmentTradeNo } from '../../../src/server/shipping/ship.ts';
import { logisticsProvider } from '../../../src/server/shipping/shipment-provider.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { createPaymentShop } from '../payment/payment-helpers.ts';
import { orderRow, shipmentRow, shippableOrder, simOrders } from './shipping-helpers.ts';

let shop: TestShop & { origin: string };
beforeAll(async () => {
  shop = await createPaymentShop();
});
afterAll(() => shop.close());

const formOf = async (no: string) => {
  const [sim] = await simOrders(shop, shipmentTradeNo(no));
  return JSON.parse(sim!.form) as Record<string, string>;
};

describe('creating the logistics order', () => {
  for (const subType of ['UNIMARTC2C', 'FAMIC2C', 'HILIFEC2C', 'OKMARTC2C'] as const) {
    for (const payment of ['pickup_pay', 'credit'] as const) {
      it(`${subType}, ${payment === 'pickup_pay' ? 'pay at pickup (IsCollection=Y)' : 'prepaid (IsCollection=N)'}`, async () => {
        const o = await shippableOrder(shop, { ship: subType, payment });
        const r = await createShipment(shop.deps, o.no);
        expect(r.created).toBe(true);
        const s = (await shipmentRow(shop, o.id))!;
        expect(s).toMatchObject({ state: 'created', sub_type: subType, status: 'created' });
        expect(s.merchant_trade_no).toBe(o.no.replace('-', ''));
        expect(s.logistics_id).toMatch(/^\d{10}$/);
        expect(s.cvs_payment_no).not.toBe('');
        expect(s.cvs_validation_no !== '').toBe(subType === 'UNIMARTC2C');
        const f = await formOf(o.no);
        expect(f).toMatchObject({ LogisticsType: 'CVS', LogisticsSubType: subType, GoodsAmount: String(o.total) });
        expect(f.IsCollection).toBe(payment === 'pickup_pay' ? 'Y' : 'N');
        if (payment === 'pickup_pay' || subType === 'UNIMARTC2C') expect(f.CollectionAmount).toBe(String(o.total));
        else expect(f.CollectionAmount).toBeUndefined();
        expect(f.ServerReplyURL).toBe(`${shop.origin}/api/shipments/ecpay/notify`);
        expect(f.SenderName).toBe('聲林音響');
        // A paid order goes to processing; pay at pickup was there already.
        expect((await orderRow(shop, o.id)).state).toBe('processing');
        const view = await shop.call('GET', `/api/orders/${o.no}`, { headers: { 'x-order-key': o.guestKey } });
        expect(view.json.result.shipment).toMatchObject({
          logistics_id: s.logistics_id,
          status: 'created',
          pickup_deadline: null,
          events: [{ status: 'created', at: shop.clock.now() }],
        });
        expect(view.json.result.shipment.store.id).toBe(f.ReceiverStoreID);
      });
    }
  }

  for (const carrier of ['TCAT', 'POST'] as const) {
    for (const payment of ['cod', 'credit'] as const) {
      it(`home delivery by ${carrier}, ${payment}`, async () => {
        shop.deps.env.ECPAY_HOME_CARRIER = carrier;
        try {
          const o = await shippableOrder(shop, { ship: 'home', payment });
          await createShipment(shop.deps, o.no);
          const s = (await shipmentRow(shop, o.id))!;
          expect(s).toMatchObject({ state: 'created', sub_type: carrier, cvs_payment_no: '' });
          expect(s.booking_note).toMatch(/^\d{12}$/);
          const f = await formOf(o.no);
          expect(f).toMatchObject({
            LogisticsType: 'HOME',
            LogisticsSubType: carrier,
            ReceiverZipCode: '100',
            ReceiverAddress: '臺北市中正區重慶南路一段 122 號',
            SenderZipCode: '106',
            Distance: '00',
            IsCollection: payment === 'cod' ? 'Y' : 'N',
          });
          const view = await shop.call('GET', `/api/orders/${o.no}`, { headers: { 'x-order-key': o.guestKey } });
          expect(view.json.result.shipment).toMatchObject({ shipping_code: s.booking_note, store: null });
        } finally {
          shop.deps.env.ECPAY_HOME_CARRIER = 'TCAT';
        }
      });
    }
  }

  it('a second create makes no second shipment', async () => {
    const o = await shippableOrder(shop, { ship: 'FAMIC2C', payment: 'pickup_pay' });
    const [a, b] = await Promise.all([createShipment(shop.deps, o.no), createShipment(shop.deps, o.no)]);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(await simOrders(shop, shipmentTradeNo(o.no))).toHaveLength(1);
    expect((await createShipment(shop.deps, o.no)).created).toBe(false);
    expect(await simOrders(shop, shipmentTradeNo(o.no))).toHaveLength(1);
  });

  it('after an unclear answer, looks the trade number up instead of creating again', async () => {
    const o = await shippableOrder(shop, { ship: 'UNIMARTC2C', payment: 'credit' });
    const real = logisticsProvider(shop.deps);
    const lost: LogisticsProvider = {
      ...real,
      async create(req) {
        await real.create(req);
        throw new ExpressUnclearError('the answer was lost');
      },
    };
    await expect(createShipment(shop.deps, o.no, lost)).rejects.toThrow(/did not answer clearly/);
    expect((await shipmentRow(shop, o.id))!.state).toBe('creating');
    expect((await orderRow(shop, o.id)).state).toBe('paid');
    const again = await createShipment(shop.deps, o.no);
    expect(again.created).toBe(true);
    const [sim] = await simOrders(shop, shipmentTradeNo(o.no));
    expect((await shipmentRow(shop, o.id))!).toMatchObject({ state: 'created', logistics_id: sim!.logistics_id });
    expect(await simOrders(shop, shipmentTradeNo(o.no))).toHaveLength(1);
  });

  it('refuses shop pickup, unpaid orders, and keeps a refusal of ECPay so that ship can be tried again', async () => {
    const unpaid = await shippableOrder(shop, { ship: 'FAMIC2C', payment: 'atm' });
    await shop.deps.db.kysely
      .updateTable('orders')
      .set({ state: 'awaiting_payment', paid_at: null })
      .where('id', '=', unpaid.id)
      .execute();
    await expect(createShipment(shop.deps, unpaid.no)).rejects.toThrow(/only paid/);
    const o = await shippableOrder(shop, { ship: 'FAMIC2C', payment: 'pickup_pay' });
    await shop.deps.db.kysely.updateTable('orders').set({ cvs_store_id: '999999' }).where('id', '=', o.id).execute();
    await expect(createShipment(shop.deps, o.no)).rejects.toThrow(/ReceiverStoreID/);
    expect((await shipmentRow(shop, o.id))!).toMatchObject({ state: 'failed' });
    expect(
      (await shop.call('GET', `/api/orders/${o.no}`, { headers: { 'x-order-key': o.guestKey } })).json.result.shipment,
    ).toBeNull();
    const store = await shop.deps.db.kysely
      .selectFrom('sim_cvs_stores')
      .select('store_id')
      .where('brand', '=', 'FAMI')
      .executeTakeFirstOrThrow();
    await shop.deps.db.kysely
      .updateTable('orders')
      .set({ cvs_store_id: store.store_id })
      .where('id', '=', o.id)
      .execute();
    expect((await createShipment(shop.deps, o.no)).created).toBe(true);
  });
});
