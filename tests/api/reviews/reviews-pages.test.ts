import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFingerprint } from '../../../src/server/catalog/fingerprint.ts';
import { productPageVersions } from '../../../src/server/catalog/page-versions.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { registerMember } from '../accounts/users-helpers.ts';
import { DAY, postReview, type ReviewOrder, reviewOrder, shopperOf } from './reviews-helpers.ts';

let shop: TestShop;
let member: ReviewOrder;
let guest: ReviewOrder;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  member = await reviewOrder(shop, { member: await registerMember(shop, { name: '王小明' }) });
  guest = await reviewOrder(shop);
});
afterAll(() => shop.close());

const formOf = (o: ReviewOrder, lang = 'zh-TW') =>
  shop.call('GET', `/api/orders/${o.no}/reviews`, { lang, ...shopperOf(o) });

describe('GET /api/orders/{no}/reviews (the review form)', () => {
  it("lists the order's products with the variant bought, then the review written with its edit window", async () => {
    const before = await formOf(member);
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('no-store');
    expect(before.json.result).toMatchObject({ no: member.no, delivered: true });
    expect(before.json.result.items).toHaveLength(1);
    expect(before.json.result.items[0]).toMatchObject({ slug: member.slug, review: null });
    expect(before.json.result.items[0].name).not.toBe('');

    const posted = await postReview(shop, member, { stars: 4, title: '好聽', body: '<b>bold</b>' });
    expect(posted.status).toBe(201);
    const after = await formOf(member, 'en');
    const review = after.json.result.items[0].review;
    expect(review).toMatchObject({ id: posted.json.result.id, stars: 4, title: '好聽', body: '<b>bold</b>' });
    expect(review.editable_until).toBe(review.created_at + 30 * DAY);
  });

  it("answers a guest holding the order's key, and nobody else", async () => {
    expect((await formOf(guest)).json.result.items[0]).toMatchObject({ slug: guest.slug, review: null });
    expect((await shop.call('GET', `/api/orders/${guest.no}/reviews`)).status).toBe(401);
    const other = await registerMember(shop);
    expect((await shop.call('GET', `/api/orders/${member.no}/reviews`, { token: other.token })).status).toBe(404);
    const wrong = await shop.call('GET', `/api/orders/${guest.no}/reviews`, {
      headers: { 'X-Order-Key': 'x'.repeat(43) },
    });
    expect(wrong.status).toBe(404);
  });

  it('says when the order is not delivered yet', async () => {
    const shipped = await reviewOrder(shop, { state: 'shipped' });
    expect((await formOf(shipped)).json.result.delivered).toBe(false);
  });
});

describe('the product pages carry the reviews', () => {
  it("the detail has the summary, the newest reviews under a masked name and the cards' stars", async () => {
    const d = await shop.call('GET', `/api/products/${member.slug}`);
    expect(d.status).toBe(200);
    expect(d.json.result.rating).toEqual({ average: 4, count: 1 });
    expect(d.json.result.reviews.summary).toMatchObject({ average: 4, count: 1 });
    const [first] = d.json.result.reviews.first;
    expect(first).toMatchObject({ stars: 4, title: '好聽', author: '王**' });
    expect(JSON.stringify(d.json.result.reviews)).not.toContain('王小明');
    const list = await shop.call('GET', '/api/products?page_size=100');
    const card = list.json.result.data.find((p: { slug: string }) => p.slug === member.slug);
    expect(card.rating).toEqual({ average: 4, count: 1 });
    const other = list.json.result.data.find((p: { slug: string }) => p.slug !== member.slug);
    expect(other.rating).toBeNull();
  });

  it("a review's change moves the fingerprint and its product's page version only", async () => {
    const fp = (await catalogFingerprint(shop.deps.db)).fingerprint;
    const versions = await productPageVersions(shop.deps.db);
    await shop.deps.db.kysely
      .updateTable('reviews')
      .set({ state: 'hidden', updated_at: shop.clock.now() + 1 })
      .where('order_id', '=', member.id)
      .execute();
    expect((await catalogFingerprint(shop.deps.db)).fingerprint).not.toBe(fp);
    const after = await productPageVersions(shop.deps.db);
    const changed = [...after].filter(([slug, v]) => versions.get(slug) !== v).map(([slug]) => slug);
    expect(changed).toContain(member.slug);
    // Only the product and the pages that show it among their related products.
    expect(changed.length).toBeLessThan(after.size / 2);
    const d = await shop.call('GET', `/api/products/${member.slug}`);
    expect(d.json.result.rating).toBeNull();
    expect(d.json.result.reviews.first).toEqual([]);
  });
});
