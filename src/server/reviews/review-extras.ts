import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type Locale, REVIEWS_ON_PAGE } from '../../config.ts';
import type { ProductExtras, Rating } from '../catalog/product-extras.ts';
import type { Database } from '../db/schema.ts';
import { listReviews, reviewSummary } from './review-list.ts';

/** The published reviews' average (one decimal) and count of each product of `ids` that has any. */
async function ratings(k: Kysely<Database>, ids: number[]): Promise<Map<number, Rating>> {
  const rows = await k
    .selectFrom('reviews')
    .select(['product_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('stars').as('sum')])
    .where('product_id', 'in', ids)
    .where('state', '=', 'published')
    .groupBy('product_id')
    .execute();
  return new Map(
    rows.map((r) => [
      r.product_id,
      { average: Math.round((Number(r.sum) / Number(r.n)) * 10) / 10, count: Number(r.n) },
    ]),
  );
}

/** A product page's reviews: the summary and the newest REVIEWS_ON_PAGE published ones. */
async function detail(k: Kysely<Database>, id: number, locale: Locale) {
  const [summary, first] = await Promise.all([
    reviewSummary(k, id),
    listReviews(k, id, { page: 1, size: REVIEWS_ON_PAGE, sort: 'newest' }, locale),
  ]);
  return { reviews: { summary, first: first.data } };
}

/**
 * Every change a page shows moves one of these: a new review (count, ids), an edit, a hiding or a
 * reply (each sets `updated_at`). A helpful vote does not: the pages do not show the votes.
 */
const changeColumns = (k: Kysely<Database>) =>
  k
    .selectFrom('reviews')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.max('updated_at').as('u'),
      eb.fn.sum<number>('id').as('ids'),
    ]);

async function versions(k: Kysely<Database>): Promise<Map<number, string>> {
  const rows = await changeColumns(k).select('product_id').groupBy('product_id').execute();
  return new Map(rows.map((r) => [r.product_id, `${Number(r.n)}:${Number(r.u)}:${Number(r.ids)}`]));
}

async function fingerprint(k: Kysely<Database>): Promise<string> {
  const r = await changeColumns(k).executeTakeFirst();
  if (!r || !Number(r.n)) return '';
  return createHash('sha1')
    .update(`${Number(r.n)}:${Number(r.u)}:${Number(r.ids)}`)
    .digest('base64url');
}

/** The reviews on the product pages and cards (registered with the catalogue: reviews-hooks.ts). */
export const reviewExtras: ProductExtras = { ratings, detail, versions, fingerprint };
