import { randomUUID } from 'node:crypto';
import { readEnv } from '../../src/server/env.ts';
import { ecpayConfig } from '../../src/server/providers/ecpay/config.ts';
import { paidCardNotice } from '../../src/server/providers/ecpay/simulator/trades.ts';
import { call } from './http.ts';
import { newMembers, phoneOf, type ShopDb } from './shop-db.ts';
import { fillCarts, orderBody, pickItem, setStock, stockOf } from './shop-stock.ts';

/** A member's order awaiting card payment, placed through the API, and the member's token. */
export interface CardOrder {
  id: number;
  no: string;
  total: number;
  token: string;
}

/** Which variant the notice scenarios sell (counted from the newest; the order scenarios take 0 to 5). */
const NOTICE_ITEM = 6;

/** A new member orders one unit by card through POST /api/orders: an order awaiting payment. */
export async function placeCardOrder(shop: ShopDb, base: string): Promise<CardOrder> {
  const [member] = await newMembers(shop, 1, 'notice');
  const item = await pickItem(shop, NOTICE_ITEM);
  if ((await stockOf(shop, item)) < 1) await setStock(shop, item, 100);
  await fillCarts(shop, [member!.id], item);
  const a = await call(base, 'POST', '/orders', {
    token: member!.token,
    headers: { 'idempotency-key': randomUUID() },
    body: orderBody(await phoneOf(shop, member!.id)),
  });
  const no = a.json?.result?.no;
  if (a.status !== 201 || typeof no !== 'string')
    throw new Error(`placing a card order: ${a.status} ${a.text.slice(0, 120)}`);
  const row = await shop.db.kysely
    .selectFrom('orders')
    .select(['id', 'total'])
    .where('no', '=', no)
    .executeTakeFirstOrThrow();
  return { id: row.id, no, total: row.total, token: member!.token };
}

/** Starts a payment attempt through the API (POST /api/orders/{no}/payment) and returns its MerchantTradeNo. */
export async function startAttempt(base: string, order: CardOrder): Promise<string> {
  const a = await call(base, 'POST', `/orders/${order.no}/payment`, { token: order.token });
  const tradeNo = a.json?.result?.fields?.MerchantTradeNo;
  if (a.status !== 200 || typeof tradeNo !== 'string')
    throw new Error(`payment attempt for ${order.no}: ${a.status} ${a.text.slice(0, 120)}`);
  return tradeNo;
}

/** The merchant keys the suite's servers use (simulator mode: ECPay's stage merchant). */
const payment = () => ecpayConfig(readEnv({ NODE_ENV: 'production', ALLOW_SIMULATORS: '1' })).payment;

/** A paid ReturnURL notice for a trade, signed as ECPay signs it; `over` changes fields before signing. */
export function paidNotice(tradeNo: string, amount: number, over: Record<string, string> = {}): Record<string, string> {
  const at = Date.now();
  return paidCardNotice(
    payment(),
    { merchantTradeNo: tradeNo, tradeNo: `26${String(at).slice(-14)}`, amount, at },
    over,
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
