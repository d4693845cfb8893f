/**
 * The global date language (spec section 4: set at start-up and on a language switch). It lives
 * apart from format.ts with dayjs's zh-tw data, which formatting does not need (see format.ts), so
 * the pages that show dates do not load that data: only the build and the header's language switch
 * import this module.
 */
import 'dayjs/locale/zh-tw.js';
import type { Locale } from '../../config.ts';
// dayjs as format.ts set it up: importing it from there keeps dayjs in the file the pages load for
// their dates, rather than in a third one that both files would need.
import { dayjs } from './format.ts';

/** dayjs locale name of each site locale. */
const DAYJS_LOCALE: Record<Locale, string> = { 'zh-TW': 'zh-tw', en: 'en' };

/** Sets the global date language. */
export function setDateLocale(locale: Locale): void {
  dayjs.locale(DAYJS_LOCALE[locale]);
}
