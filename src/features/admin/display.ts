import type { Locale } from '../../config.ts';
import { formatDateTime } from '../../lib/i18n/format.ts';
import { atMaybe } from './i18n.ts';

/** Groups of three digits from the right. */
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * A whole NT$ amount as the shop writes it (`NT$1,234`). Not src/lib/i18n/price.ts's formatPrice:
 * that one rides in the storefront's runtime file, which would have to export it for the console.
 */
export const price = (amount: number) =>
  `${amount < 0 ? '-' : ''}NT$${String(Math.abs(Math.round(amount))).replace(THOUSANDS, ',')}`;
export const when = (at: number | string | null | undefined, locale: Locale) =>
  at === null || at === undefined || at === '' ? '' : formatDateTime(at, locale);
export const stateLabel = (locale: Locale, state: string) => atMaybe(locale, `admin.state.${state}`, state);
export const shippingLabel = (locale: Locale, method: string) => atMaybe(locale, `admin.shipping.${method}`, method);
export const paymentLabel = (locale: Locale, method: string) => atMaybe(locale, `admin.payment.${method}`, method);
export const returnStateLabel = (locale: Locale, state: string) => atMaybe(locale, `admin.returnState.${state}`, state);
/** A return move's note on a timeline: an approval's is how the goods come back (a method's code), told in words. */
export const returnNoteLabel = (locale: Locale, state: string, note: string) =>
  state === 'approved' && note ? atMaybe(locale, `admin.return.method.${note}`, note) : note;
export const refundStateLabel = (locale: Locale, state: string) => atMaybe(locale, `admin.refundState.${state}`, state);
export const refundMethodLabel = (locale: Locale, method: string) =>
  atMaybe(locale, `admin.refundMethod.${method}`, method);
