import { randomUUID } from 'node:crypto';
import { createStaffSession } from '../../src/server/admin/staff-sessions.ts';
import { CARDS } from '../../src/server/providers/ecpay/simulator/trades.ts';
import { call, freshIp } from './http.ts';
import { depsOf, newMembers, phoneOf, type ShopDb } from './shop-db.ts';
import { fillCarts, type Item, orderBody } from './shop-stock.ts';

/** A card order's return, received in the shop: its refund is written and waits for the owner. */
export interface ReceivedReturn {
  orderId: number;
  no: string;
  returnId: number;
  refundId: number;
  merchantTradeNo: string;
}

const DAY_MS = 86_400_000;
/** How long an order's invoice may take to be issued in the background after its payment. */
const INVOICE_WAIT_MS = 20_000;

let ownerSeq = 0;

/** An owner of the console, signed in directly (as the suite's members are): its bearer token. */
export async function ownerToken(shop: ShopDb): Promise<string> {
  const now = Date.now();
  const row = await shop.db.kysely
    .insertInto('staff')
    .values({
      email: `owner-load-${now}-${++ownerSeq}@example.tw`,
      name: `店主 ${ownerSeq}`,
      role: 'owner',
      status: 'active',
      password_hash: null,
      totp_secret: null,
      totp_last_step: null,
      setup_token_hash: null,
      setup_expires_at: null,
      created_at: now,
      last_login_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await createStaffSession(depsOf(shop), row.id)).token;
}

const must = (what: string, a: { status: number; text: string }, ok = [200, 201]) => {
  if (!ok.includes(a.status)) throw new Error(`${what}: ${a.status} ${a.text.slice(0, 160)}`);
};

async function postForm(url: string, fields: Record<string, string>): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return res.text();
}

/**
 * One card order of two units, paid with the cashier simulator's card (so ECPay's side holds its
 * authorisation), shipped and delivered by the console, one unit asked back by the member, approved
 * as brought to the shop and received: a partial return, so its invoice gets an allowance.
 */
async function receivedReturn(shop: ShopDb, base: string, owner: string, item: Item): Promise<ReceivedReturn> {
  const [member] = await newMembers(shop, 1, 'L9');
  await fillCarts(shop, [member!.id], item, 2);
  const ip = freshIp();
  const placed = await call(base, 'POST', '/orders', {
    token: member!.token,
    ip,
    headers: { 'idempotency-key': randomUUID() },
    body: orderBody(await phoneOf(shop, member!.id)),
  });
  must('placing the order', placed);
  const no = placed.json.result.no as string;
  const attempt = await call(base, 'POST', `/orders/${no}/payment`, { token: member!.token, ip });
  must('starting the payment', attempt);
  const { action, fields } = attempt.json.result as { action: string; fields: Record<string, string> };
  const cashier = await postForm(action, fields);
  const card = /<form method="post" action="([^"]*\/card)"[^>]*>[\s\S]*?name="token" value="([^"]+)"/.exec(cashier);
  if (!card) throw new Error(`the cashier simulator's page for ${no} has no card form`);
  const paidPage = await postForm(new URL(card[1]!, action).toString(), {
    token: card[2]!,
    cardNumber: CARDS.success,
    expiry: '12/30',
    cvc: '123',
  });
  if (!paidPage.includes('1|OK') && !paidPage.includes('role="status"'))
    throw new Error(`paying ${no}: ${paidPage.slice(0, 160)}`);
  const admin = (path: string, body: unknown) => call(base, 'POST', `/admin${path}`, { token: owner, body, ip });
  must('shipping', await admin(`/orders/${no}/ship`, { carrier: '黑貓宅急便', tracking: `L9${no.slice(-8)}` }));
  must('delivering', await admin(`/orders/${no}/deliver`, {}));
  const asked = await call(base, 'POST', `/orders/${no}/returns`, {
    token: member!.token,
    ip,
    body: { lines: [{ sku: item.sku, quantity: 1 }], reason: 'changed_mind' },
  });
  must('asking the return', asked);
  const returnId = asked.json.result.id as number;
  must('approving', await admin(`/returns/${returnId}/approve`, { method: 'shop' }));
  must(
    'receiving',
    await admin(`/returns/${returnId}/receive`, {
      lines: [{ sku: item.sku, received_quantity: 1, damaged_quantity: 0 }],
    }),
  );
  const k = shop.db.kysely;
  const refund = await k
    .selectFrom('refunds')
    .select('id')
    .where('request_key', '=', `return:${returnId}`)
    .executeTakeFirstOrThrow();
  const paid = await k
    .selectFrom('payment_attempts as a')
    .innerJoin('orders as o', 'o.id', 'a.order_id')
    .select(['o.id', 'a.merchant_trade_no'])
    .where('o.no', '=', no)
    .where('a.state', '=', 'paid')
    .executeTakeFirstOrThrow();
  return { orderId: paid.id, no, returnId, refundId: refund.id, merchantTradeNo: paid.merchant_trade_no };
}

/**
 * `n` received returns of card orders, made `parallel` at a time over `base`, their invoices issued
 * and their card payments past ECPay's daily close (the simulator's trades moved a day back, as if
 * paid yesterday): a partial refund is then ECPay's R.
 */
export async function receivedReturns(
  shop: ShopDb,
  base: (i: number) => string,
  owner: string,
  item: Item,
  n: number,
  parallel = 16,
): Promise<ReceivedReturn[]> {
  const out: ReceivedReturn[] = [];
  for (let i = 0; i < n; i += parallel) {
    const batch = Array.from({ length: Math.min(parallel, n - i) }, (_, j) => i + j);
    out.push(...(await Promise.all(batch.map((j) => receivedReturn(shop, base(j), owner, item)))));
  }
  const k = shop.db.kysely;
  const trades = out.map((r) => r.merchantTradeNo);
  const credit = await k
    .selectFrom('sim_ecpay_credit')
    .select(['id', 'authorised_at', 'changed_at'])
    .where('merchant_trade_no', 'in', trades)
    .execute();
  if (credit.length !== n) throw new Error(`the card simulator holds ${credit.length} of ${n} authorisations`);
  for (const c of credit)
    await k
      .updateTable('sim_ecpay_credit')
      .set({ authorised_at: Number(c.authorised_at) - DAY_MS, changed_at: Number(c.changed_at) - DAY_MS })
      .where('id', '=', c.id)
      .execute();
  const ids = out.map((r) => r.orderId);
  const until = Date.now() + INVOICE_WAIT_MS;
  for (;;) {
    const waiting = await k
      .selectFrom('orders')
      .select('id')
      .where('id', 'in', ids)
      .where('invoice_issued_at', 'is', null)
      .execute();
    if (!waiting.length) break;
    if (Date.now() > until) throw new Error(`${waiting.length} of ${n} invoices were not issued`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return out;
}
