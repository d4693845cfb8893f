/**
 * Reviews' part of the error catalogue (issue 42), spread into ERRORS (errors.ts). Each refusal of a
 * shopper's review also names the field it concerns, in the caller's language (reviews/review-refusals.ts).
 */
export const REVIEW_ERRORS = {
  REVIEW_NOT_ALLOWED: {
    status: 409,
    zh: '只有收到這個商品的訂單才能評論它，請依欄位旁的說明確認。',
    en: 'Only an order that delivered this product can review it. See the note beside the field.',
  },
  REVIEW_ALREADY_WRITTEN: {
    status: 409,
    zh: '這筆訂單已評論過這個商品，您可以修改原本的評論。',
    en: 'This order has already reviewed this product. You can edit that review instead.',
  },
  REVIEW_NOT_FOUND: {
    status: 404,
    zh: '找不到這則評論。',
    en: 'This review was not found.',
  },
  REVIEW_FROZEN: {
    status: 409,
    zh: '評論只能在撰寫後 {days} 天內修改，這則評論已無法修改。',
    en: 'A review can be edited for {days} days after it was written. This one can no longer be changed.',
  },
  REVIEW_HELPFUL_TWICE: {
    status: 409,
    zh: '您今天已表示這則評論有幫助。',
    en: 'You have already marked this review helpful today.',
  },
  REVIEW_REPORTED_TWICE: {
    status: 409,
    zh: '您已檢舉過這則評論，商店會處理。',
    en: 'You have already reported this review. The shop will look at it.',
  },
  REVIEW_ACTION_REFUSED: { status: 409, zh: '無法執行：{reason}', en: 'Not done: {reason}' },
} as const;
