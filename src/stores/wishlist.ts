import { map } from 'nanostores';
import type { ApiClientError } from '../lib/api/client.ts';
import { type WishlistPage, wishlistApi } from '../lib/api/wishlist.ts';
import { readGuestList, writeGuestList } from './wishlist-guest.ts';

/**
 * After login (like the guest cart's merge), and on a page that opens signed in (a LINE sign-in ends
 * on one): the hearts a guest tapped in this browser are saved to
 * the member's list, one PUT each (saving twice changes nothing), then forgotten here. A SKU the shop
 * no longer sells (404) or a full list (409) is dropped; one that failed otherwise stays for the next
 * login. The login has succeeded whatever happens here.
 */
export async function adoptGuestWishlist(): Promise<void> {
  const guest = readGuestList();
  if (!guest.length) return;
  const kept = [];
  for (const w of guest) {
    try {
      await wishlistApi.save(w.sku, { silent: true });
    } catch (e) {
      const status = (e as ApiClientError).status;
      if (status !== 404 && status !== 409) kept.push(w);
    }
  }
  writeGuestList(kept);
}

export interface WishlistState {
  page: WishlistPage | null;
  loading: boolean;
}

/** The member's wishlist page. */
export const $wishlist = map<WishlistState>({ page: null, loading: false });

export async function loadWishlist(page: number): Promise<void> {
  $wishlist.setKey('loading', true);
  try {
    $wishlist.set({ page: await wishlistApi.page(page), loading: false });
  } catch {
    $wishlist.setKey('loading', false);
  }
}

/** Removes one item and shows the page again (the last item of a later page goes back one page). */
export async function removeFromWishlist(sku: string): Promise<void> {
  await wishlistApi.remove(sku);
  const p = $wishlist.get().page;
  const current = p && p.data.length === 1 && p.current > 1 ? p.current - 1 : (p?.current ?? 1);
  await loadWishlist(current);
}
