import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../../src/server/context.ts';
import { sendDue } from '../../../src/server/notify/sender.ts';
import { smtpEmail } from '../../../src/server/providers/email-smtp.ts';
import { queueReviewRequests } from '../../../src/server/reviews/review-requests.ts';
import { startSmtpSink } from '../../helpers/smtp-sink.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { DAY, type ReviewOrder, reviewOrder } from './reviews-helpers.ts';

/**
 * Issue 42: the review request's unsubscribe link. A shopper who follows it (asked first, then
 * confirmed; or a mail client's RFC 8058 one-click POST) gets no more review requests at that
 * address, a member's or a guest's order alike; other addresses still get theirs.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  Object.assign(shop.deps.env, { REVIEW_REQUESTS: '1' });
});
afterAll(() => shop.close());

let seq = 0;
/** A delivered order whose mails go to an address of its own (or `email`), in `locale`. */
async function deliveredTo(email?: string, locale: 'zh-TW' | 'en' = 'zh-TW'): Promise<ReviewOrder & { email: string }> {
  const o = await reviewOrder(shop);
  const to = email ?? `shopper-${++seq}@example.tw`;
  await shop.deps.db.kysely.updateTable('orders').set({ receiver_email: to, locale }).where('id', '=', o.id).execute();
  return { ...o, email: to };
}
const requestMails = (email: string) =>
  shop.deps.db.kysely
    .selectFrom('email_outbox')
    .select(['text', 'html'])
    .where('purpose', '=', 'review-request')
    .where('email', '=', email)
    .execute();
const queued = (orderId: number) =>
  shop.deps.db.kysely
    .selectFrom('notifications')
    .select('state')
    .where('purpose', '=', 'review-request')
    .where('order_id', '=', orderId)
    .execute();
const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;
const post = (path: string, body: string) =>
  shop.app.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
const stopOf = (text: string) => /(http:\/\/\S+\/api\/review-mails\/unsubscribe\?token=\S+)/.exec(text)?.[1];

describe('the review request’s unsubscribe link', () => {
  it('asks, then stops the requests to that address: its next delivered order is not asked, another address is', async () => {
    const first = await deliveredTo();
    shop.clock.advance(10 * DAY);
    await sendDue(shop.deps);
    const [mail] = await requestMails(first.email);
    expect(mail!.text).toContain('不想再收到評論邀請: http://');
    const stop = stopOf(mail!.text)!;
    expect(mail!.html).toContain(`<a href="${stop.replaceAll('&', '&amp;')}">不想再收到評論邀請</a>`);

    // Opening the link (as a link scanner would) stops nothing: it asks, in the order's language.
    const asked = await shop.app.request(pathOf(stop));
    expect(asked.status).toBe(200);
    expect(asked.headers.get('x-robots-tag')).toBe('noindex');
    const page = await asked.text();
    expect(page).toContain('確定不再收到邀請您評論商品的郵件嗎？');
    const token = /name="token" value="([^"]+)"/.exec(page)![1]!;
    const again = await deliveredTo(first.email.toUpperCase());
    const other = await deliveredTo();
    shop.clock.advance(10 * DAY);
    expect(await queueReviewRequests(shop.deps, shop.clock.now())).toBe(2);

    const done = await post('/api/review-mails/unsubscribe', `token=${encodeURIComponent(token)}`);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('好的，您不會再收到評論邀請。');
    // Queued before the click: not sent now (the address is checked when it goes).
    await sendDue(shop.deps);
    expect((await queued(again.id)).map((n) => n.state)).toEqual(['skipped']);
    const why = await shop.deps.db.kysely
      .selectFrom('notifications')
      .select('last_error')
      .where('purpose', '=', 'review-request')
      .where('order_id', '=', again.id)
      .executeTakeFirstOrThrow();
    expect(why.last_error).toContain('the address stopped these mails');
    expect(await requestMails(other.email)).toHaveLength(1);

    // Delivered after the click: not even queued. Twice stopped is still stopped.
    const later = await deliveredTo(first.email);
    expect((await post('/api/review-mails/unsubscribe', `token=${encodeURIComponent(token)}`)).status).toBe(200);
    shop.clock.advance(10 * DAY);
    await sendDue(shop.deps);
    expect(await queued(later.id)).toEqual([]);
    expect(await requestMails(first.email)).toHaveLength(1);
  });

  it('answers a mail client’s one-click POST (List-Unsubscribe-Post), in the order’s language', async () => {
    const o = await deliveredTo(undefined, 'en');
    shop.clock.advance(10 * DAY);
    const sink = await startSmtpSink();
    const smtp: Deps = { ...shop.deps, mail: smtpEmail({ url: sink.url, from: 'no-reply@soundwood.tw' }) };
    let stop: string | undefined;
    try {
      await sendDue(smtp);
      const mail = sink.mails.find((m) => m.to.includes(o.email));
      expect(mail).toBeDefined();
      const unfolded = mail!.data.replace(/\r?\n[ \t]+/g, ' ');
      stop = /^List-Unsubscribe: <(http:\/\/\S+\/api\/review-mails\/unsubscribe\?token=[^>]+)>$/m.exec(unfolded)?.[1];
      expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    } finally {
      await sink.close();
    }
    expect(stop).toBeDefined();
    const one = await post(pathOf(stop!), 'List-Unsubscribe=One-Click');
    expect(one.status).toBe(200);
    expect(await one.text()).toContain('Done: you will get no more review requests.');
    const later = await deliveredTo(o.email);
    shop.clock.advance(10 * DAY);
    await sendDue(shop.deps);
    expect(await queued(later.id)).toEqual([]);
  });

  it('refuses a forged or malformed token with a page in the caller’s language, and stops nothing', async () => {
    const o = await deliveredTo();
    shop.clock.advance(10 * DAY);
    await sendDue(shop.deps);
    const stop = stopOf((await requestMails(o.email))[0]!.text)!;
    const forged = stop.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const page = await shop.app.request(pathOf(forged), { headers: { 'accept-language': 'en' } });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('This link is not valid.');
    const token = new URL(forged).searchParams.get('token')!;
    expect((await post('/api/review-mails/unsubscribe', `token=${encodeURIComponent(token)}`)).status).toBe(404);
    expect((await post('/api/review-mails/unsubscribe', 'token=1.x')).status).toBe(404);
    expect((await shop.app.request('/api/review-mails/unsubscribe?token=1.x&more=1')).status).toBe(400);
    const stops = await shop.deps.db.kysely
      .selectFrom('review_mail_stops')
      .select('email')
      .where('email', '=', o.email)
      .execute();
    expect(stops).toEqual([]);
  });
});
