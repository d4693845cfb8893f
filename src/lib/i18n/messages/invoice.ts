import { invoiceEn } from './en/invoice.ts';
import { invoiceZhTW } from './zh-TW/invoice.ts';

/**
 * E-invoice choices and store-pickup receiver rules (checkout), with their validation messages.
 * Both locales, for server code; the browser loads one locale's strings (./zh-TW.ts, ./en.ts).
 */
export const invoice = { 'zh-TW': invoiceZhTW, en: invoiceEn } as const;
