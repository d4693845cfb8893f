import { createHash } from 'node:crypto';

/** A small seeded PRNG (mulberry32): the same seed always yields the same demo shop. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** Integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    /** True with probability p. */
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

/** A stable UUID-shaped id derived from a name, so re-running the seed gives the same uids. */
export function stableUid(name: string): string {
  const h = createHash('sha1').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Rounds a NT$ amount to a shop-like price ending in 0 or 90 (e.g. 12,990). */
export function shopPrice(amount: number): number {
  if (amount < 1000) return Math.round(amount / 10) * 10;
  return Math.max(990, Math.round(amount / 100) * 100 - 10);
}
