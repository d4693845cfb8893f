/**
 * A product page's related products: the same category first, then the same brand (rank: both 3,
 * category 2, brand 1); within a rank in stock first, then newest, then lowest id
 * (`relatedIds` in page-versions.ts chooses the same for the build's keys).
 *
 * Ranked and sorted in one query, every product page read and sorted all of its category's and
 * brand's rows (some 1,700 index entries a page in a 10,000-product catalogue: 0.9 ms, 18 s of a full
 * build's 20,000 product pages). The order above is six buckets in turn (rank × in stock), and each
 * bucket is read newest first along an index that holds that order (migration 019), stopping at the
 * count still wanted: the first bucket alone fills the four on most pages, a few index entries.
 */
import { sql } from 'kysely';
import { compileOnce, type Params, unplanned } from '../db/compile-once.ts';
import type { Db } from '../db/index.ts';
import { RELATED_COUNT, type SummaryRow, summariesById } from './product-rows.ts';

interface Bucket {
  category: 'same' | 'other';
  brand: 'same' | 'other';
  stocked: boolean;
}

/** The buckets in the order the page shows them. */
const BUCKETS: readonly Bucket[] = (
  [
    ['same', 'same'],
    ['same', 'other'],
    ['other', 'same'],
  ] as const
).flatMap(([category, brand]) => [
  { category, brand, stocked: true },
  { category, brand, stocked: false },
]);

interface Of {
  id: number;
  category_id: number;
  brand_id: number;
}

/** One bucket's ids, newest first, at most RELATED_COUNT (the shape is the bucket). */
const bucketIds = compileOnce((db, bucket: Bucket, v: Params<Of>) => {
  const category = unplanned(v.value('category_id'), 'integer');
  const brand = unplanned(v.value('brand_id'), 'integer');
  return (
    db
      .selectFrom('products as r')
      .select('r.id')
      .where('r.withdrawn_at', 'is', null)
      .where('r.category_id', bucket.category === 'same' ? '=' : '!=', category)
      .where('r.brand_id', bucket.brand === 'same' ? '=' : '!=', brand)
      // `+` keeps the stock out of the index choice: on SQLite the older related_* indexes (migration 008)
      // take `stock > 0` as a range and sort the bucket after (88 µs a product at 10,000 products);
      // without it the walk along the bucket's own index stops at the fourth (5 µs).
      .where(sql<number>`+${sql.ref('r.stock')}`, bucket.stocked ? '>' : '<=', 0)
      .where('r.id', '!=', unplanned(v.value('id'), 'integer'))
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id')
      .limit(sql.lit(RELATED_COUNT))
  );
});

/** The ids of `of`'s related products, in the page's order. */
export async function relatedIdsOf(db: Db, of: Of): Promise<number[]> {
  const ids: number[] = [];
  for (const bucket of BUCKETS) {
    for (const row of await bucketIds(db, bucket, of)) {
      ids.push(row.id);
      if (ids.length === RELATED_COUNT) return ids;
    }
  }
  return ids;
}

/** The related products' summary rows, in the page's order. */
export async function relatedRows(db: Db, shape: { s: 'zh' | 'en'; lateral: boolean }, of: Of): Promise<SummaryRow[]> {
  const ids = await relatedIdsOf(db, of);
  if (!ids.length) return [];
  const values = Object.fromEntries(ids.map((id, i) => [`id${i}`, id]));
  const rows = await summariesById(db, { ...shape, n: ids.length }, values);
  const byId = new Map(rows.map((r) => [r.id, r as SummaryRow]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
