import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import type { Locale } from '../../config.ts';

export { formatPrice } from './price.ts';

dayjs.extend(utc);

/** dayjs with the utc plugin (date-language.ts sets its global language). */
export { dayjs };

/**
 * Asia/Taipei's offset from UTC in minutes (UTC+8). Taiwan has kept this one offset all year since
 * its last daylight saving time ended in 1979, and every date this shop formats (orders, payments,
 * articles) is from 2025 on, so a fixed offset gives the zone's wall clock exactly, without dayjs's
 * timezone plugin and its Intl look-ups. Should Taiwan ever change its clocks, this is the place.
 */
export const TAIPEI_UTC_OFFSET_MINUTES = 480;

/**
 * The formats. The zh-TW ones are digits and fixed characters only, which read the same in every
 * dayjs locale, so they are written with the built-in `en` like the English ones (whose `MMM` needs
 * English month names) and formatting never needs dayjs's zh-tw data. A zh-TW format with words in
 * it (MMM, dddd, A) would need that data loaded first.
 */
const DATE_FORMAT: Record<Locale, string> = { 'zh-TW': 'YYYY年M月D日', en: 'MMM D, YYYY' };
const DATE_TIME_FORMAT: Record<Locale, string> = { 'zh-TW': 'YYYY年M月D日 HH:mm', en: 'MMM D, YYYY HH:mm' };

/**
 * `at` on Taipei's wall clock: the instant moved forward by the offset and read in UTC, whatever the
 * zone this process or browser runs in. (dayjs's `utcOffset(480)` reads it in the local zone instead
 * and is an hour off for a while around that zone's daylight-saving changes.) Only for `format`
 * tokens without an offset (no `Z`).
 */
const inTaipei = (at: string | number | Date) => dayjs(at).utc().add(TAIPEI_UTC_OFFSET_MINUTES, 'minute').locale('en');

/** A date in Asia/Taipei: `2026年11月1日` or `Nov 1, 2026`. */
export function formatDate(iso: string | number | Date, locale: Locale): string {
  return inTaipei(iso).format(DATE_FORMAT[locale]);
}

/** A date and time in Asia/Taipei, 24-hour clock. */
export function formatDateTime(iso: string | number | Date, locale: Locale): string {
  return inTaipei(iso).format(DATE_TIME_FORMAT[locale]);
}

/** The calendar date in Asia/Taipei as `YYYY-MM-DD` (for `<time datetime>` and JSON-LD). */
export function isoDateInTaipei(iso: string | number | Date): string {
  return inTaipei(iso).format('YYYY-MM-DD');
}

/**
 * The year in Asia/Taipei at `now` (the footer's copyright line), on Taipei's wall clock like every
 * date here: no Intl formatter with a time zone, whose first one in a browser loads the zone data
 * (that was the order pages' longest task, `npm run trace`).
 */
export const currentYear = (now: Date = new Date()): string => inTaipei(now).format('YYYY');
