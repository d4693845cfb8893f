import { pagesEn } from './en/pages.ts';
import { pagesZhTW } from './zh-TW/pages.ts';

/**
 * Information pages, the contact form and the cart step shells.
 * Both locales, for server code; the browser loads one locale's strings (./zh-TW.ts, ./en.ts).
 */
export const pages = { 'zh-TW': pagesZhTW, en: pagesEn } as const;
