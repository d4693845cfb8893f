import { createCipheriv, createDecipheriv } from 'node:crypto';
import type { HashPair } from '../ecpay/check-mac.ts';

/** The characters encodeURIComponent leaves alone but PHP's urlencode (ECPay's reference) encodes. */
const PHP_EXTRA: Record<string, string> = { '!': '%21', '*': '%2A', "'": '%27', '(': '%28', ')': '%29', '~': '%7E' };

/** URL-encodes as PHP's urlencode: space as `+`, and `!*'()~` as `%21 %2A %27 %28 %29 %7E`. */
export const urlEncode = (text: string): string =>
  encodeURIComponent(text)
    .replaceAll('%20', '+')
    .replace(/[!*'()~]/g, (c) => PHP_EXTRA[c]!);

/**
 * The `Data` field of ECPay's JSON APIs (B2C e-invoice): the JSON text URL-encoded as PHP's urlencode
 * (see urlEncode), then AES-128-CBC with HashKey as key and HashIV as IV (PKCS7 padding), in base64.
 */
export function encryptData(data: unknown, keys: HashPair): string {
  const encoded = urlEncode(JSON.stringify(data));
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(keys.hashKey), Buffer.from(keys.hashIV));
  return Buffer.concat([cipher.update(encoded, 'utf8'), cipher.final()]).toString('base64');
}

/** Reverses `encryptData`; throws when the text does not decrypt or is not JSON. */
export function decryptData(base64: string, keys: HashPair): unknown {
  const decipher = createDecipheriv('aes-128-cbc', Buffer.from(keys.hashKey), Buffer.from(keys.hashIV));
  const plain = Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]).toString('utf8');
  return JSON.parse(decodeURIComponent(plain.replaceAll('+', ' ')));
}
