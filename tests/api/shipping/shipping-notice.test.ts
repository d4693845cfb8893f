import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDue } from '../../../src/server/notify/sender.ts';
import { showForShop } from '../../../src/server/orders/order-admin.ts';
import { invoiceWorkSettled } from '../../../src/server/payment/invoicing.ts';
import { advanceParcel } from '../../../src/server/providers/logistics/simulator-express.ts';
import { createShipment, shipmentTradeNo } from '../../../src/server/shipping/ship.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { createPaymentShop } from '../payment/payment-helpers.ts';
import { orderRow, post, shipmentRow, shippableOrder, statusNotice, stockOf, textsTo } from './shipping-helpers.ts';

let shop: TestShop & { origin: string };
beforeAll(async () => {
  shop = await createPaymentShop();
});
afterAll(() => shop.close());

const DAY = 86_400_000;

async function shipped(
  ship: Parameters<typeof shippableOrder>[1]['ship'],
  payment: Parameters<typeof shippableOrder>[1]['payment'],
) {
  const o = await shippableOrder(shop, { ship, payment });
  await createShipment(shop.deps, o.no);
  const s = (await shipmentRow(shop, o.id))!;
  const notice = (code: string) =>
    statusNotice(shop, { tradeNo: s.merchant_trade_no, logisticsId: s.logistics_id, subType: s.sub_type, code });
  return { o, s, notice };
}

const invoicesOf = (no: string) =>
  shop.deps.db.kysely.selectFrom('sim_invoices').select('invoice_no').where('relate_number', '=', no).execute();

describe('status notices', () => {
  it('7-ELEVEN pay at pickup: shipped, arrived (deadline, one text), picked up → paid, completed, invoiced once; replays change nothing', async () => {
    const { o, s, notice } = await shipped('UNIMARTC2C', 'pickup_pay');
    const shippedNotice = notice('2030');
    expect(await post(shop, shippedNotice)).toEqual({ status: 200, text: '1|OK' });
    expect((await orderRow(shop, o.id)).state).toBe('shipped');
    expect(await post(shop, shippedNotice)).toEqual({ status: 200, text: '1|OK' });
    expect((await orderRow(shop, o.id)).events).toEqual(['processing', 'shipped']);

    const arrived = notice('2063');
    expect((await post(shop, arrived)).text).toBe('1|OK');
    expect((await post(shop, arrived)).text).toBe('1|OK');
    const afterArrival = (await shipmentRow(shop, o.id))!;
    expect(afterArrival.status).toBe('arrived');
    expect(Number(afterArrival.pickup_deadline)).toBe(shop.clock.now() - (shop.clock.now() % 1000) + 7 * DAY);
    const texts = (await textsTo(shop, 'parcel_arrived')).filter((t) => t.text.includes(o.no));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toContain(s.sub_type === 'UNIMARTC2C' ? '已送達' : '');

    expect(await post(shop, notice('2067'))).toEqual({ status: 200, text: '1|OK' });
    expect(await post(shop, notice('2067'))).toEqual({ status: 200, text: '1|OK' });
    await invoiceWorkSettled();
    const done = await orderRow(shop, o.id);
    expect(done.state).toBe('completed');
    expect(done.events).toEqual(['processing', 'shipped', 'picked_up', 'completed']);
    expect(done.paid_at).not.toBeNull();
    expect(done.invoice_no).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(await invoicesOf(o.no)).toHaveLength(1);
    const view = await shop.call('GET', `/api/orders/${o.no}`, { headers: { 'x-order-key': o.guestKey } });
    expect(view.json.result.shipment).toMatchObject({ status: 'picked_up', status_text: '已取件' });
    expect(view.json.result.shipment.events.map((e: { status: string }) => e.status)).toEqual([
      'created',
      'shipped',
      'arrived',
      'picked_up',
    ]);
    // A late notice of an earlier status changes nothing.
    expect((await post(shop, notice('2030'))).text).toBe('1|OK');
    expect((await orderRow(shop, o.id)).state).toBe('completed');
  });

  it('a status that cannot follow the current one is held for the owner, not shown as the latest event', async () => {
    const { o, notice } = await shipped('UNIMARTC2C', 'credit');
    await advanceParcel(shop.deps, shipmentTradeNo(o.no), 'picked_up');
    // Signed and answered 1|OK (it is kept), but a parcel picked up is not left unclaimed afterwards.
    expect(await post(shop, notice('2074'))).toEqual({ status: 200, text: '1|OK' });
    expect(await post(shop, notice('2074'))).toEqual({ status: 200, text: '1|OK' });
    await invoiceWorkSettled();
    const r = await orderRow(shop, o.id);
    expect(r.state).toBe('completed');
    expect(Number(r.needs_refund)).toBe(0);
    const view = await shop.call('GET', `/api/orders/${o.no}`, { headers: { 'x-order-key': o.guestKey } });
    expect(view.json.result.shipment.status).toBe('picked_up');
    expect(view.json.result.shipment.events.map((e: { status: string }) => e.status)).toEqual([
      'created',
      'shipped',
      'arrived',
      'picked_up',
    ]);
    const held = (await showForShop(shop.deps, o.no)).held_notices;
    expect(held.map((n) => [n.outcome, n.rtn_code])).toEqual([
      ['held', '2074'],
      ['held', '2074'],
    ]);
  });

  it('an earlier step reported late joins the history below the current status', async () => {
    const { o, notice } = await shipped('FAMIC2C', 'pickup_pay');
    expect((await post(shop, notice('3024'))).text).toBe('1|OK');
    expect((await post(shop, notice('3022'))).text).toBe('1|OK');
    expect((await post(shop, notice('3018'))).text).toBe('1|OK');
    await invoiceWorkSettled();
    const view = await shop.call('GET', `/api/orders/${o.no}`, { headers: { 'x-order-key': o.guestKey } });
    expect(view.json.result.shipment.events.map((e: { status: string }) => e.status)).toEqual([
      'created',
      'shipped',
      'arrived',
      'picked_up',
    ]);
    expect((await showForShop(shop.deps, o.no)).held_notices).toEqual([]);
  });

  it('the simulator walks FamilyMart to the store and the shopper picks it up', async () => {
    const { o } = await shipped('FAMIC2C', 'pickup_pay');
    expect(await advanceParcel(shop.deps, shipmentTradeNo(o.no), 'arrived')).toEqual(['3024', '3018']);
    expect((await orderRow(shop, o.id)).state).toBe('shipped');
    expect(await advanceParcel(shop.deps, shipmentTradeNo(o.no), 'picked_up')).toEqual(['3022']);
    await invoiceWorkSettled();
    const done = await orderRow(shop, o.id);
    expect(done.state).toBe('completed');
    expect(await invoicesOf(o.no)).toHaveLength(1);
  });

  it('unclaimed: cancelled, stock back once; a prepaid order is flagged for a refund', async () => {
    for (const payment of ['pickup_pay', 'credit'] as const) {
      const { o, notice } = await shipped('OKMARTC2C', payment);
      const before = await stockOf(shop, o.variantId);
      await advanceParcel(shop.deps, shipmentTradeNo(o.no), 'arrived');
      expect((await post(shop, notice('3020'))).text).toBe('1|OK');
      expect((await post(shop, notice('3020'))).text).toBe('1|OK');
      const r = await orderRow(shop, o.id);
      expect(r.state).toBe('cancelled');
      expect(r.events.filter((e) => e === 'cancelled')).toHaveLength(1);
      expect(await stockOf(shop, o.variantId)).toBe(before + o.quantity);
      expect(Number(r.needs_refund)).toBe(payment === 'credit' ? 1 : 0);
      expect((await shipmentRow(shop, o.id))!.status).toBe('unclaimed');
    }
  });

  it('home delivery: the parcel leaves (one text with the booking note), then delivered → completed, cash collected', async () => {
    const { o, s } = await shipped('home', 'cod');
    await advanceParcel(shop.deps, shipmentTradeNo(o.no), 'shipped');
    await advanceParcel(shop.deps, shipmentTradeNo(o.no), 'shipped');
    const texts = (await textsTo(shop, 'shipped')).filter((t) => t.text.includes(o.no));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toContain(s.booking_note);
    await advanceParcel(shop.deps, shipmentTradeNo(o.no), 'delivered');
    await invoiceWorkSettled();
    const r = await orderRow(shop, o.id);
    expect(r.events).toEqual(['processing', 'shipped', 'delivered', 'completed']);
    expect(r.paid_at).not.toBeNull();
    expect(await invoicesOf(o.no)).toHaveLength(1);
  });

  it('a forged or unknown notice changes nothing and is kept', async () => {
    const { o, s, notice } = await shipped('HILIFEC2C', 'pickup_pay');
    const forged: Record<string, string> = { ...notice('3022') };
    // Another last hex digit, whatever it was.
    forged.CheckMacValue = forged.CheckMacValue!.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect(await post(shop, forged)).toEqual({ status: 400, text: '0|signature' });
    const wrongKey = statusNotice(
      shop,
      { tradeNo: s.merchant_trade_no, logisticsId: s.logistics_id, subType: s.sub_type, code: '3022' },
      { hashKey: 'AAAAAAAAAAAAAAAA', hashIV: 'BBBBBBBBBBBBBBBB' },
    );
    expect((await post(shop, wrongKey)).status).toBe(400);
    const unknown = statusNotice(shop, {
      tradeNo: 'NOSUCHTRADE1',
      logisticsId: '1234567890',
      subType: 'HILIFEC2C',
      code: '3022',
    });
    expect(await post(shop, unknown)).toEqual({ status: 400, text: '0|unknown-shipment' });
    const otherId = statusNotice(shop, {
      tradeNo: s.merchant_trade_no,
      logisticsId: '1',
      subType: 'HILIFEC2C',
      code: '3022',
    });
    expect((await post(shop, otherId)).status).toBe(400);
    const notForm = await shop.app.request('/api/shipments/ecpay/notify', { method: 'POST', body: '{}' });
    expect(notForm.status).toBe(400);
    expect((await orderRow(shop, o.id)).state).toBe('processing');
    expect((await shipmentRow(shop, o.id))!.status).toBe('created');
    const kept = await shop.deps.db.kysely
      .selectFrom('shipment_notices')
      .select(['verified', 'outcome'])
      .where('merchant_trade_no', 'in', [s.merchant_trade_no, 'NOSUCHTRADE1'])
      .orderBy('id')
      .execute();
    expect(kept.map((k) => [Number(k.verified), k.outcome])).toEqual([
      [0, 'signature'],
      [0, 'signature'],
      [1, 'unknown-shipment'],
      [1, 'unknown-shipment'],
    ]);
  });

  it('a code that moves nothing is kept and answered 1|OK', async () => {
    const { o, notice } = await shipped('FAMIC2C', 'pickup_pay');
    expect(await post(shop, notice('7006'))).toEqual({ status: 200, text: '1|OK' });
    expect((await orderRow(shop, o.id)).state).toBe('processing');
  });
});

describe('the shopper mail of a parcel at the store', () => {
  it('mails order-at-store once, with the store and the last day, however often the notice comes', async () => {
    const { o, notice } = await shipped('FAMIC2C', 'pickup_pay');
    expect((await post(shop, notice('3018'))).text).toBe('1|OK');
    expect((await post(shop, notice('3018'))).text).toBe('1|OK');
    await sendDue(shop.deps);
    expect((await post(shop, notice('3018'))).text).toBe('1|OK');
    await sendDue(shop.deps);
    const mails = await shop.deps.db.kysely
      .selectFrom('email_outbox')
      .select(['text', 'html'])
      .where('purpose', '=', 'order-at-store')
      .where('text', 'like', `%${o.no}%`)
      .execute();
    expect(mails).toHaveLength(1);
    const row = await orderRow(shop, o.id);
    const store = (
      await shop.deps.db.kysely
        .selectFrom('orders')
        .select('cvs_store_name')
        .where('id', '=', o.id)
        .executeTakeFirstOrThrow()
    ).cvs_store_name;
    expect(mails[0]!.text).toContain(store);
    expect(mails[0]!.text).toContain('前取件');
    expect(mails[0]!.text).toContain(`NT$${row.total.toLocaleString('en-US')}`);
  });
});

describe('POST /api/dev/logistics/advance', () => {
  it('walks the parcel and answers the shipment; refused in production', async () => {
    const { o } = await shipped('UNIMARTC2C', 'pickup_pay');
    const r = await shop.call('POST', '/api/dev/logistics/advance', { body: { order_no: o.no, to: 'arrived' } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(Object.keys(r.json.result).sort()).toEqual([
      'carrier',
      'events',
      'logistics_id',
      'pickup_deadline',
      'shipping_code',
      'status',
      'status_text',
      'store',
    ]);
    expect(r.json.result).toMatchObject({ status: 'arrived', status_text: '已送達取件門市' });
    expect(r.json.result.pickup_deadline).toBeGreaterThan(shop.clock.now());
    const en = await shop.call('POST', '/api/dev/logistics/advance', {
      body: { order_no: o.no, to: 'picked_up' },
      lang: 'en',
    });
    expect(en.json.result).toMatchObject({ status: 'picked_up', status_text: 'Picked up', carrier: '7-Eleven' });
    const back = await shop.call('POST', '/api/dev/logistics/advance', { body: { order_no: o.no, to: 'unclaimed' } });
    expect(back.status).toBe(409);
    const none = await shop.call('POST', '/api/dev/logistics/advance', { body: { order_no: 'X', to: 'shipped' } });
    expect(none.status).toBe(404);
    const bad = await shop.call('POST', '/api/dev/logistics/advance', { body: { order_no: o.no, to: 'lost' } });
    expect(bad.status).toBe(400);
    shop.deps.env.NODE_ENV = 'production';
    try {
      const refused = await shop.call('POST', '/api/dev/logistics/advance', {
        body: { order_no: o.no, to: 'shipped' },
      });
      expect(refused.status).toBe(403);
    } finally {
      shop.deps.env.NODE_ENV = 'test';
    }
    await invoiceWorkSettled();
  });
});
