import type { Kysely } from 'kysely';
import type { Locale } from '../../config.ts';
import { type Paged, paged } from '../common/envelope.ts';
import type { Msg } from '../common/i18n.ts';
import { window } from '../common/paging.ts';
import type { Deps } from '../context.ts';
import type { Database } from '../db/schema.ts';
import type { ReviewState } from './review-states.ts';
import { REVIEW_COLUMNS, reviewView } from './review-view.ts';

/** A console action the review's state does not allow; `msg` says why in both languages. */
export class ReviewActionError extends Error {
  readonly msg: Msg;
  constructor(msg: Msg) {
    super(msg.en);
    this.msg = msg;
    this.name = 'ReviewActionError';
  }
}

/** A review as the console lists it: the shopper's view and what only the shop sees. */
async function consoleRows(k: Kysely<Database>, where: (q: ReturnType<typeof base>) => ReturnType<typeof base>) {
  return where(base(k))
    .select([
      ...REVIEW_COLUMNS,
      'r.hidden_reason',
      'r.report_count',
      'r.member_id',
      'o.no as order_no',
      'p.slug as product_slug',
      'p.name_zh',
      'p.name_en',
    ])
    .execute();
}

const base = (k: Kysely<Database>) =>
  k
    .selectFrom('reviews as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('products as p', 'p.id', 'r.product_id');

function consoleView(r: Awaited<ReturnType<typeof consoleRows>>[number], locale: Locale) {
  return {
    ...reviewView(r, locale),
    hidden_reason: r.hidden_reason,
    report_count: r.report_count,
    writer: r.member_id === null ? 'guest' : 'member',
    order_no: r.order_no,
    product: { slug: r.product_slug, name: locale === 'en' ? r.name_en || r.name_zh : r.name_zh },
  };
}
export type ConsoleReview = ReturnType<typeof consoleView>;

export interface ConsoleQuery {
  state?: ReviewState | undefined;
  /** Stars from `min` to `max` (one number: both the same). */
  stars?: { min: number; max: number } | undefined;
  product?: string | undefined;
  reported?: boolean | undefined;
  page: number;
  limit: number;
}

/**
 * The console's reviews, newest first: by state, stars, product (slug) and reported ones. The
 * console's API and the owner's `npm run catalog -- reviews` both read them here.
 */
export async function listConsoleReviews(
  deps: Pick<Deps, 'db'>,
  q: ConsoleQuery,
  locale: Locale,
): Promise<Paged<ConsoleReview>> {
  const k = deps.db.kysely;
  const filter = (s: ReturnType<typeof base>) => {
    let out = s;
    if (q.state) out = out.where('r.state', '=', q.state);
    if (q.stars) out = out.where('r.stars', '>=', q.stars.min).where('r.stars', '<=', q.stars.max);
    if (q.product) out = out.where('p.slug', '=', q.product);
    if (q.reported) out = out.where('r.report_count', '>', 0);
    return out;
  };
  const total = await filter(base(k))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const { limit, offset } = window(q.page, q.limit);
  const rows = await consoleRows(k, (s) =>
    filter(s).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).offset(offset),
  );
  return paged(
    rows.map((r) => consoleView(r, locale)),
    Number(total.n),
    q.page,
    q.limit,
  );
}

/**
 * The counts on the console's review tabs: how reviews are moderated (REVIEWS_MODERATION), those
 * waiting to be published, those reported and still on the pages, and the hidden ones.
 */
export async function reviewCounts(deps: Deps) {
  const k = deps.db.kysely;
  const count = async (where: (q: ReturnType<typeof base>) => ReturnType<typeof base>) =>
    Number(
      (
        await where(base(k))
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    moderation: deps.env.REVIEWS_MODERATION,
    pending: await count((q) => q.where('r.state', '=', 'pending')),
    reported: await count((q) => q.where('r.state', '=', 'published').where('r.report_count', '>', 0)),
    hidden: await count((q) => q.where('r.state', '=', 'hidden')),
  };
}

/** One review for the console, or undefined. */
export async function consoleReview(deps: Deps, id: number, locale: Locale): Promise<ConsoleReview | undefined> {
  const [row] = await consoleRows(deps.db.kysely, (s) => s.where('r.id', '=', id));
  return row ? consoleView(row, locale) : undefined;
}

/** The order number review `id` is audited under, or undefined when there is no such review. */
export async function orderNoOfReview(deps: Deps, id: number): Promise<string | undefined> {
  const row = await deps.db.kysely
    .selectFrom('reviews as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select('o.no')
    .where('r.id', '=', id)
    .executeTakeFirst();
  return row?.no;
}

const REFUSALS = {
  hidden: { zh: '這則評論已隱藏。', en: 'This review is hidden already.' },
  notHidden: { zh: '這則評論沒有被隱藏。', en: 'This review is not hidden.' },
  notPending: { zh: '這則評論不是待審核狀態。', en: 'This review is not waiting to be published.' },
} satisfies Record<string, Msg>;

/**
 * Moves review `id` from one of `from` to `to` with `reason` (hide keeps it as the hidden reason;
 * unhide and publish clear it), or refuses with `refusal` when its state is another.
 */
async function moveReview(deps: Deps, id: number, from: string[], to: ReviewState, reason: string, refusal: Msg) {
  const moved = await deps.db.kysely
    .updateTable('reviews')
    .set({ state: to, hidden_reason: to === 'hidden' ? reason : '', updated_at: deps.clock.now() })
    .where('id', '=', id)
    .where('state', 'in', from)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) throw new ReviewActionError(refusal);
}

/** Hides a published or pending review from the pages, with the reason the shop keeps. */
export const hideReview = (deps: Deps, id: number, reason: string) =>
  moveReview(deps, id, ['published', 'pending'], 'hidden', reason, REFUSALS.hidden);

/** Shows a hidden review again. */
export const unhideReview = (deps: Deps, id: number, reason: string) =>
  moveReview(deps, id, ['hidden'], 'published', reason, REFUSALS.notHidden);

/** Publishes a review that waits for the shop (REVIEWS_MODERATION=pre). */
export const publishReview = (deps: Deps, id: number) =>
  moveReview(deps, id, ['pending'], 'published', '', REFUSALS.notPending);

/** Posts (or replaces) the shop's public reply under review `id`; an empty reply removes it. */
export async function replyToReview(deps: Deps, id: number, reply: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.kysely
    .updateTable('reviews')
    .set({ reply, replied_at: reply ? now : null, updated_at: now })
    .where('id', '=', id)
    .execute();
}
