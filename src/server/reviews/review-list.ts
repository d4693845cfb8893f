import type { Kysely } from 'kysely';
import type { Locale } from '../../config.ts';
import { type Paged, paged } from '../common/envelope.ts';
import { window } from '../common/paging.ts';
import type { Database } from '../db/schema.ts';
import { authorsOf } from './review-authors.ts';
import { REVIEW_COLUMNS, type ReviewView, reviewView } from './review-view.ts';

export const REVIEW_SORTS = ['newest', 'highest', 'lowest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** The published reviews' average (one decimal; 0 when none), count, and count per star. */
export interface ReviewSummary {
  average: number;
  count: number;
  distribution: Record<'1' | '2' | '3' | '4' | '5', number>;
}

export async function reviewSummary(k: Kysely<Database>, productId: number): Promise<ReviewSummary> {
  const rows = await k
    .selectFrom('reviews')
    .select(['stars', (eb) => eb.fn.countAll<number>().as('n')])
    .where('product_id', '=', productId)
    .where('state', '=', 'published')
    .groupBy('stars')
    .execute();
  const distribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  let count = 0;
  let sum = 0;
  for (const r of rows) {
    const n = Number(r.n);
    distribution[String(r.stars) as keyof typeof distribution] = n;
    count += n;
    sum += n * r.stars;
  }
  return { average: count ? Math.round((sum / count) * 10) / 10 : 0, count, distribution };
}

/** A published review as the product page shows it: with the name it is shown under (review-authors.ts). */
export type PublicReview = ReviewView & { author: string };

/**
 * One page of a product's published reviews: newest first, or by stars (highest, lowest) or helpful
 * votes, newest first among equals; `stars` keeps those of that many stars.
 */
export async function listReviews(
  k: Kysely<Database>,
  productId: number,
  q: { page: number; size: number; sort: ReviewSort; stars?: number },
  locale: Locale,
): Promise<Paged<PublicReview>> {
  let base = k.selectFrom('reviews as r').where('r.product_id', '=', productId).where('r.state', '=', 'published');
  if (q.stars !== undefined) base = base.where('r.stars', '=', q.stars);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  let rows = base.select([...REVIEW_COLUMNS, 'r.order_id']);
  if (q.sort === 'highest') rows = rows.orderBy('r.stars', 'desc');
  else if (q.sort === 'lowest') rows = rows.orderBy('r.stars', 'asc');
  else if (q.sort === 'helpful') rows = rows.orderBy('r.helpful_count', 'desc');
  const { limit, offset } = window(q.page, q.size);
  const data = await rows.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).offset(offset).execute();
  const authors = await authorsOf(
    k,
    data.map((r) => r.order_id),
  );
  return paged(
    data.map((r) => ({ ...reviewView(r, locale), author: authors.get(r.order_id) ?? '**' })),
    Number(total.n),
    q.page,
    q.size,
  );
}
