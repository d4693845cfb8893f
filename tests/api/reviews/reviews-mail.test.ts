import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../../src/server/context.ts';
import { readEnv } from '../../../src/server/env.ts';
import { sendDue } from '../../../src/server/notify/sender.ts';
import { outboxEmail } from '../../../src/server/providers/email-outbox.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { DAY, postReview, reviewOrder } from './reviews-helpers.ts';

/**
 * Issue 42: the one mail asking for reviews REVIEW_REQUEST_DAYS after delivery (never for a cancelled
 * or returned order, once whatever the senders), and the owner's alert of a review of 1–2 stars.
 */

const OWNER = 'owner@soundwood.tw';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  // The review requests are on by default (REVIEW_REQUESTS unset).
  Object.assign(shop.deps.env, { SHOP_NOTIFY_EMAIL: [OWNER], SHOP_NOTIFY_LOCALE: 'zh-TW' });
});
afterAll(() => shop.close());

const mails = (purpose: string, email?: string) => {
  let q = shop.deps.db.kysely.selectFrom('email_outbox').selectAll().where('purpose', '=', purpose);
  if (email) q = q.where('email', '=', email);
  return q.orderBy('id').execute();
};
const requests = (orderId: number) =>
  shop.deps.db.kysely
    .selectFrom('notifications')
    .select(['state', 'payload'])
    .where('purpose', '=', 'review-request')
    .where('order_id', '=', orderId)
    .execute();

describe('the review request (outbox purpose review-request)', () => {
  it('goes once, 10 days after delivery, with two senders at once; its guest link reviews the order', async () => {
    const o = await reviewOrder(shop);
    const member = await reviewOrder(shop, { member: true });
    shop.clock.advance(10 * DAY - 60_000);
    await sendDue(shop.deps);
    expect(await requests(o.id)).toEqual([]);
    shop.clock.advance(60_000);
    const other: Deps = { ...shop.deps, db: shop.openAnother() };
    other.mail = outboxEmail(other.db, shop.clock);
    try {
      await Promise.all([sendDue(shop.deps), sendDue(other), sendDue(shop.deps)]);
      await sendDue(other);
    } finally {
      await other.db.close();
    }
    expect(await requests(o.id)).toEqual([{ state: 'sent', payload: '{}' }]);
    const sent = await mails('review-request');
    expect(sent).toHaveLength(2);
    const guestMail = sent.find((m) => m.text.includes(o.no))!;
    expect(guestMail.subject).toBe(`聲林音響：您對訂單 ${o.no} 的商品還滿意嗎？`);
    expect(guestMail.link).toMatch(new RegExp(`/review\\?no=${o.no}&key=[A-Za-z0-9_-]{20,}$`));
    const memberMail = sent.find((m) => m.text.includes(member.no))!;
    expect(memberMail.link).toMatch(new RegExp(`/review\\?no=${member.no}$`));

    const key = new URL(guestMail.link).searchParams.get('key')!;
    const r = await shop.call('POST', `/api/products/${o.slug}/reviews`, {
      body: { order_no: o.no, stars: 5 },
      headers: { 'X-Order-Key': key },
    });
    expect(r.status).toBe(201);

    shop.clock.advance(DAY);
    await sendDue(shop.deps);
    expect(await mails('review-request')).toHaveLength(2);
  });

  it('is never sent for an order with a return or a cancelled one', async () => {
    const returned = await reviewOrder(shop);
    const cancelled = await reviewOrder(shop);
    const now = shop.clock.now();
    await shop.deps.db.kysely
      .insertInto('returns')
      .values({ order_id: returned.id, state: 'requested', locale: 'zh-TW', requested_at: now, updated_at: now })
      .execute();
    await shop.deps.db.kysely
      .updateTable('orders')
      .set({ state: 'cancelled' })
      .where('id', '=', cancelled.id)
      .execute();
    shop.clock.advance(11 * DAY);
    await sendDue(shop.deps);
    expect(await requests(returned.id)).toEqual([]);
    expect(await requests(cancelled.id)).toEqual([]);
  });

  it('is not sent for an order delivered more than REVIEW_REQUEST_LATE_DAYS before it fell due', async () => {
    const old = await reviewOrder(shop);
    shop.clock.advance(41 * DAY);
    await sendDue(shop.deps);
    expect(await requests(old.id)).toEqual([]);
  });

  it('queued, then the order returned before it went: skipped, not sent', async () => {
    const o = await reviewOrder(shop);
    shop.clock.advance(10 * DAY);
    const { queueReviewRequests } = await import('../../../src/server/reviews/review-requests.ts');
    expect(await queueReviewRequests(shop.deps, shop.clock.now())).toBeGreaterThanOrEqual(1);
    const now = shop.clock.now();
    await shop.deps.db.kysely
      .insertInto('returns')
      .values({ order_id: o.id, state: 'approved', locale: 'zh-TW', requested_at: now, updated_at: now })
      .execute();
    await sendDue(shop.deps);
    expect((await requests(o.id)).map((x) => x.state)).toEqual(['skipped']);
  });
});

describe('the owner’s alert of a low review (owner-review)', () => {
  it('comes once for a review of 1–2 stars, its text escaped in the HTML; none for 3 stars and up', async () => {
    const low = await reviewOrder(shop);
    const high = await reviewOrder(shop);
    const before = (await mails('owner-review', OWNER)).length;
    const id = (await postReview(shop, low, { stars: 2, title: '<b>失望</b>', body: '雜音 & 斷線' })).json.result.id;
    await postReview(shop, high, { stars: 4 });
    await shop.call('PATCH', `/api/products/${low.slug}/reviews/${id}`, {
      body: { stars: 1 },
      headers: { 'X-Order-Key': low.guestKey },
    });
    await sendDue(shop.deps);
    const alerts = (await mails('owner-review', OWNER)).slice(before);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toMatch(/^低分評論 [12] 星：/);
    expect(alerts[0]!.text).toContain('<b>失望</b>');
    expect(alerts[0]!.html).toContain('&lt;b&gt;失望&lt;/b&gt;');
    expect(alerts[0]!.html).not.toContain('<b>失望');
    expect(alerts[0]!.html).toContain('雜音 &amp; 斷線');
  });
});

describe('REVIEW_REQUESTS', () => {
  it('is on unless set to 0', () => {
    expect(readEnv({ NODE_ENV: 'test' }).REVIEW_REQUESTS).toBe('1');
    expect(shop.deps.env.REVIEW_REQUESTS).toBe('1');
  });

  it('off (0): no review request is queued, however long ago the order was delivered', async () => {
    shop.deps.env.REVIEW_REQUESTS = '0';
    try {
      const o = await reviewOrder(shop);
      shop.clock.advance(11 * DAY);
      await sendDue(shop.deps);
      expect(await requests(o.id)).toEqual([]);
    } finally {
      shop.deps.env.REVIEW_REQUESTS = '1';
    }
  });
});
