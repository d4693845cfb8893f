import { sign } from '../../../src/server/providers/ecpay/check-mac.ts';
import { ecpayConfig } from '../../../src/server/providers/ecpay/config.ts';
import { ecpayDateTime } from '../../../src/server/providers/ecpay/fields.ts';
import type { ExpressSubType } from '../../../src/server/providers/logistics/express.ts';
import { type FixtureOrder, placeFixtureOrder } from '../../helpers/order-fixture.ts';
import type { TestShop } from '../../helpers/test-app.ts';

export const NOTIFY = '/api/shipments/ecpay/notify';

type Payment = 'credit' | 'atm' | 'cod' | 'pickup_pay';

/**
 * An order ready to ship: by store pickup at a simulator store of `subType`'s chain, or by home
 * delivery ('home'). A prepaid order is marked paid; pay at pickup and cash on delivery stay in processing.
 */
export async function shippableOrder(
  shop: TestShop,
  opts: { ship: 'home' | ExpressSubType; payment: Payment; locale?: 'zh-TW' | 'en' },
): Promise<FixtureOrder> {
  const o = await placeFixtureOrder(shop, { payment: opts.payment, locale: opts.locale });
  const k = shop.deps.db.kysely;
  const now = shop.clock.now();
  if (opts.ship !== 'home') {
    const brand = opts.ship.replace(/C2C$/, '');
    const store = await k
      .selectFrom('sim_cvs_stores')
      .selectAll()
      .where('brand', '=', brand)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await k
      .updateTable('orders')
      .set({
        shipping_method: 'cvs',
        ship_zipcode: '',
        ship_city: '',
        ship_area: '',
        ship_addr: '',
        cvs_sub_type: opts.ship,
        cvs_store_id: store.store_id,
        cvs_store_name: store.name,
        cvs_store_address: store.address.replace('台', '臺'),
      })
      .where('id', '=', o.id)
      .execute();
  }
  if (opts.payment === 'credit' || opts.payment === 'atm') {
    await k
      .updateTable('orders')
      .set({ state: 'paid', paid_at: now, pay_deadline: null })
      .where('id', '=', o.id)
      .execute();
    await k.insertInto('order_events').values({ order_id: o.id, state: 'paid', note: '', at: now }).execute();
  }
  return o;
}

/** A status notice of ECPay's logistics for `tradeNo`, signed with the shop's logistics keys unless `key` is given. */
export function statusNotice(
  shop: TestShop,
  f: { tradeNo: string; logisticsId: string; subType: string; code: string; msg?: string },
  key?: { hashKey: string; hashIV: string },
): Record<string, string> {
  const account = ecpayConfig(shop.deps.env).logistics;
  return sign(
    {
      MerchantID: account.merchantId,
      MerchantTradeNo: f.tradeNo,
      RtnCode: f.code,
      RtnMsg: f.msg ?? '',
      AllPayLogisticsID: f.logisticsId,
      LogisticsType: f.subType === 'TCAT' || f.subType === 'POST' ? 'HOME' : 'CVS',
      LogisticsSubType: f.subType,
      GoodsAmount: '1000',
      UpdateStatusDate: ecpayDateTime(shop.clock.now()),
      ReceiverName: '陳大文',
      ReceiverPhone: '',
      ReceiverCellPhone: '0912345678',
      ReceiverEmail: '',
      ReceiverAddress: '',
      CVSPaymentNo: '',
      CVSValidationNo: '',
      BookingNote: '',
    },
    key ?? account,
    'md5',
  );
}

/** POSTs `fields` form-urlencoded to the shop, as ECPay does. */
export async function post(shop: TestShop, fields: Record<string, string>) {
  const res = await shop.app.request(NOTIFY, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, text: await res.text() };
}

export async function shipmentRow(shop: TestShop, orderId: number) {
  return shop.deps.db.kysely.selectFrom('shipments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export async function simOrders(shop: TestShop, tradeNo: string) {
  return shop.deps.db.kysely
    .selectFrom('sim_logistics_orders')
    .selectAll()
    .where('merchant_trade_no', '=', tradeNo)
    .execute();
}

export async function orderRow(shop: TestShop, id: number) {
  const k = shop.deps.db.kysely;
  const o = await k.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const events = await k.selectFrom('order_events').select('state').where('order_id', '=', id).orderBy('id').execute();
  return { ...o, events: events.map((e) => e.state) };
}

export async function textsTo(shop: TestShop, purpose: string) {
  return shop.deps.db.kysely.selectFrom('sms_outbox').select(['text']).where('purpose', '=', purpose).execute();
}

export async function stockOf(shop: TestShop, variantId: number) {
  const v = await shop.deps.db.kysely
    .selectFrom('variants')
    .select('stock')
    .where('id', '=', variantId)
    .executeTakeFirstOrThrow();
  return v.stock;
}
