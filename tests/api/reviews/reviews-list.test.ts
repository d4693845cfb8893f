import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { registerMember } from '../accounts/users-helpers.ts';
import { DAY, postReview, type ReviewOrder, reviewOrder } from './reviews-helpers.ts';

let shop: TestShop;
let slug: string;
const ids: Record<number, number> = {};
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  // Five orders of the same product, reviewed with 1 to 5 stars a minute apart.
  const first = await reviewOrder(shop);
  slug = first.slug;
  const k = shop.deps.db.kysely;
  const variantId = first.variantId;
  for (const stars of [1, 2, 3, 4, 5]) {
    const o: ReviewOrder = stars === 1 ? first : await reviewOrder(shop);
    await k
      .updateTable('order_lines')
      .set({ variant_id: variantId, product_slug: slug })
      .where('order_id', '=', o.id)
      .execute();
    ids[stars] = (await postReview(shop, { ...o, slug }, { stars, title: `${stars} stars` })).json.result.id;
    shop.clock.advance(60_000);
  }
});
afterAll(() => shop.close());

const list = (query = '') => shop.call('GET', `/api/products/${slug}/reviews${query}`);

describe('GET /api/products/{slug}/reviews', () => {
  it('pages the published reviews newest first, with the summary of all of them', async () => {
    const r = await list('?page_size=2');
    expect(r.status).toBe(200);
    expect(r.json.result).toMatchObject({ total: 5, limit: 2, current: 1, page_count: 3 });
    expect(r.json.result.data.map((x: { id: number }) => x.id)).toEqual([ids[5], ids[4]]);
    expect(r.json.result.summary).toEqual({
      average: 3,
      count: 5,
      distribution: { '1': 1, '2': 1, '3': 1, '4': 1, '5': 1 },
    });
    const p3 = await list('?page_size=2&page=3');
    expect(p3.json.result.data.map((x: { id: number }) => x.id)).toEqual([ids[1]]);
  });

  it('sorts by stars and keeps one number of stars; a hidden review is neither listed nor counted', async () => {
    expect((await list('?sort=lowest')).json.result.data[0].id).toBe(ids[1]);
    expect((await list('?sort=highest')).json.result.data[0].id).toBe(ids[5]);
    const four = await list('?stars=4');
    expect(four.json.result.data.map((x: { id: number }) => x.id)).toEqual([ids[4]]);
    await shop.deps.db.kysely.updateTable('reviews').set({ state: 'hidden' }).where('id', '=', ids[1]).execute();
    const r = await list('?sort=lowest');
    expect(r.json.result.data[0].id).toBe(ids[2]);
    expect(r.json.result.summary).toMatchObject({ average: 3.5, count: 4 });
    expect(r.json.result.summary.distribution['1']).toBe(0);
    const bad = await list('?sort=best&stars=6');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors).sort()).toEqual(['sort', 'stars']);
    await shop.deps.db.kysely.updateTable('reviews').set({ state: 'published' }).where('id', '=', ids[1]).execute();
  });
});

describe('POST …/reviews/{id}/helpful and /report', () => {
  it('counts one helpful vote per address a day and per member a day; sorts by helpful votes', async () => {
    const url = `/api/products/${slug}/reviews/${ids[2]}/helpful`;
    const one = await shop.call('POST', url, { ip: '198.51.100.7' });
    expect(one.status).toBe(200);
    expect(one.json.result).toEqual({ id: ids[2], helpful_count: 1 });
    const twice = await shop.call('POST', url, { ip: '198.51.100.7', lang: 'en' });
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe('You have already marked this review helpful today.');
    const m = await registerMember(shop);
    expect((await shop.call('POST', url, { ip: '198.51.100.7', token: m.token })).json.result.helpful_count).toBe(2);
    expect((await shop.call('POST', url, { ip: '198.51.100.8', token: m.token })).status).toBe(409);
    shop.clock.advance(DAY);
    expect((await shop.call('POST', url, { ip: '198.51.100.7' })).json.result.helpful_count).toBe(3);
    expect((await list('?sort=helpful')).json.result.data[0]).toMatchObject({ id: ids[2], helpful_count: 3 });
    const votes = await shop.deps.db.kysely.selectFrom('review_helpful').selectAll().execute();
    expect(votes).toHaveLength(3);
  });

  it('takes one report per reporter; a review not published cannot be voted on or reported', async () => {
    const url = `/api/products/${slug}/reviews/${ids[3]}/report`;
    const r = await shop.call('POST', url, { body: { reason: '廣告內容' }, ip: '203.0.113.5' });
    expect(r.json.result).toEqual({ id: ids[3], reported: true });
    const again = await shop.call('POST', url, { ip: '203.0.113.5' });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('REVIEW_REPORTED_TWICE');
    const row = await shop.deps.db.kysely
      .selectFrom('reviews')
      .select('report_count')
      .where('id', '=', ids[3])
      .executeTakeFirstOrThrow();
    expect(row.report_count).toBe(1);
    await shop.deps.db.kysely.updateTable('reviews').set({ state: 'hidden' }).where('id', '=', ids[4]).execute();
    expect((await shop.call('POST', `/api/products/${slug}/reviews/${ids[4]}/helpful`)).status).toBe(404);
    expect((await shop.call('POST', `/api/products/${slug}/reviews/${ids[4]}/report`)).status).toBe(404);
  });
});
