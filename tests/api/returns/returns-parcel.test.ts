import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../../../src/server/providers/ecpay/check-mac.ts';
import { ecpayConfig } from '../../../src/server/providers/ecpay/config.ts';
import { ecpayDateTime } from '../../../src/server/providers/ecpay/fields.ts';
import { advanceParcel } from '../../../src/server/providers/logistics/simulator-express.ts';
import { advanceReturnParcel } from '../../../src/server/providers/logistics/simulator-return.ts';
import { BOOKING_STALE_MS } from '../../../src/server/returns/return-parcel.ts';
import { createShipment, shipmentTradeNo } from '../../../src/server/shipping/ship.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { staffMember, type TestStaff } from '../admin/admin-helpers.ts';
import { createPaymentShop } from '../payment/payment-helpers.ts';
import { shipmentRow, shippableOrder } from '../shipping/shipping-helpers.ts';
import { askReturn, BANK, callerOf, type DeliveredOrder, deliveredOrder } from './returns-helpers.ts';

/**
 * The parcel back (issue 40, item 3): approving a return books ECPay's return order for the carrier
 * the order went out by, through the logistics simulator over HTTP; the return parcel's status
 * notices move the return to in_transit.
 */

let shop: TestShop & { origin: string };
let staff: TestStaff;
beforeAll(async () => {
  shop = await createPaymentShop();
  staff = await staffMember(shop, 'staff', '林小幫');
});
afterAll(() => shop.close());

const approve = (id: number, body?: unknown, lang?: string) =>
  shop.call('POST', `/api/admin/returns/${id}/approve`, { token: staff.token, body, lang });
const consoleView = async (id: number) =>
  (await shop.call('GET', `/api/admin/returns/${id}`, { token: staff.token })).json.result;
const shopperView = async (o: DeliveredOrder, lang?: string) =>
  (await shop.call('GET', `/api/orders/${o.no}/returns`, { ...callerOf(o), lang })).json.result.data[0];

/** A 7-ELEVEN order the shopper picked up (an ATM order: the refund goes to a bank account). */
async function pickedUpAtStore(): Promise<DeliveredOrder> {
  const o = await shippableOrder(shop, { ship: 'UNIMARTC2C', payment: 'atm' });
  await createShipment(shop.deps, o.no);
  await advanceParcel(shop.deps, shipmentTradeNo(o.no), 'picked_up');
  const k = shop.deps.db.kysely;
  const line = await k.selectFrom('order_lines').select('sku').where('order_id', '=', o.id).executeTakeFirstOrThrow();
  return { ...o, skus: [line.sku] };
}

async function requested(o: DeliveredOrder): Promise<number> {
  const asked = await askReturn(shop, o, { lines: [{ sku: o.skus[0], quantity: 1 }], bank: BANK });
  expect(asked.status).toBe(201);
  return asked.json.result.id;
}

/** The simulator's return orders booked on an outbound parcel. */
const simReturns = (logisticsId: string) =>
  shop.deps.db.kysely
    .selectFrom('sim_logistics_returns')
    .select(['rtn_merchant_trade_no', 'rtn_order_no', 'sub_type'])
    .where('logistics_id', '=', logisticsId)
    .execute();

const RETURN_NOTIFY = '/api/returns/ecpay/notify';
async function postNotice(fields: Record<string, string>) {
  const res = await fetch(`${shop.origin}${RETURN_NOTIFY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, text: await res.text() };
}

describe('the return parcel', () => {
  it('7-ELEVEN: approving books a store return by default; the shopper reads the code; handed over → in_transit', async () => {
    const o = await pickedUpAtStore();
    const outbound = (await shipmentRow(shop, o.id))!;
    const id = await requested(o);
    expect((await shopperView(o)).return_parcel).toBeNull();

    const approved = await approve(id);
    expect(approved.status).toBe(200);
    const booked = await simReturns(outbound.logistics_id);
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ sub_type: 'UNIMART' });
    const code = booked[0]!.rtn_order_no;
    expect(approved.json.result).toMatchObject({
      state: 'approved',
      return_method: 'parcel',
      return_parcel: { carrier: '7-ELEVEN 交貨便', code, status: 'created' },
    });
    const mine = await shopperView(o, 'en');
    expect(mine.return_parcel).toMatchObject({ carrier: '7-Eleven', code, status: 'created' });
    expect(mine.return_parcel.instructions).toContain(code);
    expect(mine.return_parcel.instructions).toContain('ibon');

    // A second approve books nothing more.
    expect((await approve(id)).status).toBe(409);
    expect(await simReturns(outbound.logistics_id)).toHaveLength(1);

    expect(await advanceReturnParcel(shop.deps, booked[0]!.rtn_merchant_trade_no, 'handed_over')).toEqual(['4001']);
    expect(await consoleView(id)).toMatchObject({
      state: 'in_transit',
      return_parcel: { status: 'handed_over', code },
    });
    // Later statuses keep the return where it is and the parcel moving.
    await advanceReturnParcel(shop.deps, booked[0]!.rtn_merchant_trade_no, 'returned');
    expect(await shopperView(o)).toMatchObject({ state: 'in_transit', return_parcel: { status: 'returned' } });
  });

  it('home delivery: a T-CAT return is booked on the outbound parcel; its first notice names it and moves the return', async () => {
    const o = await deliveredOrder(shop, { payment: 'cod' });
    const outbound = (await shipmentRow(shop, o.id))!;
    expect(outbound.sub_type).toBe('TCAT');
    const id = await requested(o);
    const approved = await approve(id, { method: 'parcel' });
    expect(approved.json.result).toMatchObject({
      state: 'approved',
      return_parcel: { carrier: '黑貓宅急便', status: 'created' },
    });
    expect(approved.json.result.return_parcel.instructions).toContain('司機');
    const booked = await simReturns(outbound.logistics_id);
    expect(booked).toHaveLength(1);
    await advanceReturnParcel(shop.deps, booked[0]!.rtn_merchant_trade_no, 'handed_over');
    expect(await shopperView(o)).toMatchObject({ state: 'in_transit', return_parcel: { status: 'handed_over' } });
  });

  it('a forged or unknown notice is refused and moves nothing', async () => {
    const o = await pickedUpAtStore();
    const id = await requested(o);
    await approve(id);
    const outbound = (await shipmentRow(shop, o.id))!;
    const [booked] = await simReturns(outbound.logistics_id);
    const account = ecpayConfig(shop.deps.env).logistics;
    const fields = {
      MerchantID: account.merchantId,
      RtnMerchantTradeNo: booked!.rtn_merchant_trade_no,
      RtnCode: '4001',
      RtnMsg: '買家已到門市寄件',
      AllPayLogisticsID: outbound.logistics_id,
      GoodsAmount: '1',
      UpdateStatusDate: ecpayDateTime(shop.clock.now()),
      BookingNote: '',
    };
    const forged = sign(fields, { hashKey: 'XXXXXXXXXXXXXXXX', hashIV: 'YYYYYYYYYYYYYYYY' }, 'md5');
    expect(await postNotice(forged)).toEqual({ status: 400, text: '0|signature' });
    const tampered = { ...sign({ ...fields, RtnCode: '325' }, account, 'md5'), RtnCode: '4001' };
    expect(await postNotice(tampered)).toEqual({ status: 400, text: '0|signature' });
    const unknown = sign({ ...fields, RtnMerchantTradeNo: '999999999', AllPayLogisticsID: '1' }, account, 'md5');
    expect(await postNotice(unknown)).toEqual({ status: 400, text: '0|unknown-return' });
    expect(await consoleView(id)).toMatchObject({ state: 'approved', return_parcel: { status: 'created' } });
    // The genuine one, twice: moved once, answered 1|OK both times.
    const genuine = sign(fields, account, 'md5');
    expect(await postNotice(genuine)).toEqual({ status: 200, text: '1|OK' });
    expect(await postNotice(genuine)).toEqual({ status: 200, text: '1|OK' });
    const events = await shop.deps.db.kysely
      .selectFrom('return_events')
      .select('state')
      .where('return_id', '=', id)
      .execute();
    expect(events.map((e) => e.state)).toEqual(['requested', 'approved', 'in_transit']);
  });

  it('a refused booking leaves the return approved with the reason; approving again books it once', async () => {
    const o = await pickedUpAtStore();
    const id = await requested(o);
    const k = shop.deps.db.kysely;
    const outbound = (await shipmentRow(shop, o.id))!;
    // ECPay knows no such outbound parcel: it refuses the return order.
    await k.updateTable('shipments').set({ logistics_id: '1' }).where('id', '=', outbound.id).execute();
    const refused = await approve(id, undefined, 'en');
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain('approved, but its return parcel was not booked');
    expect(refused.json.message).toContain('AllPayLogisticsID');
    const failed = await consoleView(id);
    expect(failed).toMatchObject({
      state: 'approved',
      return_method: 'parcel',
      return_parcel: { status: 'failed', code: '' },
    });
    expect(failed.return_parcel.error).toContain('AllPayLogisticsID');
    expect(await simReturns('1')).toHaveLength(0);

    await k
      .updateTable('shipments')
      .set({ logistics_id: outbound.logistics_id })
      .where('id', '=', outbound.id)
      .execute();
    // Two clicks at once: whichever finds the parcel booked or being booked books nothing.
    const answers = await Promise.all([approve(id), approve(id)]);
    expect(answers.map((a) => a.status)).toContain(200);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(await simReturns(outbound.logistics_id)).toHaveLength(1);
    const view = await consoleView(id);
    expect(view).toMatchObject({ state: 'approved', return_parcel: { status: 'created' } });
    expect(view.return_parcel.error).toBeUndefined();
  });

  it('a booking left unfinished (the server stopped mid-call) is taken up again once it is stale', async () => {
    const o = await pickedUpAtStore();
    const id = await requested(o);
    const k = shop.deps.db.kysely;
    const outbound = (await shipmentRow(shop, o.id))!;
    await approve(id, { method: 'shop' });
    // As a server that claimed the booking and stopped would have left it.
    await k
      .updateTable('returns')
      .set({ return_method: 'parcel', parcel_status: 'booking', updated_at: shop.clock.now() })
      .where('id', '=', id)
      .execute();
    expect((await approve(id)).json.result.return_parcel).toMatchObject({ status: 'booking' });
    expect(await simReturns(outbound.logistics_id)).toHaveLength(0);
    shop.clock.advance(BOOKING_STALE_MS + 1);
    expect((await approve(id)).json.result.return_parcel).toMatchObject({ status: 'created' });
    expect(await simReturns(outbound.logistics_id)).toHaveLength(1);
  });

  it('"shopper" and "shop" book no parcel', async () => {
    const o = await pickedUpAtStore();
    const id = await requested(o);
    const outbound = (await shipmentRow(shop, o.id))!;
    const done = await approve(id, { method: 'shop' });
    expect(done.json.result).toMatchObject({ state: 'approved', return_method: 'shop', return_parcel: null });
    expect(await simReturns(outbound.logistics_id)).toHaveLength(0);
  });
});
