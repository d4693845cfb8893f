/**
 * The filter state of a brand or category listing in the URL's query (`?category=dacs&sort=price_asc
 * &in_stock=1&min_price=1000&max_price=5000&page=2`): parsed leniently (bad values are dropped) and
 * written back in a stable order.
 */
import type { ProductQuery } from '../../lib/api/catalog.ts';
import { PRODUCT_SORTS, type ProductSort } from '../../lib/api/product-sorts.ts';

export type FilterKey = 'brand' | 'category';

export interface ListingState {
  /** Slug of the other dimension: a category on a brand page, a brand on a category page. */
  filter?: string;
  sort?: ProductSort;
  inStock?: boolean;
  minPrice?: number;
  maxPrice?: number;
  page?: number;
}

const SLUG = /^[a-z0-9-]{1,80}$/;
/** The order of the prerendered pages; left out of the URL. */
export const DEFAULT_SORT: ProductSort = 'newest';

const wholeNumber = (value: string | null): number | undefined => {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return undefined;
  return Number(value);
};

export function parseListing(params: URLSearchParams, key: FilterKey): ListingState {
  const state: ListingState = {};
  const filter = params.get(key);
  if (filter && SLUG.test(filter)) state.filter = filter;
  const sort = params.get('sort');
  if (sort && sort !== DEFAULT_SORT && (PRODUCT_SORTS as string[]).includes(sort)) state.sort = sort as ProductSort;
  if (params.get('in_stock') === '1') state.inStock = true;
  const min = wholeNumber(params.get('min_price'));
  const max = wholeNumber(params.get('max_price'));
  if (min !== undefined) state.minPrice = min;
  if (max !== undefined) state.maxPrice = max;
  const page = wholeNumber(params.get('page'));
  if (page !== undefined && page > 1) state.page = page;
  return state;
}

/** True when the state differs from the prerendered first page (no filter, default sort). */
export const isFiltered = (s: ListingState): boolean => Object.keys(s).length > 0;

export function listingSearch(s: ListingState, key: FilterKey): string {
  const params = new URLSearchParams();
  if (s.filter) params.set(key, s.filter);
  if (s.sort) params.set('sort', s.sort);
  if (s.inStock) params.set('in_stock', '1');
  if (s.minPrice !== undefined) params.set('min_price', String(s.minPrice));
  if (s.maxPrice !== undefined) params.set('max_price', String(s.maxPrice));
  if (s.page && s.page > 1) params.set('page', String(s.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The API query for a listing of one brand or category in the given state. */
export function listingQuery(
  s: ListingState,
  key: FilterKey,
  fixed: { brand?: string; category?: string },
  pageSize: number,
): ProductQuery {
  return {
    ...fixed,
    ...(s.filter ? { [key]: s.filter } : {}),
    sort: s.sort ?? DEFAULT_SORT,
    ...(s.inStock ? { inStock: true } : {}),
    ...(s.minPrice !== undefined ? { minPrice: s.minPrice } : {}),
    ...(s.maxPrice !== undefined ? { maxPrice: s.maxPrice } : {}),
    page: s.page ?? 1,
    pageSize,
  };
}
