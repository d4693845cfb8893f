import type { Locale } from '../../../config.ts';
import type { MESSAGES as All } from './all.ts';

export type MessageKey = keyof (typeof All)['zh-TW'];

/**
 * The strings `t` reads. On the server (the build, the API, tests) both locales; in the browser only
 * the page's own (`<html lang>`), a chunk of its own: a page never downloads the other language.
 * Modules that import `t` are evaluated once their strings are here (top-level await).
 */
const strings: Partial<Record<Locale, Record<string, string>>> = {};
// Vite makes `import.meta.env.SSR` a constant of each build, so the browser's bundle has no way to
// all.ts and each locale's strings are one file (no shared chunk behind a re-export); plain Node (the
// API server, the build scripts) has no `import.meta.env`.
if (import.meta.env ? import.meta.env.SSR : true) {
  Object.assign(strings, (await import('./all.ts')).MESSAGES);
} else if (document.documentElement.lang === 'en') {
  strings.en = (await import('./en.ts')).default;
} else {
  strings['zh-TW'] = (await import('./zh-TW.ts')).default;
}

/** The string for `key` in `locale`, with `{name}` placeholders filled from `params`. */
export function t(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  const text: string = strings[locale]?.[key] ?? strings['zh-TW']?.[key] ?? key;
  return params ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m)) : text;
}
