import type { Locale } from '../../config.ts';
import { col } from '../i18n.ts';

/** An image on the wire. */
export interface WireImage {
  src: string;
  width: number;
  height: number;
  alt: string;
}

/** Epoch milliseconds to the wire's ISO 8601 UTC string. */
export const iso = (ms: number): string => new Date(Number(ms)).toISOString();

/** Reads `<field>_zh` or `<field>_en` of a row for the locale. */
export function loc(row: object, field: string, locale: Locale): string {
  return String((row as Record<string, unknown>)[`${field}_${col(locale)}`] ?? '');
}
