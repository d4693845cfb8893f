/**
 * The related products' first bucket (src/server/catalog/related.ts) walks the index that holds its
 * order and stops at the fourth product, instead of reading the bucket along the older related_*
 * index and sorting it (SQLite's choice while the stock condition could narrow that index: 88 µs
 * against 5 µs a product at 10,000 products). PostgreSQL plans from its statistics: not checked here.
 */
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relatedIdsOf } from '../../../src/server/catalog/related.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

describe('related products, bucket by bucket', () => {
  it('reads the same category and brand in stock along its own index, without a sort', async (context) => {
    const db = shop.deps.db;
    if (db.dialect !== 'sqlite') context.skip();
    const of = await db.kysely
      .selectFrom('products')
      .select(['id', 'category_id', 'brand_id'])
      .where('withdrawn_at', 'is', null)
      .executeTakeFirstOrThrow();
    // The statements it runs, as the database is asked them.
    const asked: CompiledQuery[] = [];
    const kysely = new Proxy(db.kysely, {
      get(target, key) {
        if (key === 'executeQuery')
          return (query: CompiledQuery) => {
            asked.push(query);
            return target.executeQuery(query);
          };
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await relatedIdsOf({ ...db, kysely }, of);
    const first = asked[0];
    if (!first) throw new Error('no query ran');
    const plan = await db.kysely.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${first.sql}`, [...first.parameters]),
    );
    const steps = plan.rows.map((row) => row.detail);
    expect(first.sql).toMatch(/"category_id" = .*"brand_id" = /);
    expect(steps).toEqual([expect.stringContaining('USING INDEX products_near_category_brand')]);
    expect(steps.join(' ')).not.toMatch(/TEMP B-TREE/);
  });
});
