import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { CART_TOKEN_HEADER, REVIEW_HIDE_REASON_MAX, REVIEWS_PAGE_SIZE } from '../../config.ts';
import { authenticate } from '../accounts/auth.ts';
import { ok } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { pageParams } from '../common/paging.ts';
import { textField } from '../common/text-rules.ts';
import { jsonBody, noQuery, queryOf } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { accessibleOrder, ORDER_KEY_HEADER } from '../orders/order-access.ts';
import { listReviews, REVIEW_SORTS, reviewSummary } from './review-list.ts';
import { REVIEW_COLUMNS, reviewView } from './review-view.ts';
import { publishedReview, reportReview, voteHelpful, voterOf } from './review-votes.ts';
import { editReview, productIdOf, reviewBody, reviewEditBody, writeReview } from './review-write.ts';

const ID_RE = /^[1-9]\d{0,9}$/;

const listQuery = z.strictObject({
  ...pageParams,
  sort: z.enum(REVIEW_SORTS, { message: 'invalid' }).optional(),
  stars: z.enum(['1', '2', '3', '4', '5'], { message: 'stars' }).transform(Number).optional(),
});
const reportBody = z.strictObject({
  reason: textField({ max: REVIEW_HIDE_REASON_MAX, multiline: true }).optional(),
});

/**
 * A product's reviews (issue 42), mounted at `/api/products/{slug}/reviews`. GET / lists the published
 * ones with their summary; POST / writes one for an order of the caller's (the member who placed it,
 * Bearer, or the holder of its guest key, X-Order-Key) that delivered the product; PATCH /{id} edits
 * it; POST /{id}/helpful and /{id}/report are open to anyone, once each.
 */
export const productReviews = new Hono<AppEnv>();

productReviews.use('*', async (c, next) => {
  if (c.req.method !== 'GET') {
    c.header('Cache-Control', 'no-store');
    c.header('Vary', `Accept-Language, Authorization, ${CART_TOKEN_HEADER}, ${ORDER_KEY_HEADER}`);
  }
  await next();
});

const productOf = (c: Context<AppEnv>) => productIdOf(c.get('deps').db.kysely, c.req.param('slug') ?? '');

function reviewIdOf(c: Context<AppEnv>): number {
  const raw = c.req.param('id') ?? '';
  if (!ID_RE.test(raw)) throw new ApiError('REVIEW_NOT_FOUND');
  return Number(raw);
}

async function readReview(c: Context<AppEnv>, id: number) {
  const r = await c
    .get('deps')
    .db.kysely.selectFrom('reviews as r')
    .select([...REVIEW_COLUMNS])
    .where('r.id', '=', id)
    .executeTakeFirstOrThrow();
  const v = reviewView(r, c.get('locale'));
  return {
    id: v.id,
    stars: v.stars,
    title: v.title,
    body: v.body,
    variant: v.variant,
    bought: v.bought,
    created_at: v.created_at,
    updated_at: v.updated_at,
    state: v.state,
  };
}

/** GET /?page=&page_size=&sort=newest|highest|lowest|helpful&stars= → paged reviews and `summary`. */
productReviews.get('/', async (c) => {
  const q = queryOf(c, listQuery);
  const productId = await productOf(c);
  const k = c.get('deps').db.kysely;
  const page = await listReviews(
    k,
    productId,
    { page: q.page ?? 1, size: q.page_size ?? REVIEWS_PAGE_SIZE, sort: q.sort ?? 'newest', stars: q.stars },
    c.get('locale'),
  );
  return ok(c, { ...page, summary: await reviewSummary(k, productId) });
});

/** POST / {order_no, stars, title?, body?} → 201 Review. */
productReviews.post('/', noQuery, async (c) => {
  const body = await jsonBody(c, reviewBody);
  const productId = await productOf(c);
  const orderId = await accessibleOrder(c, body.order_no);
  const id = await writeReview(c.get('deps'), productId, orderId, body, c.get('locale'));
  return c.json({ status: true, result: await readReview(c, id), message: '' }, 201);
});

/** PATCH /{id} {stars?, title?, body?} → Review; only its writer, within REVIEW_EDIT_DAYS. */
productReviews.patch('/:id', noQuery, async (c) => {
  const id = reviewIdOf(c);
  const body = await jsonBody(c, reviewEditBody);
  const productId = await productOf(c);
  const k = c.get('deps').db.kysely;
  const r = await k
    .selectFrom('reviews as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['o.no', 'o.id'])
    .where('r.id', '=', id)
    .where('r.product_id', '=', productId)
    .executeTakeFirst();
  if (!r) throw new ApiError('REVIEW_NOT_FOUND');
  // Another member's review, or a wrong key, is the same 404 as no such order.
  await accessibleOrder(c, r.no);
  await editReview(c.get('deps'), id, r.id, body);
  return ok(c, await readReview(c, id));
});

/** The voter of a request: the member of its Bearer token (401 when invalid), else its address. */
async function voter(c: Context<AppEnv>): Promise<string> {
  const member = c.req.header('authorization') ? await authenticate(c) : undefined;
  return voterOf(member?.id, c.get('ip'));
}

/** POST /{id}/helpful → {id, helpful_count}; once per member or per address a day. */
productReviews.post('/:id/helpful', noQuery, async (c) => {
  const id = reviewIdOf(c);
  const k = c.get('deps').db.kysely;
  await publishedReview(k, await productOf(c), id);
  const count = await voteHelpful(k, id, await voter(c), c.get('deps').clock.now());
  return ok(c, { id, helpful_count: count });
});

/** POST /{id}/report {reason?} → {id, reported: true}; once per reporter (member or address). */
productReviews.post('/:id/report', noQuery, async (c) => {
  const id = reviewIdOf(c);
  const k = c.get('deps').db.kysely;
  await publishedReview(k, await productOf(c), id);
  const length = c.req.header('content-length');
  const body = !c.req.header('content-type') && (!length || length === '0') ? {} : await jsonBody(c, reportBody);
  await reportReview(k, id, await voter(c), body.reason ?? '', c.get('deps').clock.now());
  return ok(c, { id, reported: true });
});
