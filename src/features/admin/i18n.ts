import type { Locale } from '../../config.ts';
import type { adminZhTW } from '../../lib/i18n/messages/zh-TW/admin.ts';

export type AdminKey = keyof typeof adminZhTW;

/**
 * The console's strings. On the server (the build, tests) both locales; in the browser only the
 * page's own, in a chunk of its own that only console pages load (the storefront's locale files do
 * not carry them: not one byte of the console on a storefront page).
 */
const strings: Partial<Record<Locale, Record<string, string>>> = {};
if (import.meta.env ? import.meta.env.SSR : true) {
  strings['zh-TW'] = (await import('../../lib/i18n/messages/zh-TW/admin.ts')).adminZhTW;
  strings.en = (await import('../../lib/i18n/messages/en/admin.ts')).adminEn;
} else if (document.documentElement.lang === 'en') {
  strings.en = (await import('../../lib/i18n/messages/en/admin.ts')).adminEn;
} else {
  strings['zh-TW'] = (await import('../../lib/i18n/messages/zh-TW/admin.ts')).adminZhTW;
}

/** The console string for `key` in `locale`, `{name}` placeholders filled from `params`. */
export function at(locale: Locale, key: AdminKey, params?: Record<string, string | number>): string {
  const text: string = strings[locale]?.[key] ?? strings['zh-TW']?.[key] ?? key;
  return params ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m)) : text;
}

/** A translator bound to one locale. */
export const translator =
  (locale: Locale) =>
  (key: AdminKey, params?: Record<string, string | number>): string =>
    at(locale, key, params);

export type T = ReturnType<typeof translator>;

/** A string key built at run time (a state, a role), when the catalogue has it. */
export function atMaybe(locale: Locale, key: string, fallback: string): string {
  const text = strings[locale]?.[key];
  return text ?? fallback;
}
