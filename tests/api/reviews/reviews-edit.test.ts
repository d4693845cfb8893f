import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { loginToken, registerMember } from '../accounts/users-helpers.ts';
import { DAY, postReview, type ReviewOrder, reviewOrder, shopperOf } from './reviews-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

const edit = (o: ReviewOrder, id: number, body: Record<string, unknown>, lang = 'zh-TW') =>
  shop.call('PATCH', `/api/products/${o.slug}/reviews/${id}`, { body, lang, ...shopperOf(o) });

describe('PATCH /api/products/{slug}/reviews/{id}', () => {
  it('its writer edits it for 30 days (REVIEW_EDIT_DAYS); then it is frozen and unchanged', async () => {
    const m = await registerMember(shop);
    const o = await reviewOrder(shop, { member: m });
    const id = (await postReview(shop, o, { stars: 2, title: '普通' })).json.result.id;
    shop.clock.advance(29 * DAY);
    // A session does not last a month: the member signs in again.
    o.token = await loginToken(shop, m.phone, m.password);
    const r = await edit(o, id, { stars: 4, body: '用久了覺得不錯' });
    expect(r.status).toBe(200);
    expect(r.json.result).toMatchObject({ id, stars: 4, title: '普通', body: '用久了覺得不錯', state: 'published' });
    shop.clock.advance(DAY);
    const late = await edit(o, id, { stars: 1 }, 'en');
    expect(late.status).toBe(409);
    expect(late.json.code).toBe('REVIEW_FROZEN');
    expect(late.json.message).toBe(
      'A review can be edited for 30 days after it was written. This one can no longer be changed.',
    );
    const row = await shop.deps.db.kysely
      .selectFrom('reviews')
      .select('stars')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.stars).toBe(4);
  });

  it('a guest edits through the key; another member, a wrong product or bad stars are refused', async () => {
    const o = await reviewOrder(shop);
    const id = (await postReview(shop, o, { stars: 3 })).json.result.id;
    expect((await edit(o, id, { title: '<b>更新</b>' })).json.result.title).toBe('<b>更新</b>');
    const stranger = await registerMember(shop);
    const other = await shop.call('PATCH', `/api/products/${o.slug}/reviews/${id}`, {
      body: { stars: 1 },
      token: stranger.token,
    });
    expect(other.status).toBe(404);
    const elsewhere = await reviewOrder(shop);
    const wrongProduct = await shop.call('PATCH', `/api/products/${elsewhere.slug}/reviews/${id}`, {
      body: { stars: 1 },
      ...shopperOf(o),
    });
    expect(wrongProduct.status).toBe(404);
    expect(wrongProduct.json.code).toBe('REVIEW_NOT_FOUND');
    const bad = await edit(o, id, { stars: 0 }, 'en');
    expect(bad.json.errors.stars).toBe('Give 1 to 5 stars.');
    const row = await shop.deps.db.kysely
      .selectFrom('reviews')
      .select('stars')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.stars).toBe(3);
  });
});
