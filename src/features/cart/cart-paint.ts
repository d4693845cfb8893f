import { CART_COOKIE, CART_COUNT_STORAGE_KEY, COOKIE } from '../../config.ts';

/**
 * The cart page's last paint (lib/runtime/last-paint.ts): kept per member token or guest cart token,
 * and shown only while the cart's count (written by every change of the cart) is the one it showed.
 */
export const CART_PAINT = {
  name: 'cart',
  versionKey: CART_COUNT_STORAGE_KEY,
  cookies: [COOKIE.accessToken, CART_COOKIE],
};
