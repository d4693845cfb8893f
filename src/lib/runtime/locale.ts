import { DEFAULT_LOCALE, type Locale } from '../../config.ts';

/** The English locale lives under `/en/`; everything else is zh-TW (the default, unprefixed). */
const EN_PREFIX = '/en';

/** The locale of a page path: `/en` or `/en/...` is English, anything else zh-TW. */
export function localeFromPath(pathname: string): Locale {
  return pathname === EN_PREFIX || pathname.startsWith(`${EN_PREFIX}/`) ? 'en' : DEFAULT_LOCALE;
}

/** The path without its locale prefix: `/en/member/orders` → `/member/orders`, `/en` → `/`. */
export function stripLocale(pathname: string): string {
  if (localeFromPath(pathname) === DEFAULT_LOCALE) return pathname || '/';
  return pathname.slice(EN_PREFIX.length) || '/';
}

/** A site path (`/member/profile`) in `locale`: `/en/member/profile` for English. */
export function localizePath(path: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `${EN_PREFIX}/` : `${EN_PREFIX}${path}`;
}

/** The locale of the page being shown (zh-TW outside a browser). */
export function currentLocale(): Locale {
  return typeof location === 'undefined' ? DEFAULT_LOCALE : localeFromPath(location.pathname);
}
