/**
 * The orders of the catalogue's product lists (`sort` of GET /api/products), as the listing's sort menu
 * offers them. A module of its own: a listing page's script checks `?sort=` on load, and importing the
 * list from catalog.ts would load the catalogue's calls with it before the first filter needs them.
 */
export type ProductSort = 'newest' | 'price_asc' | 'price_desc' | 'name';
export const PRODUCT_SORTS: readonly ProductSort[] = ['newest', 'price_asc', 'price_desc', 'name'];
