import { ordersEn } from './en/orders.ts';
import { ordersZhTW } from './zh-TW/orders.ts';

/**
 * Order strings (issue 8): states, methods, the result page, the member's order list and order page.
 * Both locales, for server code; the browser loads one locale's strings (./zh-TW.ts, ./en.ts).
 */
export const orders = { 'zh-TW': ordersZhTW, en: ordersEn } as const;
