/**
 * The versions of the product pages for an incremental build (src/lib/api/page-keys.server.ts): per
 * product on sale, a digest of every row its page is made from (the product, its variants, its
 * images) and of the same for each related product, chosen as the product page chooses them
 * (`relatedIdsOf` in related.ts: same category first, then same brand; in stock first, then
 * newest), with what the product extras add (product-extras.ts: the reviews). A few reads of the
 * whole catalogue instead of a detail request per product and language:
 * a 10,000-product shop's keys took 25 s of every rebuild that way.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { extraVersions } from './product-extras.ts';
import { RELATED_COUNT } from './product-rows.ts';

interface Ranked {
  id: number;
  brand_id: number;
  category_id: number;
  stock: number;
  created_at: number;
}

const sha = (text: string) => createHash('sha1').update(text).digest('base64url');

/** The order of `relatedIdsOf` (related.ts): rank (category 2, brand 1) first, then in stock, newest, lowest id. */
function before(a: Ranked & { rank: number }, b: Ranked & { rank: number }): boolean {
  if (a.rank !== b.rank) return a.rank > b.rank;
  const sa = a.stock > 0 ? 0 : 1;
  const sb = b.stock > 0 ? 0 : 1;
  if (sa !== sb) return sa < sb;
  if (a.created_at !== b.created_at) return a.created_at > b.created_at;
  return a.id < b.id;
}

/** The ids of each product's related products, in order, as the product page shows them. */
export function relatedIds<P extends Ranked>(products: P[]): Map<number, number[]> {
  const byBrand = new Map<number, P[]>();
  const byCategory = new Map<number, P[]>();
  const add = (map: Map<number, P[]>, key: number, p: P) => {
    const list = map.get(key);
    if (list) list.push(p);
    else map.set(key, [p]);
  };
  for (const p of products) {
    add(byBrand, p.brand_id, p);
    add(byCategory, p.category_id, p);
  }
  const out = new Map<number, number[]>();
  for (const p of products) {
    const top: (Ranked & { rank: number })[] = [];
    const consider = (r: P) => {
      if (r.id === p.id) return;
      const c = {
        id: r.id,
        brand_id: r.brand_id,
        category_id: r.category_id,
        stock: r.stock,
        created_at: r.created_at,
        rank: 0,
      };
      c.rank = (r.category_id === p.category_id ? 2 : 0) + (r.brand_id === p.brand_id ? 1 : 0);
      // Most candidates come after the fourth already kept: one comparison, then out.
      if (top.length === RELATED_COUNT && !before(c, top[RELATED_COUNT - 1]!)) return;
      let i = top.length;
      while (i > 0 && before(c, top[i - 1]!)) i--;
      top.splice(i, 0, c);
      if (top.length > RELATED_COUNT) top.pop();
    };
    for (const r of byCategory.get(p.category_id) ?? []) consider(r);
    // Same brand, other category (the same category was counted above).
    for (const r of byBrand.get(p.brand_id) ?? []) if (r.category_id !== p.category_id) consider(r);
    out.set(
      p.id,
      top.map((r) => r.id),
    );
  }
  return out;
}

/** What a listing page is made from, per brand or category: its products on sale in order, each with its own version. */
export interface ListingVersion {
  /** Product ids in the listings' `newest` order: created_at, then id, both descending (product-list.ts). */
  ids: number[];
  /** The version of each product's own rows (product, variants, images, extras), as `ids`. */
  versions: string[];
}

export interface CatalogVersions {
  /** slug → version of the product's page, for every product on sale. */
  pages: Map<string, string>;
  /** `brand:<slug>` and `category:<slug>` → the listing's products and their versions. */
  listings: Map<string, ListingVersion>;
}

/** The versions of the product pages and of the listings' products, from one read of the catalogue. */
export async function catalogVersions(db: Db): Promise<CatalogVersions> {
  const k = db.kysely;
  const [products, variants, images, extras, brands, categories] = await Promise.all([
    k.selectFrom('products').selectAll().where('withdrawn_at', 'is', null).orderBy('id').execute(),
    k.selectFrom('variants').selectAll().orderBy('product_id').orderBy('id').execute(),
    k.selectFrom('product_images').selectAll().orderBy('product_id').orderBy('id').execute(),
    extraVersions(k),
    k.selectFrom('brands').select(['id', 'slug']).execute(),
    k.selectFrom('categories').select(['id', 'slug']).execute(),
  ]);
  const rowsOf = new Map<number, unknown[]>();
  for (const row of [...variants, ...images]) {
    const list = rowsOf.get(row.product_id);
    if (list) list.push(row);
    else rowsOf.set(row.product_id, [row]);
  }
  const own = new Map(
    products.map((p) => [p.id, sha(JSON.stringify([p, rowsOf.get(p.id) ?? [], extras.get(p.id) ?? '']))]),
  );
  const related = relatedIds(products.map((p) => ({ ...p, stock: Number(p.stock), created_at: Number(p.created_at) })));
  const pages = new Map(
    products.map((p) => [
      p.slug,
      sha([own.get(p.id), ...(related.get(p.id) ?? []).map((id) => own.get(id))].join(' ')),
    ]),
  );
  const newest = [...products].sort((a, b) => Number(b.created_at) - Number(a.created_at) || b.id - a.id);
  const listings = new Map<string, ListingVersion>();
  const slugOf = {
    brand: new Map(brands.map((b) => [b.id, b.slug])),
    category: new Map(categories.map((c) => [c.id, c.slug])),
  };
  for (const p of newest) {
    for (const [kind, id] of [
      ['brand', p.brand_id],
      ['category', p.category_id],
    ] as const) {
      const slug = slugOf[kind].get(id);
      if (slug === undefined) continue;
      const key = `${kind}:${slug}`;
      let listing = listings.get(key);
      if (!listing) {
        listing = { ids: [], versions: [] };
        listings.set(key, listing);
      }
      listing.ids.push(p.id);
      listing.versions.push(own.get(p.id) ?? '');
    }
  }
  return { pages, listings };
}

/** slug → version of the product's page, for every product on sale. */
export async function productPageVersions(db: Db): Promise<Map<string, string>> {
  return (await catalogVersions(db)).pages;
}
