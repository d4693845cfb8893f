import type { Locale } from '../../config.ts';
import { localeOfPath } from '../i18n/locale.ts';

/** The locale of the page being shown (zh-TW outside a browser). */
export function currentLocale(): Locale {
  return typeof location === 'undefined' ? 'zh-TW' : localeOfPath(location.pathname);
}
