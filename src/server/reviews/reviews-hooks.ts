import { addTodayPart } from '../admin/today.ts';
import { addDueWriter } from '../notify/sender.ts';
import { reviewCounts } from './review-admin.ts';
import { queueReviewRequests } from './review-requests.ts';

/**
 * What the reviews domain hooks into the others when the app is composed, so that none of them
 * imports it: the mails asking for reviews, queued by every pass of the outbox's sender, and the
 * counts of the console's review tabs on Today.
 */
export function subscribeReviews(): void {
  addDueWriter('review-requests', queueReviewRequests);
  addTodayPart('reviews', reviewCounts);
}
