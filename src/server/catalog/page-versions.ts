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

/** The order of `relatedIdsOf` (related.ts) within one rank: in stock first, then newest, then lowest id. */
const inPageOrder = (a: Ranked, b: Ranked): number =>
  (a.stock > 0 ? 0 : 1) - (b.stock > 0 ? 0 : 1) || b.created_at - a.created_at || a.id - b.id;

function push<K, P>(map: Map<K, P[]>, key: K, p: P): void {
  const list = map.get(key);
  if (list) list.push(p);
  else map.set(key, [p]);
}

/**
 * The ids of each product's related products, in order, as the product page shows them: the same
 * category and brand first, then the same category, then the same brand (rank 3, 2, 1), each rank in
 * the page's order. The groups are sorted once; each product takes the first few of its three.
 */
export function relatedIds<P extends Ranked>(products: P[]): Map<number, number[]> {
  const byPair = new Map<string, P[]>();
  const byCategory = new Map<number, P[]>();
  const byBrand = new Map<number, P[]>();
  for (const p of [...products].sort(inPageOrder)) {
    push(byPair, `${p.category_id} ${p.brand_id}`, p);
    push(byCategory, p.category_id, p);
    push(byBrand, p.brand_id, p);
  }
  const out = new Map<number, number[]>();
  for (const p of products) {
    const ids: number[] = [];
    const take = (group: P[] | undefined, other: (r: P) => boolean) => {
      for (const r of group ?? []) {
        if (ids.length === RELATED_COUNT) return;
        if (r.id !== p.id && other(r)) ids.push(r.id);
      }
    };
    take(byPair.get(`${p.category_id} ${p.brand_id}`), () => true);
    take(byCategory.get(p.category_id), (r) => r.brand_id !== p.brand_id);
    take(byBrand.get(p.brand_id), (r) => r.category_id !== p.category_id);
    out.set(p.id, ids);
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

/** Where a product's pages are: its slug, its brand's and its category's (as a summary has them). */
export interface ProductRoute {
  slug: string;
  brand: { slug: string };
  category: { slug: string };
}

export interface CatalogVersions {
  /** slug → version of the product's page, for every product on sale. */
  pages: Map<string, string>;
  /** Every product on sale, newest first (the listings' order), with its brand's and category's slugs. */
  routes: ProductRoute[];
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
  const routes: ProductRoute[] = [];
  for (const p of newest) {
    const [brand, category] = [slugOf.brand.get(p.brand_id), slugOf.category.get(p.category_id)];
    if (brand !== undefined && category !== undefined)
      routes.push({ slug: p.slug, brand: { slug: brand }, category: { slug: category } });
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
  return { pages, routes, listings };
}

/** slug → version of the product's page, for every product on sale. */
export async function productPageVersions(db: Db): Promise<Map<string, string>> {
  return (await catalogVersions(db)).pages;
}
