import { randomInt } from 'node:crypto';
import { TIME_ZONE } from '../../config.ts';

// No 0/O or 1/I: read aloud over the phone without doubt.
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const RANDOM_CHARS = 7;
const dateFmt = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `20261123-X7K2P9Q`: the Taipei date and 7 random characters (35 bits), never sequential. */
export function newOrderNo(now: number): string {
  const date = dateFmt.format(new Date(now)).replaceAll('-', '');
  let tail = '';
  for (let i = 0; i < RANDOM_CHARS; i++) tail += ALPHABET[randomInt(ALPHABET.length)];
  return `${date}-${tail}`;
}

export const ORDER_NO_RE = /^\d{8}-[2-9A-HJ-NP-Z]{7}$/;
