import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelForShop, showForShop } from '../../../src/server/orders/order-admin.ts';
import { invoiceWorkSettled } from '../../../src/server/payment/invoicing.ts';
import { sign } from '../../../src/server/providers/ecpay/check-mac.ts';
import { ecpayConfig } from '../../../src/server/providers/ecpay/config.ts';
import { ExpressRefusal } from '../../../src/server/providers/logistics/express.ts';
import { advanceParcel } from '../../../src/server/providers/logistics/simulator-express.ts';
import { createShipment, shipmentTradeNo } from '../../../src/server/shipping/ship.ts';
import { logisticsProvider } from '../../../src/server/shipping/shipment-provider.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { expectFailure } from '../../helpers/wire-asserts.ts';
import { createPaymentShop } from '../payment/payment-helpers.ts';
import { orderRow, post, shipmentRow, shippableOrder, simOrders, statusNotice, stockOf } from './shipping-helpers.ts';

let shop: TestShop & { origin: string };
beforeAll(async () => {
  shop = await createPaymentShop();
});
afterAll(async () => {
  await invoiceWorkSettled();
  await shop.close();
});

async function booked(
  ship: Parameters<typeof shippableOrder>[1]['ship'],
  payment: Parameters<typeof shippableOrder>[1]['payment'],
) {
  const o = await shippableOrder(shop, { ship, payment });
  await createShipment(shop.deps, o.no);
  return o;
}

const cancelAsShopper = (o: { no: string; guestKey: string }, lang?: 'en') =>
  shop.call('POST', `/api/orders/${o.no}/cancel`, { headers: { 'x-order-key': o.guestKey }, lang });

describe('cancelling an order whose parcel is booked', () => {
  it('the shopper is refused (contact the shop, both locales), the order page offers no cancel, nothing moves', async () => {
    const o = await booked('home', 'cod');
    const before = await stockOf(shop, o.variantId);
    const zh = await cancelAsShopper(o);
    expectFailure(zh, 409, 'ORDER_CANCEL_ASK_SHOP');
    expect(zh.json.message).toContain('聯絡商店');
    const en = await cancelAsShopper(o, 'en');
    expectFailure(en, 409, 'ORDER_CANCEL_ASK_SHOP');
    expect(en.json.message).toContain('Contact the shop');
    const view = await shop.call('GET', `/api/orders/${o.no}`, { headers: { 'x-order-key': o.guestKey } });
    expect(view.json.result).toMatchObject({ state: 'processing', can_cancel: false, cancel_needs_shop: true });
    expect((await orderRow(shop, o.id)).state).toBe('processing');
    expect(await stockOf(shop, o.variantId)).toBe(before);
    // Before its parcel is booked, the same order could be cancelled by the shopper.
    const fresh = await shippableOrder(shop, { ship: 'home', payment: 'cod' });
    const open = await shop.call('GET', `/api/orders/${fresh.no}`, { headers: { 'x-order-key': fresh.guestKey } });
    expect(open.json.result).toMatchObject({ can_cancel: true, cancel_needs_shop: false });
  });

  it('the owner cancels a 7-ELEVEN C2C parcel at ECPay first, then the order (stock back once)', async () => {
    const o = await booked('UNIMARTC2C', 'credit');
    const before = await stockOf(shop, o.variantId);
    expect(await cancelForShop(shop.deps, o.no, 'changed mind')).toBe('cancelled');
    const [sim] = await simOrders(shop, shipmentTradeNo(o.no));
    expect(sim!.status).toBe('cancelled');
    const r = await orderRow(shop, o.id);
    expect(r.state).toBe('cancelled');
    // Paid and cancelled before it shipped: its refund is written with the cancel (issue 40), no flag.
    expect(Number(r.needs_refund)).toBe(0);
    const refund = await shop.deps.db.kysely
      .selectFrom('refunds')
      .select(['request_key', 'amount', 'method', 'state'])
      .where('order_id', '=', o.id)
      .execute();
    expect(refund).toEqual([{ request_key: `cancel:${o.id}`, amount: o.total, method: 'card', state: 'pending' }]);
    expect(await stockOf(shop, o.variantId)).toBe(before + o.quantity);
    expect((await shipmentRow(shop, o.id))!.state).toBe('cancelled');
    const view = await shop.call('GET', `/api/orders/${o.no}`, { headers: { 'x-order-key': o.guestKey } });
    expect(view.json.result).toMatchObject({ shipment: null, can_cancel: false, cancel_needs_shop: false });
    await expect(advanceParcel(shop.deps, shipmentTradeNo(o.no), 'shipped')).rejects.toThrow(/cancelled/);
    const walk = await shop.call('POST', '/api/dev/logistics/advance', { body: { order_no: o.no, to: 'shipped' } });
    expect(walk.status).toBe(409);
    await expect(cancelForShop(shop.deps, o.no, '')).rejects.toThrow(/is cancelled/);
  });

  it('ECPay (the simulator) refuses a cancel once the parcel is dropped off, for another chain, or badly signed', async () => {
    const o = await booked('UNIMARTC2C', 'pickup_pay');
    await advanceParcel(shop.deps, shipmentTradeNo(o.no), 'shipped');
    const s = (await shipmentRow(shop, o.id))!;
    const codes = { logisticsId: s.logistics_id, cvsPaymentNo: s.cvs_payment_no, cvsValidationNo: s.cvs_validation_no };
    const provider = logisticsProvider(shop.deps);
    await expect(provider.cancelC2c(codes)).rejects.toThrow(/已寄件/);
    await expect(cancelForShop(shop.deps, o.no, '')).rejects.toThrow(/is shipped/);
    expect((await orderRow(shop, o.id)).state).toBe('shipped');

    const fami = await booked('FAMIC2C', 'pickup_pay');
    const f = (await shipmentRow(shop, fami.id))!;
    await expect(
      provider.cancelC2c({ logisticsId: f.logistics_id, cvsPaymentNo: f.cvs_payment_no, cvsValidationNo: 'X' }),
    ).rejects.toBeInstanceOf(ExpressRefusal);

    const seven = await booked('UNIMARTC2C', 'pickup_pay');
    const t = (await shipmentRow(shop, seven.id))!;
    const account = ecpayConfig(shop.deps.env).logistics;
    const fields = {
      MerchantID: account.merchantId,
      AllPayLogisticsID: t.logistics_id,
      CVSPaymentNo: t.cvs_payment_no,
      CVSValidationNo: t.cvs_validation_no,
    };
    const send = async (form: Record<string, string>) => {
      const res = await shop.app.request('/api/sim/logistics/Express/CancelC2COrder', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
      return res.text();
    };
    const forged = sign(fields, { hashKey: 'AAAAAAAAAAAAAAAA', hashIV: 'BBBBBBBBBBBBBBBB' }, 'md5');
    expect(await send(forged)).toMatch(/^0\|10200073/);
    expect(await send(sign({ ...fields, CVSValidationNo: '0000' }, account, 'md5'))).toMatch(/^0\|/);
    expect(await send(sign(fields, account, 'md5'))).toBe('1|OK');
    expect(await send(sign(fields, account, 'md5'))).toMatch(/^0\|.*已取消/);
  });

  it('where ECPay has no cancel the owner is told why; --unsent cancels; a later pickup flags it, stock back once', async () => {
    const o = await booked('FAMIC2C', 'pickup_pay');
    const before = await stockOf(shop, o.variantId);
    await expect(cancelForShop(shop.deps, o.no, '')).rejects.toThrow(/ECPay has no cancel for it.*--unsent/s);
    expect((await orderRow(shop, o.id)).state).toBe('processing');
    expect(await cancelForShop(shop.deps, o.no, '', { unsent: true })).toBe('unsent');
    expect((await orderRow(shop, o.id)).state).toBe('cancelled');
    expect(await stockOf(shop, o.variantId)).toBe(before + o.quantity);

    // The parcel went out after all and the shopper paid at pickup.
    const walked = await shop.call('POST', '/api/dev/logistics/advance', { body: { order_no: o.no, to: 'picked_up' } });
    expect(walked.status, JSON.stringify(walked.json)).toBe(200);
    expect(walked.json.result.status).toBe('picked_up');
    const r = await orderRow(shop, o.id);
    expect(r.state).toBe('cancelled');
    expect(r.events.filter((e) => e === 'cancelled')).toHaveLength(1);
    expect(Number(r.needs_refund)).toBe(1);
    expect(r.paid_at).toBeNull();
    expect(await stockOf(shop, o.variantId)).toBe(before + o.quantity);
    const shown = await showForShop(shop.deps, o.no);
    expect(shown.needs_refund).toBe(true);
    expect(shown.shipment).toMatchObject({ status: 'picked_up' });
    expect(shown.held_notices.map((n) => n.outcome)).toEqual([
      'shipped-after-cancel',
      'arrived-after-cancel',
      'picked_up-after-cancel',
    ]);
  });

  it('home delivery, cash on delivery, kept unsent: a delivery notice anyway flags needs_refund, stock back once', async () => {
    const o = await booked('home', 'cod');
    const before = await stockOf(shop, o.variantId);
    await cancelForShop(shop.deps, o.no, '', { unsent: true });
    const s = (await shipmentRow(shop, o.id))!;
    const notice = statusNotice(shop, {
      tradeNo: s.merchant_trade_no,
      logisticsId: s.logistics_id,
      subType: s.sub_type,
      code: '5005',
    });
    expect(await post(shop, notice)).toEqual({ status: 200, text: '1|OK' });
    expect(await post(shop, notice)).toEqual({ status: 200, text: '1|OK' });
    const r = await orderRow(shop, o.id);
    expect(r.state).toBe('cancelled');
    expect(Number(r.needs_refund)).toBe(1);
    expect(await stockOf(shop, o.variantId)).toBe(before + o.quantity);
  });
});
