import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Bytes of a session token or reset ticket: 128 bits (ASVS 7.2.3). */
export const SECRET_BYTES = 16;
/** A token as sent on the wire: 128 random bits in base64url, 22 characters. */
export const TOKEN_RE = /^[A-Za-z0-9_-]{22}$/;

/** A new random secret for the wire (base64url). */
export const newSecret = (): string => randomBytes(SECRET_BYTES).toString('base64url');

/** SHA-256 hex of a secret: what the database keeps instead of the secret itself. */
export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
