import { paymentEn } from './en/payment.ts';
import { paymentZhTW } from './zh-TW/payment.ts';

/**
 * Payment strings: the /cart/payment page and the payment status on the result and order pages.
 * Both locales, for server code; the browser loads one locale's strings (./zh-TW.ts, ./en.ts).
 */
export const payment = { 'zh-TW': paymentZhTW, en: paymentEn } as const;
