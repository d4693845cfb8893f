import type { Locale } from '../config.ts';

/** Picks zh-TW or en from an Accept-Language header; zh-TW when nothing matches. */
export function localeFrom(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return 'zh-TW';
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
