import { catalogEn } from './en/catalog.ts';
import { catalogZhTW } from './zh-TW/catalog.ts';

/**
 * Catalog strings: home sections, brand, category and product pages, articles, search.
 * Both locales, for server code; the browser loads one locale's strings (./zh-TW.ts, ./en.ts).
 */
export const catalog = { 'zh-TW': catalogZhTW, en: catalogEn } as const;
