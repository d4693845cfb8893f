import type { Locale } from '../../config.ts';
import { col } from './i18n.ts';

/** An image on the wire. */
export interface WireImage {
  src: string;
  width: number;
  height: number;
  alt: string;
}

/** Conversions remembered by iso(); the same timestamps (products, articles) come back request after request. */
const isoMemo = new Map<number, string>();
const ISO_MEMO_ENTRIES = 10_000;

/** Epoch milliseconds to the wire's ISO 8601 UTC string. */
export function iso(ms: number): string {
  const at = Number(ms);
  let text = isoMemo.get(at);
  if (text === undefined) {
    text = new Date(at).toISOString();
    if (isoMemo.size >= ISO_MEMO_ENTRIES) isoMemo.clear();
    isoMemo.set(at, text);
  }
  return text;
}

/** Reads `<field>_zh` or `<field>_en` of a row for the locale. */
export function loc(row: object, field: string, locale: Locale): string {
  return String((row as Record<string, unknown>)[`${field}_${col(locale)}`] ?? '');
}
