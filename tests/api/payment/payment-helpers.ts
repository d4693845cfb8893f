import { sign } from '../../../src/server/providers/ecpay/check-mac.ts';
import { ecpayConfig } from '../../../src/server/providers/ecpay/config.ts';
import { ecpayDateTime } from '../../../src/server/providers/ecpay/fields.ts';
import { paidCardNotice } from '../../../src/server/providers/ecpay/simulator/trades.ts';
import { createTestShop, listening, type TestShop } from '../../helpers/test-app.ts';

export const NOTIFY = '/api/payments/ecpay/notify';
export const INFO = '/api/payments/ecpay/info';
export const RETURN = '/api/payments/ecpay/return';

/**
 * A seeded shop also listening on a loopback port, with SITE_URL pointing at it: the e-invoice
 * adapter and the cashier simulator reach the shop over real HTTP, as they do in production.
 */
export async function createPaymentShop(opts: { promotions?: boolean } = {}): Promise<TestShop & { origin: string }> {
  return listening(await createTestShop({ seeded: true, promotions: opts.promotions }), { siteUrl: true });
}

/** POSTs `fields` form-urlencoded, as ECPay does. */
export async function postForm(shop: TestShop, path: string, fields: Record<string, string>) {
  const res = await shop.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, text: await res.text(), location: res.headers.get('location') };
}

/** Asks for a new attempt of a guest's order: the cashier form. */
export async function startAttempt(shop: TestShop, no: string, guestKey: string, lang = 'zh-TW') {
  return shop.call('POST', `/api/orders/${no}/payment`, { lang, headers: { 'x-order-key': guestKey } });
}

/** A signed ReturnURL notice for `merchantTradeNo`, as ECPay sends it; `over` changes fields before signing. */
export function paidNotice(
  shop: TestShop,
  merchantTradeNo: string,
  amount: number,
  over: Record<string, string> = {},
): Record<string, string> {
  return paidCardNotice(
    ecpayConfig(shop.deps.env).payment,
    { merchantTradeNo, tradeNo: '2611211200001234', amount, at: shop.clock.now() },
    over,
  );
}

/** A signed PaymentInfoURL notice: an ATM account issued until `expireDate` (yyyy/MM/dd). */
export function atmInfo(shop: TestShop, merchantTradeNo: string, amount: number, expireDate: string) {
  return sign(
    {
      MerchantID: ecpayConfig(shop.deps.env).payment.merchantId,
      MerchantTradeNo: merchantTradeNo,
      StoreID: '',
      RtnCode: '2',
      RtnMsg: 'Get VirtualAccount Succeeded',
      TradeNo: '2611211200005678',
      TradeAmt: String(amount),
      PaymentType: 'ATM_TAISHIN',
      TradeDate: ecpayDateTime(shop.clock.now()),
      BankCode: '812',
      vAccount: '9103522175887271',
      ExpireDate: expireDate,
      CustomField1: '',
      CustomField2: '',
      CustomField3: '',
      CustomField4: '',
    },
    ecpayConfig(shop.deps.env).payment,
    'sha256',
  );
}

/** The order's state, paid time, refund flag and timeline states. */
export async function orderFacts(shop: TestShop, id: number) {
  const k = shop.deps.db.kysely;
  const o = await k.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const events = await k.selectFrom('order_events').select('state').where('order_id', '=', id).orderBy('id').execute();
  return { ...o, needs_refund: Number(o.needs_refund), events: events.map((e) => e.state) };
}

export async function noticesOf(shop: TestShop, merchantTradeNo: string) {
  const rows = await shop.deps.db.kysely
    .selectFrom('payment_notices')
    .select(['kind', 'verified', 'outcome'])
    .where('merchant_trade_no', '=', merchantTradeNo)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, verified: Number(r.verified) }));
}
