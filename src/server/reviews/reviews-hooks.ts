import { addTodayPart } from '../admin/today.ts';
import { setProductExtras } from '../catalog/product-extras.ts';
import { addDueWriter } from '../notify/sender.ts';
import { reviewCounts } from './review-admin.ts';
import { reviewExtras } from './review-extras.ts';
import { queueReviewRequests } from './review-requests.ts';

/**
 * What the reviews domain hooks into the others when the app is composed, so that none of them
 * imports it: the mails asking for reviews, queued by every pass of the outbox's sender; the stars
 * and first reviews of the product pages and cards, and their part of the pages' versions; the
 * counts of the console's review tabs on Today.
 */
export function subscribeReviews(): void {
  addDueWriter('review-requests', queueReviewRequests);
  setProductExtras(reviewExtras);
  addTodayPart('reviews', reviewCounts);
}
