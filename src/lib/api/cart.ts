import Cookies from 'js-cookie';
import { CART_COOKIE, CART_TOKEN_DAYS, CART_TOKEN_HEADER } from '../../config.ts';
import { writeCartCount } from '../runtime/cart-count.ts';
import { readCookie, removeCookie } from '../runtime/cookies.ts';
import { api } from './browser.ts';
import type { ApiClientError, RequestOptions } from './client.ts';

export type StockState = 'in_stock' | 'low_stock' | 'short' | 'sold_out' | 'withdrawn';
export type CartWarningCode = 'PRICE_CHANGED' | 'STOCK_SHORT' | 'SOLD_OUT' | 'WITHDRAWN';

export interface CartLine {
  id: number;
  sku: string;
  productSlug: string;
  brandSlug: string;
  name: string;
  optionName: string;
  optionValue: string;
  image: { src: string; width: number; height: number; alt: string } | null;
  unitPrice: number;
  compareAtPrice: number | null;
  quantity: number;
  stockState: StockState;
  available: number;
  lineTotal: number;
  /** The unit price when the line was added, while it has moved and the shopper has not been shown it; else null. */
  priceChangedFrom: number | null;
}

export interface CartWarning {
  lineId: number;
  code: CartWarningCode;
  message: string;
}

export interface Cart {
  lines: CartLine[];
  count: number;
  subtotal: number;
  warnings: CartWarning[];
  canCheckout: boolean;
}

/** The guest cart token has the shape the server issues (128 bits, base64url); anything else is ignored. */
const CART_TOKEN_RE = /^[A-Za-z0-9_-]{22}$/;

export function readCartToken(): string | undefined {
  const token = readCookie(CART_COOKIE);
  return token && CART_TOKEN_RE.test(token) ? token : undefined;
}

/** Keeps (and renews) the guest cart token: 30 days, path /, SameSite=Lax, Secure on https. */
export function writeCartToken(token: string): void {
  Cookies.set(CART_COOKIE, token, {
    expires: CART_TOKEN_DAYS,
    path: '/',
    sameSite: 'Lax',
    secure: location.protocol === 'https:',
  });
}

export function forgetCartToken(): void {
  if (readCookie(CART_COOKIE) !== undefined) removeCookie(CART_COOKIE);
}

/** The `X-Cart-Token` header of a guest holding a cart (also sent on login and sign-up to merge it). */
export function cartTokenHeaders(): Record<string, string> {
  const token = readCartToken();
  return token ? { [CART_TOKEN_HEADER]: token } : {};
}

/** The server forgot this guest cart (expired, swept or merged): the token is dropped. */
export const isLostCart = (error: unknown): boolean => (error as ApiClientError)?.code === 'CART_NOT_FOUND';

async function call(method: 'get' | 'post' | 'patch' | 'delete', path: string, o: RequestOptions = {}): Promise<Cart> {
  try {
    const answer = await api[method]<Cart & { cartToken?: string }>(path, {
      ...o,
      headers: cartTokenHeaders(),
    });
    const { cartToken, ...cart } = answer;
    if (cartToken) writeCartToken(cartToken);
    else if (method !== 'get' && readCartToken()) writeCartToken(readCartToken() as string);
    return cart;
  } catch (error) {
    if (isLostCart(error)) forgetCartToken();
    throw error;
  }
}

/**
 * The cart calls of the shop API (issue 7); each answers the whole cart. The member's Bearer token
 * comes from the client; a guest's cart token travels as `X-Cart-Token`, never as a cookie alone.
 * `silent` calls leave the error modal shut (the caller shows the error beside its line or button).
 */
export const cartApi = {
  get: (o?: { silent?: boolean }) => call('get', '/api/cart', o),
  add: (sku: string, quantity: number, o?: { silent?: boolean }) =>
    call('post', '/api/cart/items', { body: { sku, quantity }, ...o }),
  setQuantity: (lineId: number, quantity: number, o?: { silent?: boolean }) =>
    call('patch', `/api/cart/items/${lineId}`, { body: { quantity }, ...o }),
  remove: (lineId: number, o?: { silent?: boolean }) => call('delete', `/api/cart/items/${lineId}`, o),
  /** The page has shown these lines' moved prices (each with the unit price it showed). */
  seen: (lines: { id: number; price: number }[], o?: { silent?: boolean }) =>
    call('post', '/api/cart/seen', { body: { lines }, ...o }),
};

/**
 * After login or sign-up (whose request carried the guest token, so the server merged that cart):
 * the guest token is dropped and the header count becomes the member cart's.
 */
export async function adoptMemberCart(): Promise<void> {
  forgetCartToken();
  try {
    writeCartCount((await cartApi.get({ silent: true })).count);
  } catch {
    // The count corrects itself on the next cart page; the login has succeeded.
  }
}
