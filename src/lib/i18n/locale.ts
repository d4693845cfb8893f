import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../config.ts';

/** URL prefix of each locale: zh-TW lives at the root, English under /en. */
const PREFIX: Record<Locale, string> = { 'zh-TW': '', en: '/en' };

/** The `lang` attribute of the document and the hreflang code of each locale. */
export const HTML_LANG: Record<Locale, string> = { 'zh-TW': 'zh-Hant-TW', en: 'en' };
export const HREFLANG: Record<Locale, string> = { 'zh-TW': 'zh-TW', en: 'en' };
/** Open Graph locale of each locale. */
export const OG_LOCALE: Record<Locale, string> = { 'zh-TW': 'zh_TW', en: 'en_US' };

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** The other locale (the language switch goes there). */
export const otherLocale = (locale: Locale): Locale => (locale === 'en' ? 'zh-TW' : 'en');

/**
 * The URL of a locale-neutral path in a locale: `/about` → `/en/about`; home is `/` and `/en/`.
 * Query and hash are kept.
 */
export function localePath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  return `${PREFIX[locale]}${clean}`;
}

/** The locale of a URL path: `/en` and `/en/...` are English, everything else zh-TW. */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : DEFAULT_LOCALE;
}

/** A URL path without its locale prefix and trailing slash: `/en/about/` → `/about`, `/en` → `/`. */
export function neutralPath(pathname: string): string {
  const rest = localeOfPath(pathname) === 'en' ? pathname.slice(PREFIX.en.length) : pathname;
  const trimmed = rest.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** getStaticPaths entries for the `[...locale]` route segment: zh-TW at the root, en under /en. */
export function localeParams(): { params: { locale: string | undefined }; props: { locale: Locale } }[] {
  return LOCALES.map((locale) => ({ params: { locale: PREFIX[locale].slice(1) || undefined }, props: { locale } }));
}
