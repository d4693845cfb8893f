import { checkoutEn } from './en/checkout.ts';
import { checkoutZhTW } from './zh-TW/checkout.ts';

/**
 * Checkout page strings (issue 8): receiver, shipping, payment, e-invoice, note, summary, order button.
 * Both locales, for server code; the browser loads one locale's strings (./zh-TW.ts, ./en.ts).
 */
export const checkout = { 'zh-TW': checkoutZhTW, en: checkoutEn } as const;
