import { Hono } from 'hono';
import { z } from 'zod';
import { REVIEW_HIDE_REASON_MAX, REVIEW_REPLY_MAX } from '../../config.ts';
import { pageQuery } from '../admin/admin-common.ts';
import { type ActionSubject, auditedAction } from '../admin/audited-action.ts';
import { type AdminEnv, adminGate, requireStaff } from '../admin/staff-auth.ts';
import { ok } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { textField } from '../common/text-rules.ts';
import { jsonBody, noQuery, queryOf } from '../common/validation.ts';
import {
  consoleReview,
  hideReview,
  listConsoleReviews,
  orderNoOfReview,
  publishReview,
  ReviewActionError,
  replyToReview,
  unhideReview,
} from './review-admin.ts';
import { REVIEW_STATES } from './review-states.ts';

const ID_RE = /^[1-9]\d{0,9}$/;

const listQuery = z.strictObject({
  state: z.enum(REVIEW_STATES, { message: 'invalid' }).optional(),
  stars: z.enum(['1', '2', '3', '4', '5'], { message: 'stars' }).transform(Number).optional(),
  product: z.string().max(200, { message: 'invalid' }).optional(),
  reported: z.enum(['1'], { message: 'invalid' }).optional(),
  ...pageQuery,
});
const reasonBody = z.strictObject({
  reason: textField({ min: 1, max: REVIEW_HIDE_REASON_MAX, visible: true }),
});
const replyBody = z.strictObject({ reply: textField({ max: REVIEW_REPLY_MAX, multiline: true, visible: true }) });

/** What the console's review actions act on: refusals answer 409 REVIEW_ACTION_REFUSED with why. */
const REVIEW: ActionSubject = {
  noun: 'review',
  notFound: 'REVIEW_NOT_FOUND',
  orderNoOf: orderNoOfReview,
  view: consoleReview,
  refusalOf: (err) => (err instanceof ReviewActionError ? err.msg : undefined),
  refused: 'REVIEW_ACTION_REFUSED',
};

/**
 * The console's reviews (issue 42), at `/api/admin/reviews`, for staff and owner: the list with its
 * filters, one review, and hide, unhide, publish (pre-moderation) and the shop's reply, each audited.
 */
export const adminReviews = new Hono<AdminEnv>();
adminReviews.use('*', adminGate);

/** GET /?state=published|pending|hidden&stars=&product=<slug>&reported=1&page=&limit= → paged, newest first. */
adminReviews.get('/', requireStaff, async (c) => {
  const q = queryOf(c, listQuery);
  const stars = q.stars === undefined ? undefined : { min: q.stars, max: q.stars };
  return ok(c, await listConsoleReviews(c.get('deps'), { ...q, stars, reported: q.reported === '1' }, c.get('locale')));
});

/** GET /{id} */
adminReviews.get('/:id', requireStaff, noQuery, async (c) => {
  const raw = c.req.param('id');
  if (!ID_RE.test(raw)) throw new ApiError('REVIEW_NOT_FOUND');
  const view = await consoleReview(c.get('deps'), Number(raw), c.get('locale'));
  if (!view) throw new ApiError('REVIEW_NOT_FOUND');
  return ok(c, view);
});

/** POST /{id}/hide {reason} */
adminReviews.post('/:id/hide', requireStaff, noQuery, async (c) => {
  const { reason } = await jsonBody(c, reasonBody);
  return auditedAction(c, REVIEW, 'review-hide', reason, (id) => hideReview(c.get('deps'), id, reason));
});

/** POST /{id}/unhide {reason} */
adminReviews.post('/:id/unhide', requireStaff, noQuery, async (c) => {
  const { reason } = await jsonBody(c, reasonBody);
  return auditedAction(c, REVIEW, 'review-unhide', reason, (id) => unhideReview(c.get('deps'), id, reason));
});

/** POST /{id}/publish: a review waiting under REVIEWS_MODERATION=pre goes on the pages. */
adminReviews.post('/:id/publish', requireStaff, noQuery, async (c) => {
  return auditedAction(c, REVIEW, 'review-publish', '', (id) => publishReview(c.get('deps'), id));
});

/** POST /{id}/reply {reply}: the shop's public reply under the review ('' removes it). */
adminReviews.post('/:id/reply', requireStaff, noQuery, async (c) => {
  const { reply } = await jsonBody(c, replyBody);
  return auditedAction(c, REVIEW, 'review-reply', '', (id) => replyToReview(c.get('deps'), id, reply));
});
