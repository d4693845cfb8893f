import type { Locale } from '../../config.ts';

/** Answers of localeFrom by header value: browsers send the same few values on every request. */
const localeMemo = new Map<string, Locale>();
/** The header is client-controlled: the memo keeps short values only and starts over when full. */
const LOCALE_MEMO_ENTRIES = 200;
const LOCALE_MEMO_MAX_CHARS = 200;

/** Picks zh-TW or en from an Accept-Language header; zh-TW when nothing matches. */
export function localeFrom(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return 'zh-TW';
  if (acceptLanguage.length > LOCALE_MEMO_MAX_CHARS) return rankLocale(acceptLanguage);
  let locale = localeMemo.get(acceptLanguage);
  if (locale === undefined) {
    locale = rankLocale(acceptLanguage);
    if (localeMemo.size >= LOCALE_MEMO_ENTRIES) localeMemo.clear();
    localeMemo.set(acceptLanguage, locale);
  }
  return locale;
}

function rankLocale(acceptLanguage: string): Locale {
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('zh')) return 'zh-TW';
    if (tag.startsWith('en')) return 'en';
  }
  return 'zh-TW';
}

/** Column suffix of localized fields: name_zh / name_en. */
export const col = (locale: Locale): 'zh' | 'en' => (locale === 'en' ? 'en' : 'zh');

/** A message in both locales, picked by the request's locale. */
export type Msg = { zh: string; en: string };
export const pick = (m: Msg, locale: Locale): string => m[col(locale)];
