/**
 * Returns and refunds' part of the error catalogue (issue 40), spread into ERRORS (errors.ts).
 */
export const RETURN_ERRORS = {
  RETURN_NOT_DELIVERED: {
    status: 409,
    zh: '這筆訂單尚未送達或取貨，還不能申請退貨；收到商品後再申請。',
    en: 'This order has not been delivered or picked up yet, so it cannot be returned. Ask once you have it.',
  },
  RETURN_WINDOW_CLOSED: {
    status: 409,
    zh: '退貨期限（收到商品後 {days} 天）已於 {until} 結束，無法在線上申請。如有問題請聯絡商店。',
    en: 'The return period ({days} days after delivery) ended on {until}, so it cannot be asked online. Contact the shop.',
  },
  RETURN_QUANTITY_EXCEEDED: {
    status: 409,
    zh: '退貨數量超過可退的數量，請依欄位旁的說明修改。',
    en: 'More than can still be returned. See the number left beside the field.',
  },
  RETURN_NOT_FOUND: {
    status: 404,
    zh: '找不到這筆退貨申請。',
    en: 'This return was not found.',
  },
  RETURN_NOT_CANCELLABLE: {
    status: 409,
    zh: '商店已收到退回的商品（或申請已結束），無法撤回這筆退貨申請。',
    en: 'The shop has received the goods (or the return is over), so this return can no longer be withdrawn.',
  },
  RETURN_ACTION_REFUSED: { status: 409, zh: '無法執行：{reason}', en: 'Not done: {reason}' },
} as const;
