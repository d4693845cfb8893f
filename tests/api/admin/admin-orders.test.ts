import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../../src/server/context.ts';
import { resendMailForShop } from '../../../src/server/orders/order-admin.ts';
import { smtpEmail } from '../../../src/server/providers/email-smtp.ts';
import { placeFixtureOrder } from '../../helpers/order-fixture.ts';
import { startSmtpSink } from '../../helpers/smtp-sink.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { createPaymentShop, startAttempt } from '../payment/payment-helpers.ts';
import { shippableOrder } from '../shipping/shipping-helpers.ts';
import { staffMember, type TestStaff } from './admin-helpers.ts';

let shop: TestShop & { origin: string };
let owner: TestStaff;
let staff: TestStaff;
beforeAll(async () => {
  shop = await createPaymentShop();
  owner = await staffMember(shop, 'owner', '王店主');
  staff = await staffMember(shop, 'staff', '林小幫');
});
afterAll(() => shop.close());

const audit = (no: string) =>
  shop.deps.db.kysely.selectFrom('admin_audit').selectAll().where('order_no', '=', no).orderBy('id').execute();
/** The placed mail's outbox row of an order, in `state`. */
const placedRow = (orderId: number, state: 'sent' | 'pending') => ({
  purpose: 'order-placed',
  subject: `order:${orderId}`,
  recipient: 'shopper' as const,
  order_id: orderId,
  state,
  attempts: state === 'sent' ? 1 : 0,
  next_at: 0,
  created_at: 0,
  sent_at: state === 'sent' ? 1 : null,
});
/** The placed mails of order `no` in the dev outbox, oldest first. */
const placedMails = (no: string) =>
  shop.deps.db.kysely
    .selectFrom('email_outbox')
    .select(['subject', 'link'])
    .where('purpose', '=', 'order-placed')
    .where('subject', 'like', `%${no}%`)
    .orderBy('id')
    .execute();
const state = async (no: string) =>
  (await shop.deps.db.kysely.selectFrom('orders').select('state').where('no', '=', no).executeTakeFirstOrThrow()).state;

describe('GET /api/admin/orders', () => {
  it('filters by state and view, searches by number, phone and name, in the paged shape', async () => {
    const ship = await shippableOrder(shop, { ship: 'UNIMARTC2C', payment: 'credit' });
    const unpaid = await placeFixtureOrder(shop, { payment: 'atm' });
    await shop.deps.db.kysely
      .updateTable('orders')
      .set({ receiver_name: '黃阿瑪', receiver_phone: '0955666777' })
      .where('id', '=', unpaid.id)
      .execute();
    const toShip = await shop.call('GET', '/api/admin/orders?view=to-ship&limit=100', { token: staff.token });
    expect(toShip.status).toBe(200);
    expect(Object.keys(toShip.json.result).sort()).toEqual(['current', 'data', 'limit', 'page_count', 'total']);
    const nos = toShip.json.result.data.map((o: { no: string }) => o.no);
    expect(nos).toContain(ship.no);
    expect(nos).not.toContain(unpaid.no);
    const byState = await shop.call('GET', '/api/admin/orders?state=awaiting_payment', { token: staff.token });
    expect(byState.json.result.data.every((o: { state: string }) => o.state === 'awaiting_payment')).toBe(true);
    for (const q of [unpaid.no, unpaid.no.slice(0, 12), '0955-666-777', '阿瑪']) {
      const r = await shop.call('GET', `/api/admin/orders?q=${encodeURIComponent(q)}`, { token: staff.token });
      expect(
        r.json.result.data.map((o: { no: string }) => o.no),
        q,
      ).toContain(unpaid.no);
    }
    const byName = await shop.call('GET', `/api/admin/orders?q=${encodeURIComponent('阿瑪')}`, { token: staff.token });
    expect(byName.json.result.total).toBe(1);
    expect(byName.json.result.data[0]).toMatchObject({
      no: unpaid.no,
      receiver_name: '黃阿瑪',
      receiver_phone: '0955666777',
      needs_refund: false,
      unclaimed: false,
    });
    const bad = await shop.call('GET', '/api/admin/orders?view=everything', { token: staff.token });
    expect(bad.status).toBe(400);
    const paging = await shop.call('GET', '/api/admin/orders?limit=1&page=2', { token: staff.token });
    expect(paging.json.result).toMatchObject({ limit: 1, current: 2 });
    expect(paging.json.result.data).toHaveLength(1);
  });

  it('needs-action lists orders to refund', async () => {
    const o = await placeFixtureOrder(shop, { payment: 'credit' });
    await shop.deps.db.kysely.updateTable('orders').set({ needs_refund: 1 }).where('id', '=', o.id).execute();
    const r = await shop.call('GET', '/api/admin/orders?view=needs-action&limit=100', { token: staff.token });
    expect(r.json.result.data.map((x: { no: string }) => x.no)).toContain(o.no);
    const today = await shop.call('GET', '/api/admin/today', { token: staff.token });
    expect(today.status).toBe(200);
    expect(today.json.result.needs_action.map((x: { no: string }) => x.no)).toContain(o.no);
    expect(today.json.result.today.orders).toBeGreaterThan(0);
    expect(today.json.result).toHaveProperty('low_stock_at', 3);
  });
});

describe('order actions', () => {
  it('ship creates the ECPay logistics order and answers its label; audited with who and the forwarded address', async () => {
    shop.deps.env.TRUST_PROXY = 1;
    try {
      const o = await shippableOrder(shop, { ship: 'UNIMARTC2C', payment: 'credit' });
      const detail = await shop.call('GET', `/api/admin/orders/${o.no}`, { token: staff.token });
      expect(detail.status).toBe(200);
      expect(detail.json.result.actions).toEqual(expect.arrayContaining(['ship', 'cancel']));
      const r = await shop.call('POST', `/api/admin/orders/${o.no}/ship`, {
        token: staff.token,
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(r.status).toBe(200);
      expect(r.json.result.created).toBe(true);
      expect(r.json.result.shipment.logistics_id).toMatch(/^\d{10}$/);
      expect(r.json.result.label.action).toContain('/api/sim/logistics');
      expect(await state(o.no)).toBe('processing');
      const label = await shop.call('GET', `/api/admin/orders/${o.no}/label`, { token: staff.token });
      expect(label.json.result).toEqual(r.json.result.label);
      const rows = await audit(o.no);
      expect(rows[0]).toMatchObject({ who: '林小幫', action: 'ship', ip: '203.0.113.7', ok: 1 });
      expect(Number(rows[0]!.at)).toBe(shop.clock.now());
      expect(rows[1]).toMatchObject({ action: 'label', ok: 1 });
      const after = await shop.call('GET', `/api/admin/orders/${o.no}`, { token: staff.token });
      expect(after.json.result.actions).toContain('label');
      expect(after.json.result.actions).not.toContain('ship');
      expect(after.json.result.audit[0]).toMatchObject({ action: 'label', who: '林小幫', staff_email: staff.email });
    } finally {
      shop.deps.env.TRUST_PROXY = 0;
    }
  });

  it('labels: one sheet for many orders, and why for the others', async () => {
    const a = await shippableOrder(shop, { ship: 'FAMIC2C', payment: 'credit' });
    const b = await shippableOrder(shop, { ship: 'HILIFEC2C', payment: 'credit' });
    for (const o of [a, b])
      expect((await shop.call('POST', `/api/admin/orders/${o.no}/ship`, { token: staff.token, body: {} })).status).toBe(
        200,
      );
    const unshipped = await placeFixtureOrder(shop, { payment: 'atm' });
    const r = await shop.call('POST', '/api/admin/orders/labels', {
      token: staff.token,
      body: { order_nos: [a.no, b.no, unshipped.no, 'NOPE'] },
      lang: 'en',
    });
    expect(r.status).toBe(200);
    expect(r.json.result.labels.map((l: { no: string }) => l.no)).toEqual([a.no, b.no]);
    expect(r.json.result.refused.map((l: { no: string }) => l.no)).toEqual([unshipped.no, 'NOPE']);
    expect(r.json.result.sheet.match(/<form /g)).toHaveLength(2);
    expect(r.json.result.sheet).toContain(a.no);
  });

  it('ship with another carrier, deliver and complete a home order', async () => {
    const o = await shippableOrder(shop, { ship: 'home', payment: 'credit' });
    const r = await shop.call('POST', `/api/admin/orders/${o.no}/ship`, {
      token: staff.token,
      body: { carrier: '新竹物流', tracking: 'HCT123' },
    });
    expect(r.json.result).toEqual({ state: 'shipped' });
    expect((await shop.call('POST', `/api/admin/orders/${o.no}/deliver`, { token: staff.token })).json.result).toEqual({
      state: 'delivered',
    });
    expect(
      (await shop.call('POST', `/api/admin/orders/${o.no}/complete`, { token: staff.token, body: {} })).json.result,
    ).toEqual({ state: 'completed' });
    expect(await state(o.no)).toBe('completed');
    expect((await audit(o.no)).map((a) => [a.action, a.detail, a.ok])).toEqual([
      ['ship', '新竹物流 HCT123', 1],
      ['deliver', '', 1],
      ['complete', '', 1],
    ]);
  });

  it('a shop pickup is delivered from ready', async () => {
    const o = await placeFixtureOrder(shop, { payment: 'pickup_pay', shopPickup: true });
    const r = await shop.call('POST', `/api/admin/orders/${o.no}/deliver`, { token: staff.token });
    expect(r.json.result).toEqual({ state: 'picked_up' });
  });

  it('cancel with a reason: stock back, audited with the reason', async () => {
    const o = await placeFixtureOrder(shop, { payment: 'atm' });
    const missing = await shop.call('POST', `/api/admin/orders/${o.no}/cancel`, { token: staff.token, body: {} });
    expect(missing.status).toBe(400);
    const r = await shop.call('POST', `/api/admin/orders/${o.no}/cancel`, {
      token: staff.token,
      body: { reason: '客人來電取消' },
    });
    expect(r.status).toBe(200);
    expect(r.json.result).toEqual({ state: 'cancelled', parcel: 'none' });
    const v = await shop.deps.db.kysely
      .selectFrom('variants')
      .select('stock')
      .where('id', '=', o.variantId)
      .executeTakeFirstOrThrow();
    expect(v.stock).toBe(10);
    expect((await audit(o.no)).map((a) => [a.action, a.detail, a.ok])).toEqual([['cancel', '客人來電取消', 1]]);
  });

  it('a refused action answers 409 with the rule’s reason and is audited as refused; an unknown order 404', async () => {
    const o = await placeFixtureOrder(shop, { payment: 'atm' });
    const r = await shop.call('POST', `/api/admin/orders/${o.no}/complete`, { token: owner.token, lang: 'en' });
    expect(r.status).toBe(409);
    expect(r.json.code).toBe('ORDER_ACTION_REFUSED');
    expect(r.json.message).toBe(`Not done: Order ${o.no} is awaiting payment: it cannot become completed.`);
    const zh = await shop.call('POST', `/api/admin/orders/${o.no}/complete`, { token: owner.token, lang: 'zh-TW' });
    expect(zh.json.message).toBe(`無法執行：訂單 ${o.no} 目前是「待付款」，無法改為「已完成」。`);
    const [row] = await audit(o.no);
    expect(row).toMatchObject({ who: '王店主', action: 'complete', ok: 0 });
    expect(row!.detail).toContain('refused: ');
    const reconcile = await shop.call('POST', `/api/admin/orders/${o.no}/reconcile`, { token: staff.token });
    expect(reconcile.status).toBe(409);
    expect(reconcile.json.message).toBe(`無法執行：訂單 ${o.no} 沒有付款紀錄，不需向綠界對帳。`);
    expect((await shop.call('POST', '/api/admin/orders/NOPE-1/deliver', { token: staff.token })).status).toBe(404);
    expect((await shop.call('GET', '/api/admin/orders/NOPE-1', { token: staff.token })).json.code).toBe(
      'ORDER_NOT_FOUND',
    );
  });

  it('reconcile asks ECPay about the order’s payment attempts and says what it answered', async () => {
    const o = await placeFixtureOrder(shop, { payment: 'credit' });
    expect((await startAttempt(shop, o.no, o.guestKey)).status).toBe(200);
    const r = await shop.call('POST', `/api/admin/orders/${o.no}/reconcile`, { token: staff.token });
    expect(r.status).toBe(200);
    expect(r.json.result).toMatchObject({ no: o.no, result: 'unpaid' });
    expect(r.json.result.checks).toHaveLength(1);
    expect((await audit(o.no)).map((a) => [a.action, a.ok])).toEqual([['reconcile', 1]]);
    const detail = await shop.call('GET', `/api/admin/orders/${o.no}`, { token: staff.token });
    expect(detail.json.result.payment_attempts).toHaveLength(1);
    expect(detail.json.result.actions).toContain('reconcile');
  });

  it('resend-mail sends the shopper’s placed mail now, each time its own mail with a working private link', async () => {
    const o = await placeFixtureOrder(shop, { payment: 'credit' });
    const none = await shop.call('POST', `/api/admin/orders/${o.no}/resend-mail`, { token: staff.token });
    expect(none.status).toBe(409);
    const k = shop.deps.db.kysely;
    // The placed mail as the outbox left it once sent: its private link dropped with the payload.
    await k.insertInto('notifications').values(placedRow(o.id, 'sent')).execute();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        shop.call('POST', `/api/admin/orders/${o.no}/resend-mail`, { token: staff.token }),
      ),
    );
    for (const r of answers)
      expect(r.json.result).toEqual({ purpose: 'order-placed', to: 'buyer@example.tw', sent: true });
    const mails = await placedMails(o.no);
    expect(mails).toHaveLength(4);
    const keys = new Set<string>();
    for (const m of mails) {
      const link = new URL(m.link);
      expect(link.pathname).toBe('/cart/result');
      expect(link.searchParams.get('no')).toBe(o.no);
      const key = link.searchParams.get('key')!;
      keys.add(key);
      const seen = await shop.call('GET', `/api/orders/${o.no}`, { headers: { 'X-Order-Key': key } });
      expect(seen.status).toBe(200);
    }
    expect(keys.size).toBe(4);
    // The key given at checkout still opens it.
    expect((await shop.call('GET', `/api/orders/${o.no}`, { headers: { 'X-Order-Key': o.guestKey } })).status).toBe(
      200,
    );
    const row = await k.selectFrom('notifications').selectAll().where('order_id', '=', o.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'sent' });
  });

  it('resend-mail gives every mail its own Message-ID, and says so when nothing was sent', async () => {
    const o = await placeFixtureOrder(shop, { payment: 'credit' });
    const k = shop.deps.db.kysely;
    await k.insertInto('notifications').values(placedRow(o.id, 'sent')).execute();
    const sink = await startSmtpSink();
    try {
      const up: Deps = { ...shop.deps, mail: smtpEmail({ url: sink.url, from: 'no-reply@soundwood.tw' }) };
      await resendMailForShop(up, o.no);
      await resendMailForShop(up, o.no);
      // Long header fields come folded: unfolded before reading.
      const ids = sink.mails.map((m) => /^Message-ID: (<[^>]+>)$/m.exec(m.data.replace(/\n[ \t]+/g, ' '))?.[1]);
      expect(ids).toHaveLength(2);
      expect(ids[0]).toMatch(/^<notification-\d+\.order-placed\.resend-[0-9a-f-]+@[^>]+>$/);
      expect(ids[1]).not.toBe(ids[0]);
    } finally {
      await sink.close();
    }
    const down: Deps = { ...shop.deps, mail: smtpEmail({ url: 'smtp://127.0.0.1:9', from: 'no-reply@soundwood.tw' }) };
    await expect(resendMailForShop(down, o.no)).rejects.toThrow(/did not take the mail .* no mail was sent/);
    const atm = await placeFixtureOrder(shop, { payment: 'atm' });
    await k.insertInto('notifications').values(placedRow(atm.id, 'pending')).execute();
    const waits = await shop.call('POST', `/api/admin/orders/${atm.no}/resend-mail`, {
      token: staff.token,
      lang: 'en',
    });
    expect(waits.status).toBe(409);
    expect(waits.json.message).toMatch(/waits for ECPay's ATM account .* No mail was sent now/);
    const noMail = await placeFixtureOrder(shop, { payment: 'credit' });
    await k.updateTable('orders').set({ receiver_email: '' }).where('id', '=', noMail.id).execute();
    await k.insertInto('notifications').values(placedRow(noMail.id, 'sent')).execute();
    const nowhere = await shop.call('POST', `/api/admin/orders/${noMail.no}/resend-mail`, {
      token: staff.token,
      lang: 'en',
    });
    expect(nowhere.status).toBe(409);
    expect(nowhere.json.message).toMatch(/no email address: no mail was sent/);
    // The console reads it in its own language.
    const nowhereZh = await shop.call('POST', `/api/admin/orders/${noMail.no}/resend-mail`, { token: staff.token });
    expect(nowhereZh.json.message).toMatch(/沒有電子郵件地址，沒有寄出任何信/);
    expect(await placedMails(atm.no)).toHaveLength(0);
  });

  it('the audit log: the owner reads it, a staff account is refused in its language', async () => {
    const r = await shop.call('GET', '/api/admin/audit?limit=5', { token: owner.token });
    expect(r.status).toBe(200);
    expect(r.json.result.data.length).toBeGreaterThan(0);
    const en = await shop.call('GET', '/api/admin/audit', { token: staff.token, lang: 'en' });
    expect(en.status).toBe(403);
    expect(en.json).toMatchObject({
      code: 'ROLE_FORBIDDEN',
      message: "A staff account cannot read the audit log. Ask the shop's owner.",
    });
    const zh = await shop.call('GET', '/api/admin/audit', { token: staff.token, lang: 'zh-TW' });
    expect(zh.json.message).toBe('店員帳號不能查看操作紀錄，請由店主處理。');
  });
});
