import { createCipheriv, createDecipheriv } from 'node:crypto';
import type { HashPair } from '../ecpay/check-mac.ts';

/**
 * The `Data` field of ECPay's JSON APIs (B2C e-invoice): the JSON text URL-encoded (space as `+`),
 * then AES-128-CBC with HashKey as key and HashIV as IV (PKCS7 padding), in base64.
 */
export function encryptData(data: unknown, keys: HashPair): string {
  const encoded = encodeURIComponent(JSON.stringify(data)).replaceAll('%20', '+');
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(keys.hashKey), Buffer.from(keys.hashIV));
  return Buffer.concat([cipher.update(encoded, 'utf8'), cipher.final()]).toString('base64');
}

/** Reverses `encryptData`; throws when the text does not decrypt or is not JSON. */
export function decryptData(base64: string, keys: HashPair): unknown {
  const decipher = createDecipheriv('aes-128-cbc', Buffer.from(keys.hashKey), Buffer.from(keys.hashIV));
  const plain = Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]).toString('utf8');
  return JSON.parse(decodeURIComponent(plain.replaceAll('+', ' ')));
}
