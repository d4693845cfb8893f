import type { Kysely } from 'kysely';
import { ApiError } from '../common/errors.ts';
import type { Database } from '../db/schema.ts';

/** The calendar day in Taiwan (YYYY-MM-DD) of `ms`: a helpful vote counts once per voter in it. */
const taipeiDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/** `m:<member id>` for a signed-in member, else `a:<address>`: who votes or reports. */
export const voterOf = (memberId: number | undefined, ip: string) =>
  memberId !== undefined ? `m:${memberId}` : `a:${ip}`;

/** The published review `id` of product `productId`, or a 404 REVIEW_NOT_FOUND. */
export async function publishedReview(k: Kysely<Database>, productId: number, id: number): Promise<void> {
  const r = await k
    .selectFrom('reviews')
    .select('id')
    .where('id', '=', id)
    .where('product_id', '=', productId)
    .where('state', '=', 'published')
    .executeTakeFirst();
  if (!r) throw new ApiError('REVIEW_NOT_FOUND');
}

/**
 * Counts `voter`'s helpful vote on review `id`, once a Taiwan day (the unique index decides between
 * parallel votes; a second one is a 409 REVIEW_HELPFUL_TWICE and counts nothing). Returns the count.
 */
export async function voteHelpful(k: Kysely<Database>, id: number, voter: string, now: number): Promise<number> {
  return k.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto('review_helpful')
      .values({ review_id: id, voter, day: taipeiDay(now), created_at: now })
      .onConflict((oc) => oc.columns(['review_id', 'voter', 'day']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!added) throw new ApiError('REVIEW_HELPFUL_TWICE');
    await trx
      .updateTable('reviews')
      .set((eb) => ({ helpful_count: eb('helpful_count', '+', 1) }))
      .where('id', '=', id)
      .execute();
    const r = await trx.selectFrom('reviews').select('helpful_count').where('id', '=', id).executeTakeFirstOrThrow();
    return r.helpful_count;
  });
}

/** Records `reporter`'s report of review `id`, once per reporter (409 REVIEW_REPORTED_TWICE). */
export async function reportReview(
  k: Kysely<Database>,
  id: number,
  reporter: string,
  reason: string,
  now: number,
): Promise<void> {
  await k.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto('review_reports')
      .values({ review_id: id, reporter, reason, created_at: now })
      .onConflict((oc) => oc.columns(['review_id', 'reporter']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!added) throw new ApiError('REVIEW_REPORTED_TWICE');
    await trx
      .updateTable('reviews')
      .set((eb) => ({ report_count: eb('report_count', '+', 1) }))
      .where('id', '=', id)
      .execute();
  });
}
