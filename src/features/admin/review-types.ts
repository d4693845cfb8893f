import type { Review, ReviewReply } from '../../lib/api/reviews.ts';

/** The console's reviews as GET /api/admin/reviews and its actions answer them (camelCased). */

/** The tabs: new (pending under pre-moderation, else published), reported, hidden; '' is all. */
export const REVIEW_VIEWS = ['new', 'reported', 'hidden'] as const;
export type ReviewView = (typeof REVIEW_VIEWS)[number];

/** The reviews' part of GET /api/admin/today. */
export interface ReviewCounts {
  moderation: 'pre' | 'post';
  pending: number;
  reported: number;
  hidden: number;
}

export interface ConsoleReview extends Review {
  helpfulCount: number;
  reply: ReviewReply | null;
  hiddenReason: string;
  reportCount: number;
  writer: 'member' | 'guest';
  orderNo: string;
  product: { slug: string; name: string };
}

/** The list query of a tab: what GET /api/admin/reviews takes for it. */
export function viewQuery(view: ReviewView | '', moderation: ReviewCounts['moderation']) {
  if (view === 'new') return { state: moderation === 'pre' ? 'pending' : 'published' };
  if (view === 'reported') return { state: 'published', reported: '1' };
  if (view === 'hidden') return { state: 'hidden' };
  return {};
}

/** What a review's state allows besides the reply: publish (pending), hide, unhide (hidden). */
export function reviewActions(r: Pick<ConsoleReview, 'state'>): ('publish' | 'hide' | 'unhide')[] {
  if (r.state === 'pending') return ['publish', 'hide'];
  if (r.state === 'hidden') return ['unhide'];
  return ['hide'];
}
