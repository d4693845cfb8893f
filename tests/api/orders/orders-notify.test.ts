import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_PAY_TIMEOUT_MS,
  NOTIFY_KEEP_MS,
  NOTIFY_LEASE_MS,
  NOTIFY_PAY_INFO_POLL_MS,
  NOTIFY_PAY_INFO_WAIT_MS,
} from '../../../src/config.ts';
import { armFault, faultsLeft } from '../../../src/server/common/faults.ts';
import type { Deps } from '../../../src/server/context.ts';
import { notifyShopper } from '../../../src/server/notify/outbox.ts';
import { retryDelay, sendDue } from '../../../src/server/notify/sender.ts';
import { sweep } from '../../../src/server/ops/maintenance.ts';
import { cancelForShop, shipOrder } from '../../../src/server/orders/order-admin.ts';
import { moveOrder } from '../../../src/server/orders/order-state.ts';
import { releaseUnpaid } from '../../../src/server/payment/sweep.ts';
import { outboxEmail } from '../../../src/server/providers/email-outbox.ts';
import { smtpEmail } from '../../../src/server/providers/email-smtp.ts';
import { startSmtpSink } from '../../helpers/smtp-sink.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { okResult } from '../../helpers/wire-asserts.ts';
import { pickVariants } from '../cart/cart-helpers.ts';
import { type Buyer, bodyFor, guestBuyer, memberBuyer, order } from './orders-helpers.ts';

const OWNERS = ['owner@soundwood.tw', 'boss@soundwood.tw'];

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true, env: { SHOP_NOTIFY_EMAIL: OWNERS } });
});
afterAll(() => shop.close());

let mailSeq = 0;
const freshEmail = () => `buyer${++mailSeq}-${Date.now()}@example.tw`;

/** The dev outbox's mails to `email` (through GET /api/dev/email-outbox), oldest first. */
async function mailsTo(email: string): Promise<{ purpose: string; subject: string; text: string; link: string }[]> {
  return okResult(await shop.call('GET', `/api/dev/email-outbox?email=${encodeURIComponent(email)}`)).reverse();
}
const htmlOf = async (email: string, purpose: string) =>
  (
    await shop.deps.db.kysely
      .selectFrom('email_outbox')
      .select('html')
      .where('email', '=', email)
      .where('purpose', '=', purpose)
      .executeTakeFirstOrThrow()
  ).html;

async function placeFor(b: Buyer, email: string, over: Record<string, unknown> = {}, lang?: string) {
  const r = await order(shop, b, bodyFor(b, { ...over, receiver: { name: '王小明', email } }), { lang });
  expect(r.status).toBe(201);
  return r.json.result as { no: string; total: number };
}

const idOf = async (no: string) =>
  (await shop.deps.db.kysely.selectFrom('orders').select('id').where('no', '=', no).executeTakeFirstOrThrow()).id;

/** A second serving process on the same database: its own connection, the same clock. */
function secondServer(): { deps: Deps; close: () => Promise<void> } {
  const db = shop.openAnother();
  const deps: Deps = { ...shop.deps, db, mail: outboxEmail(db, shop.clock) };
  return { deps, close: () => db.close() };
}

const nt = (n: number) => `NT$${n.toLocaleString('en-US')}`;

describe('the notification outbox', () => {
  it('writes the order-placed mail with the order and sends it outside the request, once', async () => {
    const [v] = await pickVariants(shop, 1, 50);
    const b = await memberBuyer(shop, [[v!, 3]]);
    const email = freshEmail();
    const placed = await placeFor(b, email);
    // Written with the order, not sent by the request.
    expect(await mailsTo(email)).toEqual([]);
    await sendDue(shop.deps);
    await sendDue(shop.deps);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.purpose)).toEqual(['order-placed']);
    expect(mails[0]!.text).toContain(placed.no);
    expect(mails[0]!.text).toContain(nt(placed.total));
    expect(mails[0]!.text).toContain('貨到付款');
    expect(await htmlOf(email, 'order-placed')).toContain(`<p>`);
    // Cash on delivery: a new order to be collected tells the owner, each address.
    for (const owner of OWNERS) {
      const own = (await mailsTo(owner)).filter((m) => m.purpose === 'owner-new-order' && m.text.includes(placed.no));
      expect(own).toHaveLength(1);
    }
  });

  it('states the return period, names the lines marked not returnable and links the return policy', async () => {
    const picked = await pickVariants(shop, 6, 50);
    const kept = picked[0];
    // Another product's variant: the flag is the product's.
    const sealed = picked.find((v) => v.productId !== kept!.productId);
    const k = shop.deps.db.kysely;
    await k.updateTable('products').set({ returnable: 0 }).where('id', '=', sealed!.productId).execute();
    const names = await k
      .selectFrom('products')
      .select(['id', 'name_zh', 'name_en'])
      .where('id', 'in', [kept!.productId, sealed!.productId])
      .execute();
    const nameOf = (id: number) => names.find((n) => n.id === id)!;
    try {
      const zh = freshEmail();
      await placeFor(
        await memberBuyer(shop, [
          [kept!, 1],
          [sealed!, 1],
        ]),
        zh,
      );
      const en = freshEmail();
      await placeFor(
        await guestBuyer(shop, [
          [kept!, 1],
          [sealed!, 1],
        ]),
        en,
        {},
        'en',
      );
      await sendDue(shop.deps);
      const [zhMail] = await mailsTo(zh);
      expect(zhMail!.text).toContain('收到商品 7 天內');
      expect(zhMail!.text).toContain(`拆封或封條拆除後不適用退貨：${nameOf(sealed!.productId).name_zh}。`);
      expect(zhMail!.text).toContain(`${shop.deps.env.SITE_URL}/return-policy`);
      const [enMail] = await mailsTo(en);
      expect(enMail!.text).toContain('within 7 days of receiving it');
      expect(enMail!.text).toContain(
        `Not returnable once opened or its seal is broken: ${nameOf(sealed!.productId).name_en}.`,
      );
      expect(enMail!.text).not.toContain(`broken: ${nameOf(kept!.productId).name_en}`);
      expect(enMail!.text).toContain(`${shop.deps.env.SITE_URL}/en/return-policy`);
    } finally {
      await k.updateTable('products').set({ returnable: 1 }).where('id', '=', sealed!.productId).execute();
    }
  });

  it("mails a guest in the order's language with the private order link", async () => {
    const [v] = await pickVariants(shop, 1, 50);
    const b = await guestBuyer(shop, [[v!, 1]]);
    const email = freshEmail();
    const placed = await placeFor(b, email, {}, 'en');
    await sendDue(shop.deps);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toContain(`order ${placed.no} is placed`);
    expect(mail!.text).toContain(`Total ${nt(placed.total)}`);
    expect(mail!.link).toMatch(/\/en\/cart\/result\?no=.+&key=/);
    expect(mail!.text).toContain(mail!.link);
    // The link is not kept once the mail is sent.
    const row = await shop.deps.db.kysely
      .selectFrom('notifications')
      .select(['payload', 'state'])
      .where('purpose', '=', 'order-placed')
      .where('order_id', '=', await idOf(placed.no))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ payload: '{}', state: 'sent' });
  });

  it('writes an event once even when the state-change code runs twice', async () => {
    const [v] = await pickVariants(shop, 1, 50);
    const b = await memberBuyer(shop, [[v!, 1]]);
    const placed = await placeFor(b, freshEmail());
    const id = await idOf(placed.no);
    const k = shop.deps.db.kysely;
    await notifyShopper(k, 'order-placed', id, shop.clock.now());
    await k.transaction().execute((trx) => notifyShopper(trx, 'order-placed', id, shop.clock.now()));
    const rows = await k
      .selectFrom('notifications')
      .select('id')
      .where('order_id', '=', id)
      .where('purpose', '=', 'order-placed')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('sends each mail once when two servers send at the same time', async () => {
    const [v] = await pickVariants(shop, 1, 50);
    const emails: string[] = [];
    for (let i = 0; i < 4; i++) {
      const b = await memberBuyer(shop, [[v!, 1]]);
      emails.push(freshEmail());
      await placeFor(b, emails[i]!);
    }
    const other = secondServer();
    try {
      await Promise.all([sendDue(shop.deps), sendDue(other.deps), sendDue(shop.deps), sendDue(other.deps)]);
    } finally {
      await other.close();
    }
    for (const e of emails) expect((await mailsTo(e)).map((m) => m.purpose)).toEqual(['order-placed']);
  });

  it('takes again, once, a mail whose server stopped mid-way, after its lease; a restarted sender sends nothing twice', async () => {
    const [v] = await pickVariants(shop, 1, 50);
    const b = await memberBuyer(shop, [[v!, 1]]);
    const email = freshEmail();
    const placed = await placeFor(b, email);
    const k = shop.deps.db.kysely;
    const orderId = await idOf(placed.no);
    await sendDue(shop.deps); // everything else goes out
    await k
      .updateTable('notifications')
      .set({ state: 'pending', claimed_until: shop.clock.now() + NOTIFY_LEASE_MS, claim: 'a-server-that-died' })
      .where('order_id', '=', orderId)
      .where('purpose', '=', 'order-placed')
      .execute();
    await k.deleteFrom('email_outbox').where('email', '=', email).execute();
    await sendDue(shop.deps);
    expect(await mailsTo(email)).toEqual([]);
    shop.clock.advance(NOTIFY_LEASE_MS + 1);
    const restarted = secondServer();
    try {
      await sendDue(restarted.deps);
      await sendDue(restarted.deps);
    } finally {
      await restarted.close();
    }
    await sendDue(shop.deps);
    expect((await mailsTo(email)).map((m) => m.purpose)).toEqual(['order-placed']);
  });

  it('email.down 3 times: the order answers as before, the mail goes out once after the fault', async () => {
    const [v] = await pickVariants(shop, 1, 50);
    const b = await memberBuyer(shop, [[v!, 1]]);
    const email = freshEmail();
    await sendDue(shop.deps); // nothing else waits
    okResult(await shop.call('POST', '/api/dev/faults', { body: { name: 'email.down', times: 3 } }));
    // A card order: its only mail is the shopper's (the owner hears once it is paid).
    const placed = await placeFor(b, email, { payment: 'credit' });
    expect(faultsLeft('email.down')).toBe(3); // the request did not try to mail
    const orderId = await idOf(placed.no);
    const rowOf = () =>
      shop.deps.db.kysely
        .selectFrom('notifications')
        .select(['state', 'attempts', 'last_error', 'next_at'])
        .where('purpose', '=', 'order-placed')
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
    for (let attempt = 1; attempt <= 3; attempt++) {
      await sendDue(shop.deps);
      expect(await mailsTo(email)).toEqual([]);
      const r = await rowOf();
      expect(r).toMatchObject({ state: 'pending', attempts: attempt });
      expect(r.last_error).toContain('email.down');
      expect(Number(r.next_at)).toBe(shop.clock.now() + retryDelay(attempt));
      await sendDue(shop.deps); // not due yet: nothing more is tried
      expect((await rowOf()).attempts).toBe(attempt);
      shop.clock.advance(retryDelay(attempt));
    }
    await sendDue(shop.deps);
    await sendDue(shop.deps);
    expect((await mailsTo(email)).map((m) => m.purpose)).toEqual(['order-placed']);
    expect((await rowOf()).state).toBe('sent');
    armFault('email.down', 0);
  });

  it('an ATM order’s placed mail waits for the account and carries it with its deadline; without one it goes after the wait', async () => {
    const [v] = await pickVariants(shop, 1, 50);
    await sendDue(shop.deps);
    const b = await memberBuyer(shop, [[v!, 1]]);
    const email = freshEmail();
    const placed = await placeFor(b, email, { payment: 'atm' });
    const id = await idOf(placed.no);
    await sendDue(shop.deps);
    expect(await mailsTo(email)).toEqual([]);
    shop.clock.advance(NOTIFY_PAY_INFO_POLL_MS);
    await shop.deps.db.kysely
      .insertInto('payment_attempts')
      .values({
        order_id: id,
        merchant_trade_no: `T${id}X${Date.now() % 1e9}`,
        method: 'atm',
        amount: placed.total,
        state: 'issued',
        bank_code: '812',
        v_account: '9103522175887271',
        expires_at: Date.UTC(2026, 10, 24, 15, 59),
        created_at: shop.clock.now(),
      })
      .execute();
    await sendDue(shop.deps);
    const [mail] = await mailsTo(email);
    expect(mail!.purpose).toBe('order-placed');
    expect(mail!.text).toContain('銀行代碼 812、帳號 9103522175887271');
    expect(mail!.text).toContain('2026/11/24 23:59');

    const b2 = await memberBuyer(shop, [[v!, 1]]);
    const email2 = freshEmail();
    await placeFor(b2, email2, { payment: 'atm' });
    await sendDue(shop.deps);
    shop.clock.advance(NOTIFY_PAY_INFO_WAIT_MS);
    await sendDue(shop.deps);
    const [late] = await mailsTo(email2);
    expect(late!.text).toContain('ATM 轉帳');
    expect(late!.text).toContain('付款方式請見訂單頁');
  });

  it("mails a member's verified email when the receiver left none, and nobody when it is not verified", async () => {
    const [v] = await pickVariants(shop, 1, 50);
    const k = shop.deps.db.kysely;
    const results: string[][] = [];
    for (const verified of [1, 0]) {
      const b = await memberBuyer(shop, [[v!, 1]]);
      const email = freshEmail();
      const memberId = (
        await k.selectFrom('members').select('id').where('phone', '=', b.phone).executeTakeFirstOrThrow()
      ).id;
      await k.updateTable('members').set({ email, email_verify: verified }).where('id', '=', memberId).execute();
      const placed = await placeFor(b, '');
      await sendDue(shop.deps);
      results.push((await mailsTo(email)).map((m) => m.purpose));
      const row = await k
        .selectFrom('notifications')
        .select(['state', 'last_error'])
        .where('order_id', '=', await idOf(placed.no))
        .where('purpose', '=', 'order-placed')
        .executeTakeFirstOrThrow();
      expect(row.state).toBe(verified ? 'sent' : 'skipped');
    }
    expect(results).toEqual([['order-placed'], []]);
  });

  it('the maintenance sweep deletes notifications delivered a month ago, keeping those that wait', async () => {
    const k = shop.deps.db.kysely;
    const now = shop.clock.now();
    const old = now - NOTIFY_KEEP_MS - 1;
    const base = { recipient: 'owner' as const, order_id: null, next_at: old, created_at: old };
    await k
      .insertInto('notifications')
      .values([
        { ...base, purpose: 'owner-daily', subject: 'day:2020-01-01', state: 'sent' },
        { ...base, purpose: 'owner-daily', subject: 'day:2020-01-02', state: 'pending' },
      ])
      .execute();
    expect((await sweep(shop.deps)).notifications).toBe(1);
    const left = await k.selectFrom('notifications').select('subject').where('subject', 'like', 'day:2020-%').execute();
    expect(left).toEqual([{ subject: 'day:2020-01-02' }]);
    await k.deleteFrom('notifications').where('subject', '=', 'day:2020-01-02').execute();
  });
});

describe('through a real mail server (SMTP)', () => {
  it('a server that is down: the mail is retried, then sent once as HTML with a plain-text twin and a stable Message-ID', async () => {
    const [v] = await pickVariants(shop, 1, 50);
    await sendDue(shop.deps);
    const b = await memberBuyer(shop, [[v!, 1]]);
    const email = freshEmail();
    const placed = await placeFor(b, email, { payment: 'credit' });
    const sink = await startSmtpSink();
    // Nothing listens there: the connection is refused at once.
    const down: Deps = { ...shop.deps, mail: smtpEmail({ url: 'smtp://127.0.0.1:9', from: 'no-reply@soundwood.tw' }) };
    const up: Deps = { ...shop.deps, mail: smtpEmail({ url: sink.url, from: 'no-reply@soundwood.tw' }) };
    try {
      expect(await sendDue(down)).toMatchObject({ sent: 0, retried: 1 });
      shop.clock.advance(retryDelay(1));
      expect(await sendDue(up)).toMatchObject({ sent: 1 });
      await sendDue(up);
      expect(sink.mails).toHaveLength(1);
      const data = sink.mails[0]!.data;
      expect(sink.mails[0]!.to).toEqual([email]);
      expect(data).toMatch(/Content-Type: multipart\/alternative/);
      expect(data).toMatch(/Content-Type: text\/plain/);
      expect(data).toMatch(/Content-Type: text\/html/);
      const id = await idOf(placed.no);
      const row = await shop.deps.db.kysely
        .selectFrom('notifications')
        .select('id')
        .where('order_id', '=', id)
        .where('purpose', '=', 'order-placed')
        .executeTakeFirstOrThrow();
      expect(data).toContain(`Message-ID: <notification-${row.id}.order-placed@localhost>`);
    } finally {
      await sink.close();
    }
  });
});

describe('the shopper mails of an order', () => {
  it('mails paid, shipped and cancelled, each once, with the order number and total', async () => {
    const [v] = await pickVariants(shop, 1, 50);
    const b = await memberBuyer(shop, [[v!, 2]]);
    const email = freshEmail();
    const placed = await placeFor(b, email, { payment: 'credit' });
    const id = await idOf(placed.no);
    const k = shop.deps.db.kysely;
    const now = shop.clock.now();
    await k.transaction().execute((trx) => moveOrder(trx, { orderId: id, to: 'paid', now }));
    await k.transaction().execute((trx) => moveOrder(trx, { orderId: id, to: 'paid', now })); // refused: no mail
    await sendDue(shop.deps);
    await shipOrder(shop.deps, placed.no, '黑貓宅急便', 'TRK-1234');
    await sendDue(shop.deps);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.purpose)).toEqual(['order-placed', 'order-paid', 'order-shipped']);
    for (const m of mails) {
      expect(m.text).toContain(placed.no);
      expect(m.text).toContain(nt(placed.total));
    }
    expect(mails[2]!.text).toContain('黑貓宅急便');
    expect(mails[2]!.text).toContain('TRK-1234');
  });

  it('mails a cancel with its reason, escaped in the HTML, and what happens to the payment', async () => {
    const [v] = await pickVariants(shop, 1, 50);
    const b = await memberBuyer(shop, [[v!, 1]]);
    const email = freshEmail();
    const placed = await placeFor(b, email, {}, 'en');
    okResult(
      await shop.call('POST', `/api/orders/${placed.no}/cancel`, {
        body: { reason: '<b>changed</b> & mind' },
        token: b.token,
        lang: 'en',
      }),
    );
    await sendDue(shop.deps);
    const cancelled = (await mailsTo(email)).find((m) => m.purpose === 'order-cancelled')!;
    expect(cancelled.text).toContain('Reason: <b>changed</b> & mind');
    expect(cancelled.text).toContain('Nothing was paid');
    expect(cancelled.text).toContain(nt(placed.total));
    const html = await htmlOf(email, 'order-cancelled');
    expect(html).toContain('&lt;b&gt;changed&lt;/b&gt; &amp; mind');
    expect(html).not.toContain('<b>changed');
    expect(html).toContain('<html lang="en">');
  });

  it('mails a card order released unpaid at its deadline: why, and that nothing was paid', async () => {
    const [v] = await pickVariants(shop, 1, 50);
    const b = await memberBuyer(shop, [[v!, 1]]);
    const email = freshEmail();
    const placed = await placeFor(b, email, { payment: 'credit' }, 'en');
    shop.clock.advance(CARD_PAY_TIMEOUT_MS + 1);
    expect(await releaseUnpaid(shop.deps)).toContain(placed.no);
    await sendDue(shop.deps);
    const mail = (await mailsTo(email)).find((m) => m.purpose === 'order-cancelled')!;
    expect(mail.text).toContain('The payment deadline passed');
    expect(mail.text).toContain('Nothing was paid');
  });

  it('tells the owner when a paid order is cancelled and needs a refund', async () => {
    const [v] = await pickVariants(shop, 1, 50);
    const b = await memberBuyer(shop, [[v!, 1]]);
    const placed = await placeFor(b, freshEmail(), { payment: 'credit' });
    const id = await idOf(placed.no);
    const k = shop.deps.db.kysely;
    await k.transaction().execute(async (trx) => {
      await moveOrder(trx, { orderId: id, to: 'paid', now: shop.clock.now() });
      await trx.updateTable('orders').set({ paid_at: shop.clock.now() }).where('id', '=', id).execute();
    });
    await cancelForShop(shop.deps, placed.no, 'out of stock');
    await sendDue(shop.deps);
    const owner = await mailsTo(OWNERS[0]!);
    expect(owner.filter((m) => m.purpose === 'owner-new-order' && m.text.includes(placed.no))).toHaveLength(1);
    const action = owner.filter((m) => m.purpose === 'owner-needs-action' && m.text.includes(placed.no));
    expect(action).toHaveLength(1);
    expect(action[0]!.subject).toContain('需要退款');
    // Each carries the order's console page beside the command.
    const page = `http://localhost:4321/admin/order?no=${placed.no}`;
    for (const m of [
      ...action,
      ...owner.filter((x) => x.purpose === 'owner-new-order' && x.text.includes(placed.no)),
    ]) {
      expect(m.link).toBe(page);
      expect(m.text).toContain(`npm run orders -- show ${placed.no}`);
      expect(m.text).toContain(page);
    }
  });
});
