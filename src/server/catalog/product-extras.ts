import type { Kysely } from 'kysely';
import type { Locale } from '../../config.ts';
import type { Database } from '../db/schema.ts';
import type { ProductDetail, ProductSummary } from './product-rows.ts';

/** A product's stars as its cards show them: the published reviews' average (one decimal) and count. */
export interface Rating {
  average: number;
  count: number;
}

/**
 * What a domain the catalogue does not import adds to its products (the reviews): registered when the
 * app is composed (`setProductExtras`), read by the product routes, the page versions of an
 * incremental build and the catalogue fingerprint. Without it the products carry none of it.
 */
export interface ProductExtras {
  /** The ratings of the products of `ids` that have any. */
  ratings(k: Kysely<Database>, ids: number[]): Promise<Map<number, Rating>>;
  /** The part of product `id`'s detail that the extras add (`reviews`), in `locale`. */
  detail(k: Kysely<Database>, id: number, locale: Locale): Promise<Record<string, unknown>>;
  /** Per product id, a digest of the rows behind what `ratings` and `detail` answer. */
  versions(k: Kysely<Database>): Promise<Map<number, string>>;
  /** A digest of the same for the whole catalogue (the fingerprint a rebuild compares). */
  fingerprint(k: Kysely<Database>): Promise<string>;
}

let extras: ProductExtras | null = null;

/** Registers the extras (the app's composition does, once). */
export function setProductExtras(x: ProductExtras): void {
  extras = x;
}

/** `list` with each product's `rating` (null when it has none). */
export async function withRatings<T extends ProductSummary>(
  k: Kysely<Database>,
  list: T[],
): Promise<(T & { rating: Rating | null })[]> {
  const found = extras && list.length ? await extras.ratings(k, [...new Set(list.map((p) => p.id))]) : new Map();
  return list.map((p) => ({ ...p, rating: found.get(p.id) ?? null }));
}

/** The detail with its own and its related products' ratings (one read) and the extras' part. */
export async function withDetailExtras(k: Kysely<Database>, d: ProductDetail, locale: Locale) {
  const [rated, part] = await Promise.all([
    withRatings(k, [d, ...d.related]),
    extras ? extras.detail(k, d.id, locale) : Promise.resolve({}),
  ]);
  const [own, ...related] = rated;
  return { ...own!, related, ...part };
}

/** Per product id, the extras' version (empty without extras). */
export const extraVersions = (k: Kysely<Database>): Promise<Map<number, string>> =>
  extras ? extras.versions(k) : Promise.resolve(new Map());

/** The extras' part of the catalogue fingerprint ('' without extras). */
export const extraFingerprint = (k: Kysely<Database>): Promise<string> =>
  extras ? extras.fingerprint(k) : Promise.resolve('');
