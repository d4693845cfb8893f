import { CART_COUNT_STORAGE_KEY } from '../../config.ts';

/** Fired on `window` in the tab that changed the count; other tabs hear the `storage` event. */
export const CART_COUNT_EVENT = 'cart:count';

/** The cached count of units in the cart: a whole number from 0, or 0 for anything else stored. */
export function readCartCount(): number {
  try {
    const n = Number(localStorage.getItem(CART_COUNT_STORAGE_KEY));
    return Number.isSafeInteger(n) && n > 0 ? n : 0;
  } catch {
    return 0;
  }
}

/** Caches the count for the header of every tab and tells this tab's header at once. */
export function writeCartCount(count: number): void {
  try {
    if (localStorage.getItem(CART_COUNT_STORAGE_KEY) !== String(count))
      localStorage.setItem(CART_COUNT_STORAGE_KEY, String(count));
  } catch {
    // Private mode without storage: this tab still hears the event.
  }
  if (typeof dispatchEvent === 'function') dispatchEvent(new CustomEvent(CART_COUNT_EVENT, { detail: count }));
}
