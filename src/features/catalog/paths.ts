/** Locale-neutral paths of catalog pages (wrap with `localePath(locale, ...)` for links). */
import type { ProductRoute } from '../../lib/api/catalog.ts';

export const brandPath = (slug: string): string => `/brands/${slug}`;
export const categoryPath = (slug: string): string => `/categories/${slug}`;
export const articlePath = (slug: string): string => `/articles/${slug}`;

/** Listing page `n` of a list whose first page is at `base` (`/articles`, `/brands/sony`). */
export const listPagePath = (base: string, page: number): string => (page <= 1 ? base : `${base}/page/${page}`);

/** The product page under its brand (the canonical URL) or under its category. */
export function productPath(p: ProductRoute, via: 'brand' | 'category'): string {
  return via === 'brand' ? `${brandPath(p.brand.slug)}/${p.slug}` : `${categoryPath(p.category.slug)}/${p.slug}`;
}
