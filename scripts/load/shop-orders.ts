import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { readEnv } from '../../src/server/env.ts';
import { sign } from '../../src/server/providers/ecpay/check-mac.ts';
import { ecpayConfig } from '../../src/server/providers/ecpay/config.ts';
import { ecpayDateTime } from '../../src/server/providers/ecpay/fields.ts';
import { sha256 } from '../../src/server/services/tokens.ts';
import { call } from './http.ts';
import type { ShopDb } from './shop-db.ts';

/** A guest's order awaiting card payment, and its key (the X-Order-Key header). */
export interface GuestOrder {
  id: number;
  no: string;
  total: number;
  guestKey: string;
}

/**
 * A guest order as POST /api/orders leaves it (one line, its stock taken, awaiting card payment),
 * written in one transaction: the notice scenarios start from an order, not from a checkout.
 */
export async function placeGuestOrder(shop: ShopDb): Promise<GuestOrder> {
  return shop.db.kysely.transaction().execute(async (k) => {
    const now = Date.now();
    const v = await k
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .innerJoin('brands as b', 'b.id', 'p.brand_id')
      .select(['v.id', 'v.sku', 'v.price', 'v.product_id', 'p.slug', 'b.slug as brand_slug', 'p.name_zh', 'p.name_en'])
      .where('v.stock', '>', 0)
      .orderBy('v.id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await k.updateTable('variants').set({ stock: sql`stock - 1` }).where('id', '=', v.id).execute();
    await k.updateTable('products').set({ stock: sql`stock - 1` }).where('id', '=', v.product_id).execute();
    const fee = 100;
    const guestKey = randomBytes(16).toString('base64url');
    const no = `L${randomBytes(6).toString('hex').toUpperCase()}`;
    const order = await k
      .insertInto('orders')
      .values({
        no,
        member_id: null,
        guest_key_hash: sha256(guestKey),
        state: 'awaiting_payment',
        shipping_method: 'home',
        payment_method: 'credit',
        subtotal: v.price,
        shipping_fee: fee,
        total: v.price + fee,
        receiver_name: '陳大文',
        receiver_phone: '0912345678',
        receiver_email: 'buyer@example.tw',
        ship_zipcode: '100',
        ship_city: '臺北市',
        ship_area: '中正區',
        ship_addr: '重慶南路一段 122 號',
        invoice_type: 'member',
        invoice_carrier: '',
        invoice_donation_code: '',
        invoice_tax_id: '',
        invoice_title: '',
        pay_deadline: now + 3 * 86_400_000,
        locale: 'zh-TW',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k
      .insertInto('order_lines')
      .values({
        order_id: order.id,
        variant_id: v.id,
        sku: v.sku,
        product_slug: v.slug,
        brand_slug: v.brand_slug,
        name_zh: v.name_zh,
        name_en: v.name_en,
        unit_price: v.price,
        quantity: 1,
        line_total: v.price,
      })
      .execute();
    await k
      .insertInto('order_events')
      .values({ order_id: order.id, state: 'awaiting_payment', note: '', at: now })
      .execute();
    return { id: order.id, no, total: v.price + fee, guestKey };
  });
}

/** Starts a payment attempt through the API (POST /api/orders/{no}/payment) and returns its MerchantTradeNo. */
export async function startAttempt(base: string, order: GuestOrder): Promise<string> {
  const a = await call(base, 'POST', `/orders/${order.no}/payment`, { headers: { 'x-order-key': order.guestKey } });
  const tradeNo = a.json?.result?.fields?.MerchantTradeNo;
  if (a.status !== 200 || typeof tradeNo !== 'string')
    throw new Error(`payment attempt for ${order.no}: ${a.status} ${a.text.slice(0, 120)}`);
  return tradeNo;
}

/** The merchant keys the suite's servers use (simulator mode: ECPay's stage merchant). */
const payment = () => ecpayConfig(readEnv({ NODE_ENV: 'production', ALLOW_SIMULATORS: '1' })).payment;

/** A paid ReturnURL notice for a trade, signed as ECPay signs it; `over` changes fields before signing. */
export function paidNotice(tradeNo: string, amount: number, over: Record<string, string> = {}): Record<string, string> {
  const at = ecpayDateTime(Date.now());
  return sign(
    {
      MerchantID: payment().merchantId,
      MerchantTradeNo: tradeNo,
      StoreID: '',
      RtnCode: '1',
      RtnMsg: '交易成功',
      TradeNo: `26${String(Date.now()).slice(-14)}`,
      TradeAmt: String(amount),
      PaymentType: 'Credit_CreditCard',
      TradeDate: at,
      PaymentDate: at,
      PaymentTypeChargeFee: '10',
      SimulatePaid: '0',
      CustomField1: '',
      CustomField2: '',
      CustomField3: '',
      CustomField4: '',
      ...over,
    },
    payment(),
    'sha256',
  );
}

/** POSTs a notice form to the ReturnURL, as ECPay does. */
export function postNotice(base: string, form: Record<string, string>) {
  return call(base, 'POST', '/payments/ecpay/notify', {
    raw: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** The order's state and how many times its timeline says it became paid. */
export async function paidState(shop: ShopDb, orderId: number): Promise<{ state: string; paidEvents: number }> {
  const k = shop.db.kysely;
  const o = await k.selectFrom('orders').select('state').where('id', '=', orderId).executeTakeFirstOrThrow();
  const e = await k
    .selectFrom('order_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', '=', orderId)
    .where('state', '=', 'paid')
    .executeTakeFirst();
  return { state: o.state, paidEvents: Number(e?.n ?? 0) };
}
