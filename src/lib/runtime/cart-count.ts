import { CART_COUNT_EVENT, CART_COUNT_STORAGE_KEY } from '../../config.ts';

// The header reads the count in src/scripts/chrome.ts (kept there so every page loads one file less).

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
