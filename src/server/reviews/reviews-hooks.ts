import { addDueWriter } from '../notify/sender.ts';
import { queueReviewRequests } from './review-requests.ts';

/**
 * What the reviews domain hooks into the others when the app is composed, so that none of them
 * imports it: the mails asking for reviews, queued by every pass of the outbox's sender.
 */
export function subscribeReviews(): void {
  addDueWriter('review-requests', queueReviewRequests);
}
