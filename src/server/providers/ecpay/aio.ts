import { sign } from './check-mac.ts';
import { type EcpayAccount, type EcpayTarget, ecpayEndpoints } from './config.ts';
import { ecpayDateTime, fitText, itemNameOf, MERCHANT_TRADE_NO_RE } from './fields.ts';

/** Payment methods offered through ECPay's cashier (ChoosePayment). */
export type AioMethod = 'Credit' | 'ATM' | 'CVS' | 'ApplePay' | 'TWQR';

/** Methods paid on the cashier's page there and then: ECPay returns the browser through OrderResultURL. */
const PAID_AT_ONCE: readonly AioMethod[] = ['Credit', 'ApplePay', 'TWQR'];

/** Where ECPay calls back and sends the shopper, under the shop's API (payments issue). */
export const AIO_PATHS = {
  notify: '/api/payments/ecpay/notify',
  info: '/api/payments/ecpay/info',
  return: '/api/payments/ecpay/return',
} as const;

export const TRADE_DESC_MAX = 200;
/** ECPay takes 400 characters but advises 200: a longer name may be cut inside a character, and the CheckMacValue then fails. */
export const ITEM_NAME_MAX = 200;
/** ATM virtual accounts expire after this many days (ECPay allows 1 to 60). */
export const ATM_EXPIRE_DAYS = 3;
/** Store payment codes expire after this many minutes (7 days). */
export const CVS_EXPIRE_MINUTES = 10_080;

/** One payment attempt for an order. */
export interface AioAttempt {
  merchantTradeNo: string;
  /** When the attempt was made, epoch ms. */
  at: number;
  /** Whole New Taiwan dollars. */
  totalAmount: number;
  items: readonly { name: string; quantity: number }[];
  tradeDesc: string;
  method: AioMethod;
  /** The site's origin, e.g. `https://shop.example.tw`. */
  origin: string;
  /** Page the cashier's "back to shop" button opens, a path under `origin`. */
  clientBackPath: string;
  /** Echoed back in every notice (the order's number, for instance). */
  customField1?: string;
  /** Card only: the number of installments (CreditInstallment); absent or 0: one payment. */
  installments?: number;
  /** Card in one payment only: the shopper may use the card's bonus points (Redeem=Y). */
  redeem?: boolean;
}

/** The auto-submitting form the browser posts to the cashier: its action and signed fields. */
export interface AioForm {
  action: string;
  fields: Record<string, string>;
}

/** Builds and signs the AIO checkout form of an attempt (SHA-256 CheckMacValue, EncryptType=1). */
export function buildAioForm(attempt: AioAttempt, account: EcpayAccount, target: EcpayTarget): AioForm {
  if (!MERCHANT_TRADE_NO_RE.test(attempt.merchantTradeNo))
    throw new Error('MerchantTradeNo must be 1 to 20 letters and digits.');
  if (!Number.isInteger(attempt.totalAmount) || attempt.totalAmount <= 0)
    throw new Error('TotalAmount must be a positive whole number of dollars.');
  const installments = attempt.installments ?? 0;
  if (installments && (attempt.method !== 'Credit' || !/^(3|6|12|18|24)$/.test(String(installments))))
    throw new Error('CreditInstallment is 3, 6, 12, 18 or 24, and for a card payment only.');
  // ECPay's Redeem belongs to the one-payment card (its SDK's OneTime group), never with installments.
  if (attempt.redeem && (attempt.method !== 'Credit' || installments))
    throw new Error('Redeem is for a card payment in one installment only.');
  const fields: Record<string, string> = {
    MerchantID: account.merchantId,
    MerchantTradeNo: attempt.merchantTradeNo,
    MerchantTradeDate: ecpayDateTime(attempt.at),
    PaymentType: 'aio',
    TotalAmount: String(attempt.totalAmount),
    TradeDesc: fitText(attempt.tradeDesc, TRADE_DESC_MAX),
    ItemName: itemNameOf(attempt.items, ITEM_NAME_MAX),
    ReturnURL: `${attempt.origin}${AIO_PATHS.notify}`,
    ClientBackURL: `${attempt.origin}${attempt.clientBackPath}`,
    ChoosePayment: attempt.method,
    EncryptType: '1',
    // Y: a card payment's notice and query carry gwsr (the CreditRefundId of QueryTrade/V2, which
    // refunds need) and stage (its instalments).
    NeedExtraPaidInfo: 'Y',
  };
  // ECPay sends the browser to OrderResultURL after a payment made on its page (card, Apple Pay,
  // TWQR), in place of ClientBackURL; ATM and store codes lead back through ClientBackURL.
  if (PAID_AT_ONCE.includes(attempt.method)) fields.OrderResultURL = `${attempt.origin}${AIO_PATHS.return}`;
  if (installments) fields.CreditInstallment = String(installments);
  if (attempt.redeem) fields.Redeem = 'Y';
  if (attempt.method === 'ATM') {
    fields.ExpireDate = String(ATM_EXPIRE_DAYS);
    fields.PaymentInfoURL = `${attempt.origin}${AIO_PATHS.info}`;
  }
  if (attempt.method === 'CVS') {
    fields.StoreExpireDate = String(CVS_EXPIRE_MINUTES);
    fields.PaymentInfoURL = `${attempt.origin}${AIO_PATHS.info}`;
  }
  if (attempt.customField1) fields.CustomField1 = fitText(attempt.customField1, 50);
  return { action: ecpayEndpoints(target, attempt.origin).cashier, fields: sign(fields, account, 'sha256') };
}
