import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { signIn, staffMember, type TestStaff } from '../admin/admin-helpers.ts';
import { postReview, type ReviewOrder, reviewOrder, shopperOf } from './reviews-helpers.ts';

let post: TestShop;
let pre: TestShop;
let staff: TestStaff;
let preStaff: TestStaff;
beforeAll(async () => {
  post = await createTestShop({ seeded: true });
  pre = await createTestShop({ seeded: true, env: { REVIEWS_MODERATION: 'pre' } });
  staff = await staffMember(post, 'staff', '林小幫');
  staff.token = await signIn(post, staff);
  preStaff = await staffMember(pre, 'staff', '陳小幫');
  preStaff.token = await signIn(pre, preStaff);
});
afterAll(async () => {
  await post.close();
  await pre.close();
});

const admin = (shop: TestShop, who: TestStaff, method: string, path: string, body?: unknown, lang?: string) =>
  shop.call(method, `/api/admin/reviews${path}`, { token: who.token, body, lang });
const listed = async (shop: TestShop, o: ReviewOrder) =>
  (await shop.call('GET', `/api/products/${o.slug}/reviews`)).json.result.data.map((r: { id: number }) => r.id);
const auditOf = (shop: TestShop, no: string) =>
  shop.deps.db.kysely
    .selectFrom('admin_audit')
    .select(['action', 'detail', 'ok'])
    .where('order_no', '=', no)
    .orderBy('id')
    .execute();

describe('REVIEWS_MODERATION=post (the default)', () => {
  it('publishes at once; staff hide it with a reason (gone from the list), unhide it, reply; each audited', async () => {
    const o = await reviewOrder(post);
    const r = await postReview(post, o, { stars: 2, body: '<b>太吵</b>' });
    expect(r.json.result.state).toBe('published');
    const id = r.json.result.id;
    expect(await listed(post, o)).toEqual([id]);

    const hidden = await admin(post, staff, 'POST', `/${id}/hide`, { reason: '含個人資料' });
    expect(hidden.status).toBe(200);
    expect(hidden.json.result).toMatchObject({ id, state: 'hidden', hidden_reason: '含個人資料', order_no: o.no });
    expect(await listed(post, o)).toEqual([]);
    expect((await post.call('GET', `/api/products/${o.slug}/reviews`)).json.result.summary.count).toBe(0);
    const twice = await admin(post, staff, 'POST', `/${id}/hide`, { reason: 'again' }, 'en');
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe('Not done: This review is hidden already.');

    const shown = await admin(post, staff, 'POST', `/${id}/unhide`, { reason: '已確認無個資' });
    expect(shown.json.result).toMatchObject({ state: 'published', hidden_reason: '' });
    const reply = await admin(post, staff, 'POST', `/${id}/reply`, { reply: '感謝您的意見，<i>已改善</i>' });
    expect(reply.json.result.reply).toEqual({ body: '感謝您的意見，<i>已改善</i>', at: post.clock.now() });
    const page = await post.call('GET', `/api/products/${o.slug}/reviews`);
    expect(page.json.result.data[0]).toMatchObject({
      id,
      body: '<b>太吵</b>',
      reply: { body: '感謝您的意見，<i>已改善</i>' },
    });

    expect(await auditOf(post, o.no)).toEqual([
      { action: 'review-hide', detail: `review ${id} 含個人資料`, ok: 1 },
      { action: 'review-hide', detail: expect.stringContaining(`review ${id} again — refused`), ok: 0 },
      { action: 'review-unhide', detail: `review ${id} 已確認無個資`, ok: 1 },
      { action: 'review-reply', detail: `review ${id}`, ok: 1 },
    ]);
  });

  it('lists for the console by state, stars, product and reports; refuses without a sign-in or a reason', async () => {
    const o = await reviewOrder(post);
    const id = (await postReview(post, o, { stars: 1 })).json.result.id;
    await post.call('POST', `/api/products/${o.slug}/reviews/${id}/report`, { ip: '203.0.113.77' });
    const all = await admin(post, staff, 'GET', `?product=${o.slug}&stars=1&state=published&reported=1`);
    expect(all.json.result).toMatchObject({ total: 1, limit: 20, current: 1 });
    expect(all.json.result.data[0]).toMatchObject({ id, report_count: 1, writer: 'guest', product: { slug: o.slug } });
    expect((await admin(post, staff, 'GET', `?product=${o.slug}&stars=2`)).json.result.total).toBe(0);
    expect((await post.call('GET', '/api/admin/reviews')).status).toBe(401);
    const noReason = await admin(post, staff, 'POST', `/${id}/hide`, {}, 'en');
    expect(noReason.status).toBe(400);
    expect(noReason.json.errors.reason).toBeTruthy();
    expect((await admin(post, staff, 'POST', '/999999/hide', { reason: 'x' })).status).toBe(404);
  });
});

describe('REVIEWS_MODERATION=pre', () => {
  it('keeps a new review pending until staff publish it; an edit sends it back to pending', async () => {
    const o = await reviewOrder(pre);
    const r = await postReview(pre, o, { stars: 5, title: '很棒' });
    expect(r.status).toBe(201);
    expect(r.json.result.state).toBe('pending');
    const id = r.json.result.id;
    expect(await listed(pre, o)).toEqual([]);
    expect((await pre.call('POST', `/api/products/${o.slug}/reviews/${id}/helpful`)).status).toBe(404);
    const queue = await admin(pre, preStaff, 'GET', '?state=pending');
    expect(queue.json.result.data.map((x: { id: number }) => x.id)).toEqual([id]);

    const published = await admin(pre, preStaff, 'POST', `/${id}/publish`);
    expect(published.json.result.state).toBe('published');
    expect(await listed(pre, o)).toEqual([id]);
    expect((await admin(pre, preStaff, 'POST', `/${id}/publish`)).status).toBe(409);

    const edited = await pre.call('PATCH', `/api/products/${o.slug}/reviews/${id}`, {
      body: { title: '非常棒' },
      ...shopperOf(o),
    });
    expect(edited.json.result.state).toBe('pending');
    expect(await listed(pre, o)).toEqual([]);
  });
});

describe("the console's Today", () => {
  it('counts the reviews of each tab: waiting to be published (pre), reported and still shown, hidden', async () => {
    const today = async (shop: TestShop, who: TestStaff) =>
      (await shop.call('GET', '/api/admin/today', { token: who.token })).json.result.reviews;
    const before = await today(pre, preStaff);
    expect(before.moderation).toBe('pre');
    const o = await reviewOrder(pre);
    const id = (await postReview(pre, o, { stars: 4 })).json.result.id;
    expect(await today(pre, preStaff)).toEqual({ ...before, pending: before.pending + 1 });
    await admin(pre, preStaff, 'POST', `/${id}/publish`);
    await pre.call('POST', `/api/products/${o.slug}/reviews/${id}/report`, { ip: '203.0.113.91' });
    expect(await today(pre, preStaff)).toEqual({ ...before, reported: before.reported + 1 });
    await admin(pre, preStaff, 'POST', `/${id}/hide`, { reason: '廣告' });
    expect(await today(pre, preStaff)).toEqual({ ...before, hidden: before.hidden + 1 });
    expect((await today(post, staff)).moderation).toBe('post');
  });
});
