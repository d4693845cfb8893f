import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { registerMember } from '../accounts/users-helpers.ts';
import { countReviews, postReview, reviewOrder } from './reviews-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

describe('POST /api/products/{slug}/reviews', () => {
  it('a member reviews a product of a delivered order: 201 with the review, listed on the product', async () => {
    const o = await reviewOrder(shop, { member: true });
    const r = await postReview(shop, o, { stars: 4, title: '音質很好', body: '低音飽滿。\n第二行。' });
    expect(r.status).toBe(201);
    expect(Object.keys(r.json.result)).toEqual(
      expect.arrayContaining(['id', 'stars', 'title', 'body', 'variant', 'created_at', 'state']),
    );
    expect(r.json.result).toMatchObject({
      stars: 4,
      title: '音質很好',
      body: '低音飽滿。\n第二行。',
      state: 'published',
      created_at: shop.clock.now(),
    });
    expect(typeof r.json.result.variant).toBe('string');
    const list = await shop.call('GET', `/api/products/${o.slug}/reviews`);
    expect(list.json.result.data.map((x: { id: number }) => x.id)).toEqual([r.json.result.id]);
  });

  it('a guest reviews through the order’s private key; without it 401, with a wrong one 404', async () => {
    const o = await reviewOrder(shop, { state: 'picked_up' });
    const path = `/api/products/${o.slug}/reviews`;
    const none = await shop.call('POST', path, { body: { order_no: o.no, stars: 5 } });
    expect(none.status).toBe(401);
    const wrong = await shop.call('POST', path, {
      body: { order_no: o.no, stars: 5 },
      headers: { 'X-Order-Key': 'A'.repeat(43) },
    });
    expect(wrong.status).toBe(404);
    expect(await countReviews(shop)).toBe(1);
    const r = await postReview(shop, o, { stars: 5 });
    expect(r.status).toBe(201);
    expect(r.json.result).toMatchObject({ stars: 5, title: '', body: '' });
  });

  it('refuses an order not delivered, a product not in the order and another member’s order, storing nothing', async () => {
    const before = await countReviews(shop);
    const shipped = await reviewOrder(shop, { member: true, state: 'shipped' });
    const r1 = await postReview(shop, shipped, { stars: 3 }, 'en');
    expect(r1.status).toBe(409);
    expect(r1.json.code).toBe('REVIEW_NOT_ALLOWED');
    expect(r1.json.errors.order_no).toBe(
      'This order has not been delivered or picked up yet. Review it once you have it.',
    );
    const cancelled = await reviewOrder(shop, { state: 'cancelled' });
    expect((await postReview(shop, cancelled, { stars: 3 })).json.errors.order_no).toBe(
      '這筆訂單尚未送達或取貨，收到商品後才能評論。',
    );
    const delivered = await reviewOrder(shop, { member: true });
    const other = await reviewOrder(shop);
    const r2 = await postReview(shop, delivered, { stars: 3 }, 'zh-TW', other.slug);
    expect(r2.status).toBe(409);
    expect(r2.json.errors.order_no).toBe('這筆訂單沒有這個商品。');
    const stranger = await registerMember(shop);
    const r3 = await shop.call('POST', `/api/products/${delivered.slug}/reviews`, {
      body: { order_no: delivered.no, stars: 3 },
      token: stranger.token,
    });
    expect(r3.status).toBe(404);
    expect(r3.json.code).toBe('ORDER_NOT_FOUND');
    const unknown = await postReview(shop, delivered, { stars: 3 }, 'en', 'no-such-product');
    expect(unknown.status).toBe(404);
    expect(await countReviews(shop)).toBe(before);
  });

  it('20 parallel identical posts make one review: one 201, the others 409 REVIEW_ALREADY_WRITTEN', async () => {
    const o = await reviewOrder(shop, { member: true });
    const before = await countReviews(shop);
    const all = await Promise.all(
      Array.from({ length: 20 }, () => postReview(shop, o, { stars: 4, title: 'Good' }, 'en')),
    );
    const statuses = all.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    for (const r of all.filter((x) => x.status === 409)) {
      expect(r.json.code).toBe('REVIEW_ALREADY_WRITTEN');
      expect(r.json.errors.order_no).toBe('This order has already reviewed this product.');
    }
    expect(await countReviews(shop)).toBe(before + 1);
    const again = await postReview(shop, o, { stars: 1 });
    expect(again.status).toBe(409);
    expect(again.json.errors.order_no).toBe('這筆訂單已評論過這個商品。');
  });

  it('checks stars and text by the API’s text rules, in the caller’s language, storing nothing', async () => {
    const o = await reviewOrder(shop, { member: true });
    const before = await countReviews(shop);
    for (const stars of [0, 6, 3.5, '4']) {
      const r = await postReview(shop, o, { stars }, 'en');
      expect(r.status).toBe(400);
      expect(r.json.errors.stars).toMatch(/stars|must be a number/);
    }
    const zh = await postReview(shop, o, { stars: 9 });
    expect(zh.json.errors.stars).toBe('請給 1 到 5 顆星。');
    const control = await postReview(shop, o, { stars: 4, title: 'ok\u0007', body: 'a\u202Eb' }, 'en');
    expect(control.status).toBe(400);
    expect(control.json.errors).toEqual({
      title: 'Remove control characters, text-direction overrides or broken characters.',
      body: 'Remove control characters, text-direction overrides or broken characters.',
    });
    const long = await postReview(shop, o, { stars: 4, title: 't'.repeat(101), body: 'b'.repeat(2001) });
    expect(long.json.errors).toEqual({ title: '內容太長。', body: '內容太長。' });
    const blank = await postReview(shop, o, { stars: 4, title: '\u200B' }, 'en');
    expect(blank.json.errors.title).toBe('Enter at least one visible character.');
    const extra = await postReview(shop, o, { stars: 4, member_id: 1 });
    expect(extra.json.code).toBe('UNKNOWN_FIELD');
    expect(await countReviews(shop)).toBe(before);
  });

  it('shows the variant bought in the caller’s language and the month it was bought', async () => {
    const o = await reviewOrder(shop);
    await shop.deps.db.kysely
      .updateTable('order_lines')
      .set({ option_value_zh: '黑色', option_value_en: 'Black' })
      .where('order_id', '=', o.id)
      .execute();
    const r = await postReview(shop, o, { stars: 4 }, 'en');
    expect(r.json.result).toMatchObject({ variant: 'Black', bought: '2026-11' });
    const zh = await shop.call('GET', `/api/products/${o.slug}/reviews`);
    expect(zh.json.result.data.find((x: { id: number }) => x.id === r.json.result.id).variant).toBe('黑色');
  });

  it('keeps HTML as the text it is: stored and answered exactly as typed, never as markup', async () => {
    const o = await reviewOrder(shop);
    const html = '<script>alert(1)</script><b>讚</b> &amp;';
    const r = await postReview(shop, o, { stars: 5, title: '<i>好</i>', body: html });
    expect(r.status).toBe(201);
    expect(r.json.result).toMatchObject({ title: '<i>好</i>', body: html });
    const list = await shop.call('GET', `/api/products/${o.slug}/reviews`);
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    expect(list.json.result.data[0].body).toBe(html);
  });
});
