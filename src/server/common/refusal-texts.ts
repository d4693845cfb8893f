import type { Msg } from './i18n.ts';

// The console's names for its buttons and boxes, quoted in the texts below:
// 出貨並列印標籤 / Ship and print label; 標記已送達／已取貨 / Mark delivered / picked up;
// 包裹還沒交寄 / The parcel was not handed over (the cancel form's box).

/** Refusals of the order actions (ship, label, deliver, complete, cancel, reconcile, resend a mail). */
export const ORDER_REFUSALS = {
  order_missing: { zh: '找不到訂單 {no}。', en: 'There is no order {no}.' },
  order_state: {
    zh: '訂單 {no} 目前是「{state}」，無法改為「{to}」。',
    en: 'Order {no} is {state}: it cannot become {to}.',
  },
  order_no_shipment: { zh: '訂單 {no} 沒有物流單。', en: 'Order {no} has no logistics order.' },
  label_before_ship: {
    zh: '訂單 {no} 還沒有物流單：請先按「出貨並列印標籤」。',
    en: 'Order {no} has no logistics order yet: use “Ship and print label” first.',
  },
  carrier_length: { zh: '物流業者須為 1 到 {max} 個字。', en: 'The carrier needs 1 to {max} characters.' },
  tracking_length: {
    zh: '追蹤號碼須為 1 到 {max} 個字。',
    en: 'The tracking number needs 1 to {max} characters.',
  },
  shop_pickup: {
    zh: '訂單 {no} 是門市自取，不需出貨；顧客取貨後請按「標記已送達／已取貨」。',
    en: 'Order {no} is picked up at the shop: nothing ships. When it is picked up, use “Mark delivered / picked up”.',
  },
  ship_by_hand: {
    zh: '訂單 {no} 的配送方式是 {method}：請填寫物流業者與追蹤號碼。',
    en: 'Order {no} ships by {method}: give the carrier and the tracking number.',
  },
  ship_state: {
    zh: '訂單 {no} 目前是「{state}」：只有已付款（或貨到付款、取貨付款）的訂單可以出貨。',
    en: 'Order {no} is {state}: only paid (or pay-on-delivery) orders ship.',
  },
  collect_over_max: {
    zh: '訂單 {no} 須代收 {total}，綠界代收金額上限為 {max}。',
    en: 'Order {no} collects {total}; ECPay collects at most {max}.',
  },
  ecpay_refused: {
    zh: '綠界拒絕建立訂單 {no} 的物流單：{message}',
    en: 'ECPay refused the logistics order of {no}: {message}',
  },
  ecpay_unclear: {
    zh: '綠界沒有明確回覆訂單 {no} 的物流單。請再按一次「出貨並列印標籤」：會先向綠界查詢 {trade}。',
    en: 'ECPay did not answer clearly for order {no}. Use “Ship and print label” again: it looks up {trade} first.',
  },
  ship_pending: {
    zh: '訂單 {no} 的物流單正在建立中：請先按「出貨並列印標籤」（會先查詢物流單），再取消。',
    en: 'A logistics order of {no} is being created: use “Ship and print label” first (it looks the order up), then cancel.',
  },
  parcel_moving: {
    zh: '訂單 {no} 的{carrier}包裹（{id}）目前是「{status}」，綠界已無法取消。訂單會跟著包裹的狀態（逾期未取退回時，訂單會自動取消）。',
    en: 'The {carrier} parcel of {no} ({id}) is already “{status}”: ECPay cannot cancel it now. The order follows the parcel (one left unclaimed comes back and cancels the order).',
  },
  parcel_no_cancel: {
    zh: '訂單 {no} 的{carrier}物流單（{id}）已建立，綠界不提供取消（只有 7-ELEVEN 交貨便可以）。請留著包裹、不要交寄：綠界不收未寄出包裹的費用，寄件代碼會自動失效。然後勾選「包裹還沒交寄」再取消訂單。',
    en: 'The {carrier} logistics order of {no} ({id}) is booked, and ECPay has no cancel for it (only for 7-ELEVEN C2C). Keep the parcel and do not hand it over: ECPay does not charge for a parcel never sent, and its shipping code lapses. Then cancel the order with “The parcel was not handed over” ticked.',
  },
  parcel_cancel_refused: {
    zh: '綠界拒絕取消訂單 {no} 的 7-ELEVEN 物流單（{id}）：{message}。訂單沒有取消。若包裹沒有交寄，且先前的取消已成功（綠界廠商後台可查），請勾選「包裹還沒交寄」再取消。',
    en: 'ECPay refused to cancel the 7-ELEVEN logistics order of {no} ({id}): {message}. The order is not cancelled. If the parcel was not dropped off and an earlier cancel went through (ECPay’s merchant back office shows it), cancel with “The parcel was not handed over” ticked.',
  },
  parcel_cancel_unclear: {
    zh: '綠界沒有回覆訂單 {no} 物流單的取消，訂單沒有取消。請再取消一次。',
    en: 'ECPay did not answer the cancel of the logistics order of {no}; the order is not cancelled. Cancel it again.',
  },
  no_payment_attempt: {
    zh: '訂單 {no} 沒有付款紀錄，不需向綠界對帳。',
    en: 'Order {no} has no payment attempt: there is nothing to ask ECPay.',
  },
  no_mail_to_resend: {
    zh: '訂單 {no} 沒有可以重寄給顧客的信。',
    en: 'Order {no} has no mail to the shopper to send again.',
  },
  resend_no_address: {
    zh: '訂單 {no} 沒有電子郵件地址，沒有寄出任何信。',
    en: 'Order {no} has no email address: no mail was sent.',
  },
  resend_waits_for_payment_code: {
    zh: '訂單 {no} 的成立通知信正在等綠界的 ATM 帳號或超商代碼，收到後會自動寄出；這次沒有寄信。',
    en: "The placed mail of {no} waits for ECPay's ATM account or store code: it goes by itself once they come. No mail was sent now.",
  },
  resend_mail_refused: {
    zh: '郵件伺服器沒有收下訂單 {no} 的信（{error}），沒有寄出。請稍後再試。',
    en: 'The mail server did not take the mail of {no} ({error}): no mail was sent. Try again later.',
  },
} as const satisfies Record<string, Msg>;

/** The promotion form's fields, for `{field}`. */
export const PROMOTION_FIELDS = {
  off: { zh: '折抵金額', en: 'The amount off' },
  percent: { zh: '折扣百分比', en: 'The percentage off' },
  cap: { zh: '折抵上限', en: 'The cap' },
  min: { zh: '最低消費', en: 'The minimum spend' },
  uses: { zh: '可使用次數', en: 'The number of uses' },
  per_member: { zh: '每位會員可使用次數', en: 'The uses per member' },
  free_shipping_over: { zh: '免運門檻', en: 'The free-shipping threshold' },
} as const satisfies Record<string, Msg>;

/** Refusals of a new promotion (a code or an automatic one) and of stopping one. */
export const PROMOTION_REFUSALS = {
  date_invalid: {
    zh: '「{value}」不是日期：請寫成 2026-11-30 或 2026-11-30T18:00（台灣時間）。',
    en: '“{value}” is not a date: write 2026-11-30 or 2026-11-30T18:00 (Taiwan time).',
  },
  date_unreal: { zh: '「{value}」不是實際存在的日期。', en: '“{value}” is not a real date.' },
  figure_whole: { zh: '{field}須為不小於 {min} 的整數。', en: '{field} must be a whole number of at least {min}.' },
  period_order: { zh: '結束時間必須晚於開始時間。', en: 'The end must come after the start.' },
  code_format: {
    zh: '優惠碼須為 3 到 32 個英文字母、數字、- 或 _。',
    en: 'A code is 3 to 32 letters, digits, - or _.',
  },
  off_or_percent: {
    zh: '請填寫折抵金額或折扣百分比，兩者擇一。',
    en: 'Give an amount off or a percentage off: one of the two.',
  },
  percent_range: { zh: '折扣百分比須為 1 到 100。', en: 'The percentage off is 1 to 100.' },
  cap_with_percent: { zh: '折抵上限只用於百分比折扣。', en: 'A cap goes with a percentage off only.' },
  code_exists: { zh: '優惠碼 {code} 已經存在。', en: 'The code {code} exists already.' },
  tier_format: {
    zh: '級距「{value}」的格式應為 門檻:折抵，例如 3000:300。',
    en: 'The tier “{value}”: write minimum:off, e.g. 3000:300.',
  },
  tier_off_range: {
    zh: '級距「{value}」：折抵金額須為 1 到門檻金額。',
    en: 'The tier “{value}”: the amount off is 1 to the minimum.',
  },
  name_required: { zh: '請填寫名稱。', en: 'A name is required.' },
  tier_same_min: { zh: '有兩個級距的門檻相同。', en: 'Two tiers have the same minimum.' },
  tier_more_off: { zh: '門檻較高的級距必須折抵更多。', en: 'A higher tier must take more off.' },
  tiers_or_free: {
    zh: '請至少填寫一個級距，或免運門檻。',
    en: 'Give at least one tier, or a free-shipping threshold.',
  },
  tiers_not_free: {
    zh: '一個優惠活動是級距折抵或免運，不能兩者都有。',
    en: 'A promotion has tiers or free shipping, not both.',
  },
  code_unknown: { zh: '沒有優惠碼 {code}。', en: 'There is no code {code}.' },
  code_not_in_use: { zh: '沒有使用中的優惠碼 {code}。', en: 'No code {code} is in use.' },
  promotion_disabled: { zh: '優惠活動 {id} 已經停用。', en: 'Promotion {id} is already disabled.' },
} as const satisfies Record<string, Msg>;

/** Refusals of the catalog's everyday edits (price, stock, publish, withdraw). */
export const CATALOG_REFUSALS = {
  sku_unknown: { zh: '找不到 SKU：{sku}', en: 'No variant has the SKU {sku}.' },
  handle_unknown: { zh: '找不到商品：{handle}', en: 'No product has the handle {handle}.' },
  price_whole: { zh: '價格須為整數新台幣：{value}', en: 'The price must be a whole NT$ amount: {value}' },
  count_whole: { zh: '數量須為 0 或正整數：{value}', en: 'The count must be a whole number of 0 or more: {value}' },
  stock_file: { zh: '盤點檔有問題：\n{list}', en: 'The stock file has problems:\n{list}' },
  edit_usage: { zh: '用法錯誤', en: 'Wrong usage' },
} as const satisfies Record<string, Msg>;
