import type { reviewFormEn } from '../en/review-form.ts';

/** 評論表單（issue 42）。 */
export const reviewFormZhTW = {
  'reviews.form.title': '評論購買的商品',
  'reviews.form.lead': '為訂單 {no} 的商品評分，和其他顧客分享你的心得。',
  'reviews.form.notDelivered': '這筆訂單尚未送達或取貨，收到商品後才能評論。',
  'reviews.form.none': '這筆訂單已沒有可以評論的商品。',
  'reviews.form.badLink': '這個評論連結不完整，請從信件中再開一次。',
  'reviews.form.bought': '購買款式：{variant}',
  'reviews.form.stars': '評分',
  'reviews.form.star': '{n} 顆星',
  'reviews.form.starMany': '{n} 顆星',
  'reviews.form.titleField': '標題（選填）',
  'reviews.form.body': '心得（選填）',
  'reviews.form.send': '送出評論',
  'reviews.form.save': '儲存修改',
  'reviews.form.sent': '謝謝！評論已送出。',
  'reviews.form.saved': '修改已儲存。',
  'reviews.form.pending': '謝謝！評論會在商店確認後顯示。',
  'reviews.form.editableUntil': '{date} 前可以修改。',
  'reviews.form.frozen': '評論寫下 {days} 天內可以修改，這則已無法再修改。',
  'reviews.form.hidden': '這則評論已被商店隱藏。',
  'reviews.form.starsRequired': '請選擇 1 到 5 顆星。',
  'reviews.form.viewProduct': '查看 {name}',
} as const satisfies Record<keyof typeof reviewFormEn, string>;
