import { api } from './browser.ts';

/** A saved variant as the member's wishlist page shows it (issue 32): today's price and stock. */
export interface WishlistItem {
  sku: string;
  product: { slug: string; name: string; brand: { slug: string; name: string } };
  option: string;
  price: number;
  compareAtPrice: number | null;
  stockState: 'in' | 'low' | 'out' | 'withdrawn';
  image: { src: string; width: number; height: number };
  addedAt: string;
}

export interface WishlistPage {
  total: number;
  limit: number;
  current: number;
  pageCount: number;
  data: WishlistItem[];
}

const sku = (s: string) => `/api/wishlist/${encodeURIComponent(s)}`;

/** GET /api/wishlist, PUT and DELETE /api/wishlist/{sku} (a member's, by Bearer). */
export const wishlistApi = {
  page: (page: number, o?: { silent?: boolean }) => api.get<WishlistPage>('/api/wishlist', { query: { page }, ...o }),
  save: (s: string, o?: { silent?: boolean }) => api.put<{ sku: string; count: number }>(sku(s), o),
  remove: (s: string, o?: { silent?: boolean }) => api.delete<{ sku: string; count: number }>(sku(s), o),
};
