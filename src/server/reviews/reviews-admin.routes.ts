import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { REVIEW_HIDE_REASON_MAX, REVIEW_REPLY_MAX } from '../../config.ts';
import { actorOf, pageQuery } from '../admin/admin-common.ts';
import { audited } from '../admin/audit.ts';
import { type AdminEnv, adminGate, requireStaff, staffOf } from '../admin/staff-auth.ts';
import { ok } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { pick } from '../common/i18n.ts';
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

/**
 * One review action from the console: the review must exist (404), the audit log records it done or
 * refused under the review's order, and a move its state does not allow answers 409
 * REVIEW_ACTION_REFUSED in the caller's language. Answers the review as the console shows it.
 */
async function act(c: Context<AdminEnv>, action: string, detail: string, run: (id: number) => Promise<unknown>) {
  const raw = c.req.param('id') ?? '';
  if (!ID_RE.test(raw)) throw new ApiError('REVIEW_NOT_FOUND');
  const id = Number(raw);
  const deps = c.get('deps');
  const no = await orderNoOfReview(deps, id);
  if (!no) throw new ApiError('REVIEW_NOT_FOUND');
  try {
    await audited(
      deps,
      actorOf(staffOf(c), c.get('ip')),
      action,
      no,
      [`review ${id}`, detail].filter(Boolean).join(' '),
      () => run(id),
    );
  } catch (err) {
    if (err instanceof ReviewActionError)
      throw new ApiError('REVIEW_ACTION_REFUSED', { params: { reason: pick(err.msg, c.get('locale')) } });
    throw err;
  }
  return ok(c, await consoleReview(deps, id, c.get('locale')));
}

/**
 * The console's reviews (issue 42), at `/api/admin/reviews`, for staff and owner: the list with its
 * filters, one review, and hide, unhide, publish (pre-moderation) and the shop's reply, each audited.
 */
export const adminReviews = new Hono<AdminEnv>();
adminReviews.use('*', adminGate);

/** GET /?state=published|pending|hidden&stars=&product=<slug>&reported=1&page=&limit= → paged, newest first. */
adminReviews.get('/', requireStaff, async (c) => {
  const q = queryOf(c, listQuery);
  return ok(c, await listConsoleReviews(c.get('deps'), { ...q, reported: q.reported === '1' }, c.get('locale')));
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
  return act(c, 'review-hide', reason, (id) => hideReview(c.get('deps'), id, reason));
});

/** POST /{id}/unhide {reason} */
adminReviews.post('/:id/unhide', requireStaff, noQuery, async (c) => {
  const { reason } = await jsonBody(c, reasonBody);
  return act(c, 'review-unhide', reason, (id) => unhideReview(c.get('deps'), id, reason));
});

/** POST /{id}/publish: a review waiting under REVIEWS_MODERATION=pre goes on the pages. */
adminReviews.post('/:id/publish', requireStaff, noQuery, async (c) => {
  return act(c, 'review-publish', '', (id) => publishReview(c.get('deps'), id));
});

/** POST /{id}/reply {reply}: the shop's public reply under the review ('' removes it). */
adminReviews.post('/:id/reply', requireStaff, noQuery, async (c) => {
  const { reply } = await jsonBody(c, replyBody);
  return act(c, 'review-reply', '', (id) => replyToReview(c.get('deps'), id, reply));
});
