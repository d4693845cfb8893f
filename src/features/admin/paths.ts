import type { Locale } from '../../config.ts';

/** The console's pages, locale-neutral. */
export const ADMIN = {
  today: '/admin',
  login: '/admin/login',
  setup: '/admin/setup',
  orders: '/admin/orders',
  order: '/admin/order',
  returns: '/admin/returns',
  return: '/admin/return',
  reviews: '/admin/reviews',
  catalog: '/admin/catalog',
  promotions: '/admin/promotions',
  staff: '/admin/staff',
} as const;

export type AdminPage = Exclude<keyof typeof ADMIN, 'login' | 'setup' | 'order' | 'return'>;

/**
 * A console page in a locale (`/en/admin/...` in English). Written here rather than with
 * src/lib/i18n/locale.ts's localePath, which rides in the storefront's runtime file: see constants.ts.
 */
export const adminPath = (locale: Locale, page: keyof typeof ADMIN, query = '') =>
  `${locale === 'en' ? '/en' : ''}${ADMIN[page]}${query}`;

/** The page's locale, from `<html lang>`. */
export const pageLocale = (): Locale => (document.documentElement.lang === 'en' ? 'en' : 'zh-TW');

/** A console page a sign-in may return to (same site, under the console), else Today. */
export function safeReturn(locale: Locale, raw: string | null): string {
  if (raw && /^\/(en\/)?admin(\/[\w/-]*)?(\?[\w=&%.-]*)?$/.test(raw) && !raw.includes('//')) return raw;
  return adminPath(locale, 'today');
}
