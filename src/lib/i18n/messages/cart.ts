import { cartEn } from './en/cart.ts';
import { cartZhTW } from './zh-TW/cart.ts';

/**
 * Cart strings: the header count, the product page's buy box and the cart page.
 * Both locales, for server code; the browser loads one locale's strings (./zh-TW.ts, ./en.ts).
 */
export const cart = { 'zh-TW': cartZhTW, en: cartEn } as const;
