import Cookies from 'js-cookie';
import { AUTH_COOKIE_DAYS } from '../../config.ts';

/** Attributes of the token, user-info and return-page cookies: 7 days, path /, Lax, Secure on https. */
export function authCookieAttributes(): Cookies.CookieAttributes {
  return {
    expires: AUTH_COOKIE_DAYS,
    path: '/',
    sameSite: 'Lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  };
}

/** The raw value of cookie `name`, or undefined (also outside a browser). */
export function readCookie(name: string): string | undefined {
  return typeof document === 'undefined' ? undefined : Cookies.get(name);
}

/**
 * The value of cookie `name` (decoded as readCookie decodes it), read without holding up the page where
 * the browser has the Cookie Store API: reading `document.cookie` is a synchronous call to the browser
 * process, the first one of a page 4-11 ms of the runtime's evaluation at CPU x4 (`npm run trace`),
 * where `cookieStore.get` answers in a promise. Elsewhere (older browsers, plain http on a host other
 * than localhost) it reads `document.cookie`.
 */
export async function readCookieSoon(name: string): Promise<string | undefined> {
  if (typeof document === 'undefined') return undefined;
  const store = (globalThis as { cookieStore?: Pick<CookieStore, 'get'> }).cookieStore;
  if (!store) return readCookie(name);
  try {
    const cookie = await store.get(name);
    return cookie?.value === undefined ? undefined : Cookies.converter.read(cookie.value, name);
  } catch {
    return readCookie(name);
  }
}

/** Writes cookie `name` with the auth attributes. */
export function writeAuthCookie(name: string, value: string): void {
  Cookies.set(name, value, authCookieAttributes());
}

export function removeCookie(name: string): void {
  Cookies.remove(name, { path: '/' });
}

/** sessionStorage flag: this tab's token was checked, so plain pages need not check it again. */
export const SESSION_CHECKED_KEY = 'auth-checked';
