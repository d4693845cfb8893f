import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { extraFingerprint } from './product-extras.ts';

export interface CatalogFingerprint {
  fingerprint: string;
  /** Latest change among the timestamped tables (ISO 8601), or null on an empty catalogue. */
  updated_at: string | null;
}

/**
 * A hash over what the prerendered pages show: row counts and latest `updated_at` of brands,
 * categories, products and articles; count and price sums of variants; count and text length of
 * site metas and system variables (they carry no timestamp). One statement, the same on both engines.
 */
export async function catalogFingerprint(db: Db): Promise<CatalogFingerprint> {
  const { rows } = await sql<Record<string, number | string | null>>`
    SELECT
      (SELECT count(*) FROM brands) AS brands_n, (SELECT max(updated_at) FROM brands) AS brands_u,
      (SELECT count(*) FROM categories) AS categories_n, (SELECT max(updated_at) FROM categories) AS categories_u,
      (SELECT count(*) FROM products) AS products_n, (SELECT max(updated_at) FROM products) AS products_u,
      (SELECT count(*) FROM articles) AS articles_n, (SELECT max(updated_at) FROM articles) AS articles_u,
      (SELECT count(*) FROM variants) AS variants_n,
      (SELECT coalesce(sum(price), 0) + coalesce(sum(compare_at_price), 0) FROM variants) AS variants_p,
      (SELECT count(*) FROM site_metas) AS site_metas_n,
      (SELECT coalesce(sum(length(title) + length(description) + length(keywords) + length(og_title)
        + length(og_description) + length(og_keywords) + length(og_image)), 0) FROM site_metas) AS site_metas_l,
      (SELECT count(*) FROM sys_vars) AS sys_vars_n,
      (SELECT coalesce(sum(length(name) + length(data)), 0) FROM sys_vars) AS sys_vars_l
  `.execute(db.kysely);
  const row = rows[0] ?? {};
  const parts = Object.keys(row)
    .sort()
    .map((k) => `${k}=${row[k] === null ? '' : Number(row[k])}`);
  // What the product extras add to the pages (the reviews), when there are any.
  const extra = await extraFingerprint(db.kysely);
  if (extra) parts.push(`extras=${extra}`);
  const latest = Math.max(...['brands_u', 'categories_u', 'products_u', 'articles_u'].map((k) => Number(row[k] ?? 0)));
  return {
    fingerprint: createHash('sha256').update(parts.join('&')).digest('hex').slice(0, 32),
    updated_at: latest > 0 ? new Date(latest).toISOString() : null,
  };
}
