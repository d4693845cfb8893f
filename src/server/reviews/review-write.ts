import type { Kysely } from 'kysely';
import { z } from 'zod';
import { type Locale, REVIEW_BODY_MAX, REVIEW_EDIT_DAYS, REVIEW_TITLE_MAX } from '../../config.ts';
import { ApiError } from '../common/errors.ts';
import { type Msg, pick } from '../common/i18n.ts';
import { textField } from '../common/text-rules.ts';
import type { Deps } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { notifyOwnerReview } from '../notify/outbox.ts';
import { firstState, stateAfterEdit } from './review-states.ts';

const DAY_MS = 86_400_000;
/** A review of this many stars or fewer alerts the owner (`owner-review`). */
const LOW_STARS = 2;
const stars = z.number().int({ message: 'stars' }).min(1, { message: 'stars' }).max(5, { message: 'stars' });
const title = textField({ max: REVIEW_TITLE_MAX, visible: true });
const body = textField({ max: REVIEW_BODY_MAX, multiline: true, visible: true });

/** POST /api/products/{slug}/reviews */
export const reviewBody = z.strictObject({
  order_no: z.string({ message: 'orderNo' }).min(1, { message: 'orderNo' }).max(40, { message: 'orderNo' }),
  stars,
  title: title.optional(),
  body: body.optional(),
});
export type ReviewBody = z.output<typeof reviewBody>;

/** PATCH /api/products/{slug}/reviews/{id}: what is given changes, the rest stays. */
export const reviewEditBody = z.strictObject({
  stars: stars.optional(),
  title: title.optional(),
  body: body.optional(),
});

/** Order states whose goods are in the shopper's hands. */
export const DELIVERED_STATES = ['delivered', 'picked_up', 'completed'] as const;

const NOT_DELIVERED: Msg = {
  zh: '這筆訂單尚未送達或取貨，收到商品後才能評論。',
  en: 'This order has not been delivered or picked up yet. Review it once you have it.',
};
const NOT_IN_ORDER: Msg = { zh: '這筆訂單沒有這個商品。', en: 'This order does not include this product.' };
const WRITTEN: Msg = {
  zh: '這筆訂單已評論過這個商品。',
  en: 'This order has already reviewed this product.',
};

/** The id of the product of `slug` on sale (or sold out), or a 404 NOT_FOUND. */
export async function productIdOf(k: Kysely<Database>, slug: string): Promise<number> {
  const p = await k
    .selectFrom('products')
    .select('id')
    .where('slug', '=', slug)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  if (!p) throw new ApiError('NOT_FOUND');
  return p.id;
}

/**
 * Writes the review of product `productId` by order `orderId` (one the caller may see), or refuses
 * with a field error in `locale`: the order must have delivered this product, and each product of an
 * order is reviewed once. The unique index decides between parallel posts: the one that inserts
 * wins, every other answers 409 REVIEW_ALREADY_WRITTEN. A review of 1–2 stars alerts the owner
 * (`owner-review`) in the same transaction. Returns the new review's id.
 */
export async function writeReview(
  deps: Deps,
  productId: number,
  orderId: number,
  input: ReviewBody,
  locale: Locale,
): Promise<number> {
  const k = deps.db.kysely;
  const o = await k
    .selectFrom('orders')
    .select(['state', 'member_id', 'created_at'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const line = await k
    .selectFrom('order_lines as l')
    .innerJoin('variants as v', 'v.id', 'l.variant_id')
    .select(['l.id', 'l.option_value_zh', 'l.option_value_en'])
    .where('l.order_id', '=', orderId)
    .where('v.product_id', '=', productId)
    .orderBy('l.id')
    .executeTakeFirst();
  const refuse = (code: 'REVIEW_NOT_ALLOWED' | 'REVIEW_ALREADY_WRITTEN', msg: Msg) =>
    new ApiError(code, { fields: { order_no: pick(msg, locale) } });
  if (!line) throw refuse('REVIEW_NOT_ALLOWED', NOT_IN_ORDER);
  if (!(DELIVERED_STATES as readonly string[]).includes(o.state)) throw refuse('REVIEW_NOT_ALLOWED', NOT_DELIVERED);
  const now = deps.clock.now();
  const row = await k.transaction().execute(async (trx) => {
    const made = await trx
      .insertInto('reviews')
      .values({
        product_id: productId,
        order_id: orderId,
        order_line_id: line.id,
        member_id: o.member_id,
        stars: input.stars,
        title: input.title ?? '',
        body: input.body ?? '',
        variant_zh: line.option_value_zh,
        variant_en: line.option_value_en,
        bought_at: Number(o.created_at),
        locale,
        state: firstState(deps.env),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['order_id', 'product_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (made && input.stars <= LOW_STARS) await notifyOwnerReview(trx, made.id, orderId, now);
    return made;
  });
  if (!row) throw refuse('REVIEW_ALREADY_WRITTEN', WRITTEN);
  return row.id;
}

/**
 * Changes review `id` (of order `orderId`) within REVIEW_EDIT_DAYS of its writing; after that it is
 * frozen (409 REVIEW_FROZEN). Under pre-moderation a published review waits again for the shop. A
 * review edited down to 1–2 stars alerts the owner (once per review, as a new low one does).
 */
export async function editReview(
  deps: Deps,
  id: number,
  orderId: number,
  input: z.output<typeof reviewEditBody>,
): Promise<void> {
  const k = deps.db.kysely;
  const r = await k
    .selectFrom('reviews')
    .select(['state', 'created_at'])
    .where('id', '=', id)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!r) throw new ApiError('REVIEW_NOT_FOUND');
  const now = deps.clock.now();
  if (now >= Number(r.created_at) + REVIEW_EDIT_DAYS * DAY_MS)
    throw new ApiError('REVIEW_FROZEN', { params: { days: REVIEW_EDIT_DAYS } });
  await k
    .updateTable('reviews')
    .set({
      ...(input.stars !== undefined ? { stars: input.stars } : {}),
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.body !== undefined ? { body: input.body } : {}),
      state: stateAfterEdit(deps.env, r.state),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
  if (input.stars !== undefined && input.stars <= LOW_STARS) await notifyOwnerReview(k, id, orderId, now);
}
