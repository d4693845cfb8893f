import dayjs from 'dayjs';
import 'dayjs/locale/zh-tw';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { type Locale, TIME_ZONE } from '../../config.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** dayjs locale name of each site locale. */
const DAYJS_LOCALE: Record<Locale, string> = { 'zh-TW': 'zh-tw', en: 'en' };
const DATE_FORMAT: Record<Locale, string> = { 'zh-TW': 'YYYY年M月D日', en: 'MMM D, YYYY' };
const DATE_TIME_FORMAT: Record<Locale, string> = { 'zh-TW': 'YYYY年M月D日 HH:mm', en: 'MMM D, YYYY HH:mm' };

const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A whole NT$ amount with thousands separators: 1234 → `NT$1,234` (the same in both locales). */
export function formatPrice(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}NT$${thousands.format(Math.abs(Math.round(amount)))}`;
}

/** Sets the global date language (spec section 4: start-up and language switch). */
export function setDateLocale(locale: Locale): void {
  dayjs.locale(DAYJS_LOCALE[locale]);
}

/** A date in Asia/Taipei: `2026年11月1日` or `Nov 1, 2026`. */
export function formatDate(iso: string | number | Date, locale: Locale): string {
  return dayjs(iso).tz(TIME_ZONE).locale(DAYJS_LOCALE[locale]).format(DATE_FORMAT[locale]);
}

/** A date and time in Asia/Taipei, 24-hour clock. */
export function formatDateTime(iso: string | number | Date, locale: Locale): string {
  return dayjs(iso).tz(TIME_ZONE).locale(DAYJS_LOCALE[locale]).format(DATE_TIME_FORMAT[locale]);
}

/** The calendar date in Asia/Taipei as `YYYY-MM-DD` (for `<time datetime>` and JSON-LD). */
export function isoDateInTaipei(iso: string | number | Date): string {
  return dayjs(iso).tz(TIME_ZONE).format('YYYY-MM-DD');
}
