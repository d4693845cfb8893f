import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeFixtureOrder } from '../../helpers/order-fixture.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

describe('migration 027: reviews', () => {
  it('keeps one review per product of an order, one helpful vote per voter a day, one report per reporter', async () => {
    const o = await placeFixtureOrder(shop);
    const k = shop.deps.db.kysely;
    const line = await k
      .selectFrom('order_lines as l')
      .innerJoin('variants as v', 'v.id', 'l.variant_id')
      .select(['l.id', 'v.product_id'])
      .where('l.order_id', '=', o.id)
      .executeTakeFirstOrThrow();
    const now = shop.clock.now();
    const row = {
      product_id: line.product_id,
      order_id: o.id,
      order_line_id: line.id,
      member_id: null,
      stars: 4,
      bought_at: now,
      locale: 'zh-TW',
      state: 'published',
      created_at: now,
      updated_at: now,
    };
    const { id } = await k.insertInto('reviews').values(row).returning('id').executeTakeFirstOrThrow();
    await expect(k.insertInto('reviews').values(row).execute()).rejects.toThrow();
    const vote = { review_id: id, voter: 'a:203.0.113.9', day: '2026-11-21', created_at: now };
    await k.insertInto('review_helpful').values(vote).execute();
    await expect(k.insertInto('review_helpful').values(vote).execute()).rejects.toThrow();
    await k
      .insertInto('review_helpful')
      .values({ ...vote, day: '2026-11-22' })
      .execute();
    const report = { review_id: id, reporter: 'm:1', created_at: now };
    await k.insertInto('review_reports').values(report).execute();
    await expect(k.insertInto('review_reports').values(report).execute()).rejects.toThrow();
    const counts = await k
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(counts.n)).toBe(1);
  });
});
