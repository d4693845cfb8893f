import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_RETURN_WAIT_MS } from '../../../src/config.ts';
import { armFault } from '../../../src/server/common/faults.ts';
import { sendDue } from '../../../src/server/notify/sender.ts';
import { advanceParcel } from '../../../src/server/providers/logistics/simulator-express.ts';
import { advanceReturnParcel } from '../../../src/server/providers/logistics/simulator-return.ts';
import { returnCounts } from '../../../src/server/returns/return-queues.ts';
import { createShipment, shipmentTradeNo } from '../../../src/server/shipping/ship.ts';
import { placeFixtureOrder } from '../../helpers/order-fixture.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { signIn, staffMember, type TestStaff } from '../admin/admin-helpers.ts';
import { createPaymentShop } from '../payment/payment-helpers.ts';
import { shipmentRow, shippableOrder } from '../shipping/shipping-helpers.ts';
import { askReturn, BANK, callerOf, type DeliveredOrder, deliveredOrder, payByCard } from './returns-helpers.ts';

/**
 * Issue 40, item 7: the shopper's mails of a return (asked, approved, not accepted, refund sent), the
 * owner's alert of a request, the webhook's events of the later moves and refunds, each written once
 * with its move; and the refunds' counter and the returns waiting in the metrics.
 */

const OWNER = 'owner@soundwood.tw';
const SECRET = 'a-webhook-secret-of-some-length';
const HOUR = 3_600_000;

interface Hook {
  server: Server;
  url: string;
  got: { body: Record<string, unknown>; raw: string; valid: boolean }[];
}

/** A local webhook receiver that checks each post's signature itself. */
async function startHook(): Promise<Hook> {
  const hook: Hook = { server: createServer(), url: '', got: [] };
  hook.server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const expected = `sha256=${createHmac('sha256', SECRET).update(raw).digest('hex')}`;
      hook.got.push({ raw, body: JSON.parse(raw), valid: req.headers['x-shop-signature'] === expected });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => hook.server.listen(0, '127.0.0.1', () => resolve()));
  hook.url = `http://127.0.0.1:${(hook.server.address() as AddressInfo).port}/hook`;
  return hook;
}

let shop: TestShop & { origin: string };
let hook: Hook;
let owner: TestStaff;
let staff: TestStaff;
beforeAll(async () => {
  hook = await startHook();
  shop = await createPaymentShop();
  Object.assign(shop.deps.env, {
    SHOP_NOTIFY_EMAIL: [OWNER],
    SHOP_NOTIFY_WEBHOOK: hook.url,
    SHOP_NOTIFY_WEBHOOK_SECRET: SECRET,
  });
  owner = await staffMember(shop, 'owner', '王店主');
  staff = await staffMember(shop, 'staff', '林小幫');
});
afterAll(async () => {
  await shop.close();
  await new Promise<void>((resolve) => hook.server.close(() => resolve()));
});
afterEach(() => {
  armFault('ecpay.refund.down', 0);
  armFault('invoice.allowance.down', 0);
});

const admin = (method: string, path: string, who: TestStaff, body?: unknown) =>
  shop.call(method, `/api/admin/returns${path}`, { token: who.token, body });

/** The outbox rows of a return or refund (`return:<id>` / `refund:<id>…`), as purpose@recipient. */
async function queued(subject: string) {
  const rows = await shop.deps.db.kysely
    .selectFrom('notifications')
    .select(['purpose', 'recipient'])
    .where((eb) => eb.or([eb('subject', '=', subject), eb('subject', 'like', `${subject}:%`)]))
    .orderBy('id')
    .execute();
  return rows.map((r) => `${r.purpose}@${r.recipient}`);
}

/** The mails sent to `email` of `purpose` whose text names `needle`. */
async function mails(email: string, purpose: string, needle: string) {
  const rows = await shop.deps.db.kysely
    .selectFrom('email_outbox')
    .select(['subject', 'text'])
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .orderBy('id')
    .execute();
  return rows.filter((r) => r.text.includes(needle));
}

const orderNoOf = (g: Hook['got'][number]) => (g.body.order as { no?: string } | undefined)?.no;
const events = (purpose: string, no: string) =>
  hook.got.filter((g) => g.body.purpose === purpose && orderNoOf(g) === no);

async function scrape(): Promise<string> {
  return (await shop.app.request('/api/metrics')).text();
}
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

/** A 7-ELEVEN order picked up and a return of it approved whose parcel ECPay refused to book (no code yet). */
async function approvedUnbooked() {
  const o = await shippableOrder(shop, { ship: 'UNIMARTC2C', payment: 'atm' });
  await createShipment(shop.deps, o.no);
  await advanceParcel(shop.deps, shipmentTradeNo(o.no), 'picked_up');
  const k = shop.deps.db.kysely;
  const sku = (await k.selectFrom('order_lines').select('sku').where('order_id', '=', o.id).executeTakeFirstOrThrow())
    .sku;
  const asked = await askReturn(shop, { ...o, skus: [sku] } as DeliveredOrder, {
    lines: [{ sku, quantity: 1 }],
    bank: BANK,
  });
  const id = asked.json.result.id as number;
  const outbound = (await shipmentRow(shop, o.id))!;
  await k.updateTable('shipments').set({ logistics_id: '1' }).where('id', '=', outbound.id).execute();
  expect((await admin('POST', `/${id}/approve`, staff)).status).toBe(409);
  return { o, id, outbound };
}

describe("the shopper's mails, the owner's alert and the webhook", () => {
  it('a guest’s cash-on-delivery return, asked in English: each mail once, in English, the account masked', async () => {
    const o = await deliveredOrder(shop, { payment: 'cod' });
    const asked = await askReturn(
      shop,
      o,
      { lines: [{ sku: o.skus[0], quantity: 1 }], bank: BANK, reason: 'defective', reason_text: 'Left side is silent' },
      'en',
    );
    const id = asked.json.result.id as number;
    expect(await queued(`return:${id}`)).toEqual([
      'return-requested@shopper',
      'owner-return-requested@owner',
      'owner-return-requested@webhook',
    ]);
    await sendDue(shop.deps);
    const [req] = await mails('buyer@example.tw', 'return-requested', o.no);
    expect(req!.subject).toBe(`Soundwood Audio: We received your return request #${id} (order ${o.no})`);
    expect(req!.text).toContain('Reason: Does not work: Left side is silent');
    expect(req!.text).toContain('by bank transfer to bank 812, account ********9012');
    expect(req!.text).not.toContain('123456789012');
    const [alert] = await mails(OWNER, 'owner-return-requested', o.no);
    expect(alert!.subject).toBe(`退貨申請 #${id}：訂單 ${o.no}`);
    expect(alert!.text).toContain(`/admin/return?id=${id}`);
    const [requestedEvent] = events('owner-return-requested', o.no);
    expect(requestedEvent!.valid).toBe(true);
    expect(requestedEvent!.body.return).toMatchObject({ id, state: 'requested', reason: 'defective' });

    // Approved: the shopper sends it back to the shop's address; a second approve queues nothing more.
    expect((await admin('POST', `/${id}/approve`, staff, { method: 'shopper' })).status).toBe(200);
    expect((await admin('POST', `/${id}/approve`, staff, { method: 'shopper' })).status).toBe(409);
    await sendDue(shop.deps);
    const [approved] = await mails('buyer@example.tw', 'return-approved', o.no);
    expect(approved!.subject).toBe(`Soundwood Audio: Your return #${id} is approved (order ${o.no})`);
    expect(approved!.text).toContain('send them back to: Soundwood Audio, 1F, No. 18, Ln. 219, Sec. 1, Fuxing S. Rd.');
    expect(approved!.text).toContain(`with the order number ${o.no} on the parcel`);

    await admin('POST', `/${id}/receive`, staff, { lines: [{ sku: o.skus[0], received_quantity: 1 }] });
    await admin('POST', `/${id}/refund`, owner, { reference: 'TX-77' });
    const refund = await shop.deps.db.kysely
      .selectFrom('refunds')
      .select(['id', 'amount'])
      .where('return_id', '=', id)
      .executeTakeFirstOrThrow();
    // The whole order back: the invoice is voided, and the mail says so.
    await sendDue(shop.deps);
    const [sent] = await mails('buyer@example.tw', 'refund-sent', o.no);
    expect(sent!.text).toContain(
      `Your refund of NT$${refund.amount.toLocaleString('en-US')} for order ${o.no} (return #${id}) has been sent by bank transfer to bank 812, account ********9012`,
    );
    expect(sent!.text).toContain('The e-invoice of this order has been voided.');
    // The console's resend sends the order's latest shopper mail: this refund's, as it reads now.
    const resent = await shop.call('POST', `/api/admin/orders/${o.no}/resend-mail`, { token: staff.token });
    expect(resent.json.result).toMatchObject({ purpose: 'refund-sent', to: 'buyer@example.tw' });
    expect(await mails('buyer@example.tw', 'refund-sent', o.no)).toHaveLength(2);

    expect(await queued(`return:${id}`)).toEqual([
      'return-requested@shopper',
      'owner-return-requested@owner',
      'owner-return-requested@webhook',
      'return-approved@shopper',
      'return-approved@webhook',
      'return-received@webhook',
    ]);
    expect(await queued(`refund:${refund.id}`)).toEqual(['refund-sent@shopper', 'refund-sent@webhook']);
    for (const purpose of ['return-approved', 'return-received', 'refund-sent'])
      expect(events(purpose, o.no), purpose).toHaveLength(1);
    expect(events('return-approved', o.no)[0]!.body.return).toMatchObject({ id, return_method: 'shopper' });
    expect(events('refund-sent', o.no)[0]!.body.refund).toEqual({
      id: refund.id,
      return_id: id,
      amount: refund.amount,
      method: 'transfer',
      state: 'sent',
    });
    const mine = hook.got.filter((g) => orderNoOf(g) === o.no);
    expect(mine.every((g) => g.valid)).toBe(true);
    expect(mine.some((g) => g.raw.includes('9012'))).toBe(false);
  });

  it('rejected: the mail gives the owner’s reason, in the language the shopper asked in', async () => {
    const o = await deliveredOrder(shop, { payment: 'cod', locale: 'en' });
    const id = (await askReturn(shop, o, { lines: [{ sku: o.skus[0], quantity: 1 }], bank: BANK }, 'zh-TW')).json.result
      .id;
    await admin('POST', `/${id}/reject`, staff, { reason: '商品已拆封使用' });
    await admin('POST', `/${id}/reject`, staff, { reason: '再按一次' });
    await sendDue(shop.deps);
    const rejected = await mails('buyer@example.tw', 'return-rejected', o.no);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.subject).toBe(`聲林音響：退貨申請 #${id} 未被接受（訂單 ${o.no}）`);
    expect(rejected[0]!.text).toContain('原因：商品已拆封使用');
    expect(events('return-rejected', o.no)).toHaveLength(1);
    expect(events('return-rejected', o.no)[0]!.body.return).toMatchObject({ reject_reason: '商品已拆封使用' });
  });

  it('a 7-ELEVEN return parcel: the approved mail waits for the return code and then carries it', async () => {
    const { o, id, outbound } = await approvedUnbooked();
    const k = shop.deps.db.kysely;
    await sendDue(shop.deps);
    expect(await mails('buyer@example.tw', 'return-approved', o.no)).toHaveLength(0);
    await k
      .updateTable('shipments')
      .set({ logistics_id: outbound.logistics_id })
      .where('id', '=', outbound.id)
      .execute();
    expect((await admin('POST', `/${id}/approve`, staff)).status).toBe(200);
    const code = (await k.selectFrom('returns').select('parcel_code').where('id', '=', id).executeTakeFirstOrThrow())
      .parcel_code;
    expect(code).not.toBe('');
    shop.clock.advance(60_000);
    await sendDue(shop.deps);
    const approved = await mails('buyer@example.tw', 'return-approved', o.no);
    expect(approved).toHaveLength(1);
    expect(approved[0]!.text).toContain(`退貨編號 ${code}`);
    expect(approved[0]!.text).toContain('ibon');
    expect(await queued(`return:${id}`)).toContain('return-approved@shopper');
    expect((await queued(`return:${id}`)).filter((q) => q === 'return-approved@shopper')).toHaveLength(1);

    // Handed over at the counter: the webhook hears of it; the shopper gets no mail of it.
    const rtn = (await k.selectFrom('returns').select('parcel_rtn_no').where('id', '=', id).executeTakeFirstOrThrow())
      .parcel_rtn_no;
    await advanceReturnParcel(shop.deps, rtn, 'handed_over');
    await advanceReturnParcel(shop.deps, rtn, 'handed_over');
    await sendDue(shop.deps);
    expect((await queued(`return:${id}`)).slice(-1)).toEqual(['return-in-transit@webhook']);
    expect(events('return-in-transit', o.no)).toHaveLength(1);
    expect(events('return-in-transit', o.no)[0]!.body.return).toMatchObject({ state: 'in_transit', return_code: code });
  });

  it('the approved mail goes without the code once NOTIFY_RETURN_WAIT_MS has passed', async () => {
    const { o } = await approvedUnbooked();
    await sendDue(shop.deps);
    expect(await mails('buyer@example.tw', 'return-approved', o.no)).toHaveLength(0);
    shop.clock.advance(NOTIFY_RETURN_WAIT_MS);
    await sendDue(shop.deps);
    const approved = await mails('buyer@example.tw', 'return-approved', o.no);
    expect(approved).toHaveLength(1);
    expect(approved[0]!.text).toContain('商店正在為您建立退貨包裹');
    expect(approved[0]!.text).toContain('訂單頁會顯示退貨編號');
  });

  it('withdrawn by the shopper: one webhook event, no mail', async () => {
    const o = await deliveredOrder(shop, { payment: 'cod' });
    const id = (await askReturn(shop, o, { lines: [{ sku: o.skus[0], quantity: 1 }], bank: BANK })).json.result.id;
    expect((await shop.call('DELETE', `/api/orders/${o.no}/returns/${id}`, callerOf(o))).status).toBe(200);
    expect((await shop.call('DELETE', `/api/orders/${o.no}/returns/${id}`, callerOf(o))).status).toBe(409);
    await sendDue(shop.deps);
    expect((await queued(`return:${id}`)).slice(3)).toEqual(['return-cancelled@webhook']);
    expect(events('return-cancelled', o.no)).toHaveLength(1);
    expect(events('return-cancelled', o.no)[0]!.body.return).toMatchObject({ id, state: 'cancelled' });
  });
});

describe('card refunds: the allowance in the mail, a failed try, and the metrics', () => {
  it('one of two lines: refund-failed then refund-sent once, the allowance number mailed; counted by method and result', async () => {
    owner.token = await signIn(shop, owner);
    staff.token = await signIn(shop, staff);
    const o = await deliveredOrder(shop, { payment: 'credit', second: 1, member: true });
    const id = (await askReturn(shop, o, { lines: [{ sku: o.skus[1], quantity: 1 }] })).json.result.id;
    const waiting = async (reason: string) => sample(await scrape(), `shop_orders_needing_action{reason="${reason}"}`);
    const toApprove = (await waiting('return_to_approve'))!;
    expect(toApprove).toBeGreaterThan(0);
    await admin('POST', `/${id}/approve`, staff, { method: 'shop' });
    expect(await waiting('return_to_approve')).toBe(toApprove - 1);
    const toInspect = (await waiting('return_to_inspect'))!;
    await admin('POST', `/${id}/receive`, staff, { lines: [{ sku: o.skus[1], received_quantity: 1 }] });
    expect(await waiting('return_to_inspect')).toBe(toInspect - 1);
    expect(await waiting('flagged')).toBeDefined();

    const before = await scrape();
    const moved = (after: string, series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
    armFault('ecpay.refund.down', 1);
    const down = await admin('POST', `/${id}/refund`, owner);
    expect(down.json.result.refund.state).toBe('failed');
    const failedText = await scrape();
    expect(moved(failedText, 'shop_refunds_total{method="card",result="failed"}')).toBe(1);
    expect(moved(failedText, 'shop_refunds_total{method="card",result="sent"}')).toBe(0);
    expect(moved(failedText, 'shop_orders_needing_action{reason="return_refund_failed"}')).toBe(1);

    // After the daily close a partial refund goes through: R, once for several clicks.
    shop.clock.advance(9 * HOUR);
    owner.token = await signIn(shop, owner);
    await Promise.all([1, 2, 3].map(() => admin('POST', `/${id}/refund`, owner)));
    const view = (await admin('GET', `/${id}`, owner)).json.result;
    expect(view).toMatchObject({ state: 'closed', refund: { state: 'sent' }, invoice: { action: 'allowance' } });
    const allowance = view.invoice.allowance_no as string;
    const sentText = await scrape();
    expect(moved(sentText, 'shop_refunds_total{method="card",result="sent"}')).toBe(1);
    expect(moved(sentText, 'shop_refunds_total{method="card",result="failed"}')).toBe(1);
    expect(moved(sentText, 'shop_orders_needing_action{reason="return_refund_failed"}')).toBe(0);
    expect(sample(sentText, 'shop_refunds_total{method="transfer",result="failed"}')).toBe(0);

    const refund = await shop.deps.db.kysely
      .selectFrom('refunds')
      .select(['id', 'amount'])
      .where('return_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(await queued(`refund:${refund.id}`)).toEqual([
      'refund-failed@webhook',
      'refund-sent@shopper',
      'refund-sent@webhook',
    ]);
    await sendDue(shop.deps);
    const sent = await mails('buyer@example.tw', 'refund-sent', o.no);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`聲林音響：訂單 ${o.no} 已退款 NT$${refund.amount.toLocaleString('en-US')}`);
    expect(sent[0]!.text).toContain('退回您付款的信用卡');
    expect(sent[0]!.text).toContain(`折讓單號 ${allowance}`);
    const [failed] = events('refund-failed', o.no);
    expect(failed!.valid).toBe(true);
    expect(failed!.body.refund).toMatchObject({ id: refund.id, method: 'card', state: 'failed' });
    expect((failed!.body.refund as { reason: string }).reason).toMatch(/unreachable/);
    expect(failed!.body.title).toBe(`退款失敗：訂單 ${o.no}（NT$${refund.amount.toLocaleString('en-US')}）`);
    expect(events('refund-sent', o.no)).toHaveLength(1);
    expect(events('refund-sent', o.no)[0]!.body.refund).toMatchObject({ amount: refund.amount, method: 'card' });
  });

  it('the refund-sent mail waits while the e-invoice allowance is not issued, then carries its number', async () => {
    owner.token = await signIn(shop, owner);
    staff.token = await signIn(shop, staff);
    const o = await deliveredOrder(shop, { payment: 'cod', second: 1 });
    const id = (await askReturn(shop, o, { lines: [{ sku: o.skus[1], quantity: 1 }], bank: BANK })).json.result.id;
    await admin('POST', `/${id}/approve`, staff, { method: 'shop' });
    await admin('POST', `/${id}/receive`, staff, { lines: [{ sku: o.skus[1], received_quantity: 1 }] });
    // Both tries of the click fail: before the money is sent, and again once it is.
    armFault('invoice.allowance.down', 2);
    const first = await admin('POST', `/${id}/refund`, owner, { reference: 'TX-88' });
    expect(first.json.result).toMatchObject({ state: 'refunded', refund: { state: 'sent' } });
    await sendDue(shop.deps);
    expect(await mails('buyer@example.tw', 'refund-sent', o.no)).toHaveLength(0);
    const again = await admin('POST', `/${id}/refund`, owner, { reference: 'TX-88' });
    expect(again.json.result.state).toBe('closed');
    shop.clock.advance(60_000);
    await sendDue(shop.deps);
    const sent = await mails('buyer@example.tw', 'refund-sent', o.no);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`折讓單號 ${again.json.result.invoice.allowance_no}`);
  });

  it('a paid order cancelled before it shipped: its refund’s mail once, counted as waiting until sent', async () => {
    owner.token = await signIn(shop, owner);
    const o = await placeFixtureOrder(shop, { payment: 'credit', locale: 'en' });
    await payByCard(shop, o);
    const waiting = async () => sample(await scrape(), 'shop_orders_needing_action{reason="cancel_refund"}');
    const before = (await waiting())!;
    await shop.call('POST', `/api/orders/${o.no}/cancel`, { headers: { 'x-order-key': o.guestKey } });
    expect(await waiting()).toBe(before + 1);
    const refund = await shop.deps.db.kysely
      .selectFrom('refunds')
      .select(['id', 'amount'])
      .where('order_id', '=', o.id)
      .executeTakeFirstOrThrow();
    await Promise.all(
      [1, 2].map(() => shop.call('POST', `/api/admin/refunds/${refund.id}/send`, { token: owner.token })),
    );
    expect(await waiting()).toBe(before);
    expect(await queued(`refund:${refund.id}`)).toEqual(['refund-sent@shopper', 'refund-sent@webhook']);
    await sendDue(shop.deps);
    const sent = await mails('buyer@example.tw', 'refund-sent', o.no);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(
      `Your refund of NT$${refund.amount.toLocaleString('en-US')} for order ${o.no} has been sent back to the card you paid with.`,
    );
  });
});

describe("the owner's daily digest", () => {
  it('names the returns and refunds waiting, each queue with its count', async () => {
    const o = await deliveredOrder(shop, { payment: 'cod' });
    await askReturn(shop, o, { lines: [{ sku: o.skus[0], quantity: 1 }], bank: BANK });
    const counts = await returnCounts(shop.deps.db.kysely);
    expect(counts['to-approve']).toBeGreaterThan(0);
    // The next 09:00 in Taipei (01:00 UTC) at least a day ahead: that morning's digest is due.
    const day = 86_400_000;
    const next9 = Math.ceil((shop.clock.now() + day - HOUR) / day) * day + HOUR;
    shop.clock.t = next9;
    const yesterday = new Date(next9 - day + 8 * HOUR).toISOString().slice(0, 10);
    await sendDue(shop.deps);
    const [digest] = (await mails(OWNER, 'owner-daily', '')).filter((m) => m.subject.includes(yesterday));
    expect(digest!.text).toContain('等待您處理的退貨與退款：');
    expect(digest!.text).toContain(`退貨待核准 ${counts['to-approve']} 筆`);
  });
});
