import type { Msg } from '../common/i18n.ts';
import type { PaymentCode } from './checkout.schemas.ts';

/** Names of the payment methods as the checkout page lists them. */
export const PAYMENT_NAMES: Record<PaymentCode, Msg> = {
  credit: { zh: '信用卡', en: 'Credit card' },
  apple_pay: { zh: 'Apple Pay', en: 'Apple Pay' },
  twqr: { zh: 'TWQR 行動支付', en: 'TWQR mobile wallet' },
  atm: { zh: 'ATM 轉帳', en: 'ATM transfer' },
  cvs_code: { zh: '超商代碼繳費', en: 'Convenience-store payment code' },
  cod: { zh: '貨到付款', en: 'Cash on delivery' },
  pickup_pay: { zh: '取貨付款', en: 'Pay at pickup' },
};

/** Why a shipping or payment method is not offered; `{...}` are filled in. */
export const REASONS = {
  tooHeavy: {
    zh: '超商取貨包裹最重 {max} 公斤，這次訂購約 {weight} 公斤，請改用宅配或門市自取。',
    en: 'Store pickup takes parcels up to {max} kg; this order weighs about {weight} kg. Choose home delivery or shop pickup.',
  },
  tooLarge: {
    zh: '超商取貨包裹最長邊 {max} 公分，{item}的包裝約 {side} 公分，請改用宅配或門市自取。',
    en: 'Store pickup takes parcels up to {max} cm on the longest side; {item} is boxed at about {side} cm. Choose home delivery or shop pickup.',
  },
  noOutlying: {
    zh: '這個配送方式不送往澎湖、金門、馬祖，請改用其他方式。',
    en: 'This method does not deliver to Penghu, Kinmen or Matsu. Choose another one.',
  },
  storeMissing: {
    zh: '請先在地圖上選擇取貨門市。',
    en: 'Choose the pickup store on the map first.',
  },
  codHomeOnly: { zh: '貨到付款只適用宅配到府。', en: 'Cash on delivery is for home delivery only.' },
  pickupPayOnly: {
    zh: '取貨付款只適用超商取貨或門市自取。',
    en: 'Pay at pickup is for store or shop pickup only.',
  },
  amountRange: {
    zh: '此付款方式的金額須在 {min} 至 {max} 之間，請改用其他付款方式。',
    en: 'This payment method takes {min} to {max}. Choose another payment method.',
  },
  amountMin: {
    zh: '此付款方式的金額至少 {min}，請改用其他付款方式。',
    en: 'This payment method takes at least {min}. Choose another payment method.',
  },
  pickupPayMax: {
    zh: '取貨付款金額上限為 {amount}，請改用其他付款方式。',
    en: 'Pay at pickup is limited to {amount}. Choose another payment method.',
  },
  methodOff: { zh: '這個方式目前暫停提供。', en: 'This method is not offered at the moment.' },
  installmentsCardOnly: {
    zh: '分期付款只適用信用卡付款。',
    en: 'Installments are for card payment only.',
  },
  installmentsNotOffered: {
    zh: '本店不提供分 {periods} 期，請改選其他期數或一次付清。',
    en: 'The shop does not offer {periods} installments. Choose another number or pay at once.',
  },
  installmentsMin: {
    zh: '分 {periods} 期的訂單金額至少 {min}，請改選較少期數或一次付清。',
    en: 'Paying in {periods} installments needs an order of at least {min}. Choose fewer installments or pay at once.',
  },
} as const satisfies Record<string, Msg>;
export type ReasonKey = keyof typeof REASONS;
