import { WISHLIST_MAX, WISHLIST_STORAGE_KEY } from '../config.ts';

/** A guest's saved tap: the variant and its product (the card's heart knows the product). */
export interface GuestWish {
  sku: string;
  p: string;
}

/** What a guest saved in this browser (merged into the member's list at login). */
export function readGuestList(): GuestWish[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(WISHLIST_STORAGE_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((w) => typeof w?.sku === 'string' && typeof w?.p === 'string') : [];
  } catch {
    return [];
  }
}

export function writeGuestList(list: GuestWish[]): void {
  try {
    if (list.length) localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(list.slice(-WISHLIST_MAX)));
    else localStorage.removeItem(WISHLIST_STORAGE_KEY);
  } catch {
    // Storage full or off: the tap is not kept.
  }
}
