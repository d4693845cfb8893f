import { randomBytes } from 'node:crypto';

const TAIPEI_OFFSET_MS = 8 * 3_600_000;

/** `ms` as ECPay writes dates: Taiwan time (UTC+8, no daylight saving), `yyyy/MM/dd HH:mm:ss`. */
export function ecpayDateTime(ms: number): string {
  const iso = new Date(ms + TAIPEI_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '/')} ${iso.slice(11, 19)}`;
}

/** Reads an ECPay date (`yyyy/MM/dd HH:mm:ss` or `yyyy/MM/dd`, Taiwan time) as epoch ms; NaN when malformed. */
export function parseEcpayDateTime(text: string): number {
  const m = /^(\d{4})\/(\d{2})\/(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return Number.NaN;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  return Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s) - TAIPEI_OFFSET_MS;
}

/** MerchantTradeNo: at most 20 letters and digits, unique per payment attempt. */
export const MERCHANT_TRADE_NO_RE = /^[0-9A-Za-z]{1,20}$/;
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * A new MerchantTradeNo: the 2-letter shop prefix, the Taiwan time to the second (yyMMddHHmmss) and
 * six random characters, 20 in all, so attempts sort by time and never repeat in practice.
 */
export function newMerchantTradeNo(now: number, prefix = 'SW'): string {
  const stamp = ecpayDateTime(now).replace(/\D/g, '').slice(2);
  const bytes = randomBytes(6);
  let tail = '';
  for (const b of bytes) tail += ALPHABET[b % ALPHABET.length];
  return `${prefix.slice(0, 2)}${stamp}${tail}`;
}

/** Characters that break ECPay's form handling or its `#` item separator. */
const UNSAFE_RE = /[#\p{Cc}<>"]/gu;

/** `text` cleaned of unsafe characters and cut to at most `max` characters (code points), with `…` when cut. */
export function fitText(text: string, max: number): string {
  const chars = [...text.replace(UNSAFE_RE, ' ').replace(/\s+/g, ' ').trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** ItemName: each line item as `name x qty`, joined by `#`, within `max` characters (code points, never half of one). */
export function itemNameOf(items: readonly { name: string; quantity: number }[], max = 200): string {
  const parts = items.map((i) => `${fitText(i.name, 80)} x ${i.quantity}`);
  let out = '';
  for (const part of parts) {
    const next = out ? `${out}#${part}` : part;
    if ([...next].length > max) return out ? `${fitText(out, max - 2)}#…` : fitText(part, max);
    out = next;
  }
  return out;
}
