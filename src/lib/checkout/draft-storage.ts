/**
 * Where the tab keeps the checkout draft (sessionStorage), and its promotion code read and written
 * without the draft's schema: the cart page needs the code alone, not the validation library.
 */
export const DRAFT_KEY = 'checkoutDraft';

/** The longest code kept (the server refuses longer ones anyway). */
const COUPON_MAX = 32;

function readStored(): Record<string, unknown> {
  if (typeof sessionStorage === 'undefined') return {};
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The promotion code the tab has applied (the cart page sets it, checkout reads it with the draft). */
export function storedCoupon(): string {
  const coupon = readStored().coupon;
  return typeof coupon === 'string' && coupon.length <= COUPON_MAX ? coupon : '';
}

/** Keeps `coupon` in the tab's draft, leaving the rest of it as it is. */
export function storeCoupon(coupon: string): void {
  if (typeof sessionStorage === 'undefined') return;
  sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ ...readStored(), coupon }));
}
