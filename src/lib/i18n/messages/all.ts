import { restockEn } from './en/restock.ts';
import { reviewsEn } from './en/reviews.ts';
import en from './en.ts';
import { restockZhTW } from './zh-TW/restock.ts';
import { reviewsZhTW } from './zh-TW/reviews.ts';
import zhTW from './zh-TW.ts';

/**
 * Every user-facing string, per locale. Each domain keeps its own file (common, catalog, auth,
 * member, cart...) with the same keys in both locales; a unit test fails when one is missing.
 * Server code and tests read this; the browser loads only its page's locale (./index.ts). The
 * strings only the build writes into pages (restock.ts: the product page's restock form; reviews.ts: its reviews and the cards' stars) are here
 * and not in the browser's locale files.
 */
export const MESSAGES = {
  'zh-TW': { ...zhTW, ...restockZhTW, ...reviewsZhTW },
  en: { ...en, ...restockEn, ...reviewsEn },
} as const;
