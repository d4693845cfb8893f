import { createHash, timingSafeEqual } from 'node:crypto';

/** The secret pair ECPay gives each merchant, per service. */
export interface HashPair {
  hashKey: string;
  hashIV: string;
}

/** SHA-256 signs payments (AIO, EncryptType=1); MD5 signs logistics. */
export type MacAlgorithm = 'sha256' | 'md5';

/**
 * URL-encodes as .NET's `HttpUtility.UrlEncode` does, which ECPay's servers use: like
 * `encodeURIComponent` but a space is `+` and `~` and `'` are escaped (`- _ . ! * ( )` stay literal).
 */
export function dotnetUrlEncode(text: string): string {
  return encodeURIComponent(text).replaceAll('%20', '+').replaceAll('~', '%7e').replaceAll("'", '%27');
}

/**
 * ECPay's CheckMacValue of `params`: drop CheckMacValue, sort by name ignoring case, wrap in
 * HashKey=…&…&HashIV=…, .NET-encode, lower-case, hash, upper-case the hex.
 */
export function checkMacValue(params: Record<string, string>, keys: HashPair, algorithm: MacAlgorithm): string {
  const names = Object.keys(params)
    .filter((n) => n !== 'CheckMacValue')
    .sort((a, b) => {
      const x = a.toLowerCase();
      const y = b.toLowerCase();
      return x < y ? -1 : x > y ? 1 : 0;
    });
  const query = names.map((n) => `${n}=${params[n]}`).join('&');
  const raw = `HashKey=${keys.hashKey}&${query}&HashIV=${keys.hashIV}`;
  return createHash(algorithm).update(dotnetUrlEncode(raw).toLowerCase()).digest('hex').toUpperCase();
}

/** `params` with its CheckMacValue added. */
export function sign(params: Record<string, string>, keys: HashPair, algorithm: MacAlgorithm): Record<string, string> {
  return { ...params, CheckMacValue: checkMacValue(params, keys, algorithm) };
}

/** Whether `params.CheckMacValue` is right, compared in constant time. */
export function verifyCheckMac(params: Record<string, string>, keys: HashPair, algorithm: MacAlgorithm): boolean {
  const given = Buffer.from((params.CheckMacValue ?? '').toUpperCase());
  const expected = Buffer.from(checkMacValue(params, keys, algorithm));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
