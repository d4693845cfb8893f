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

/** Writes cookie `name` with the auth attributes. */
export function writeAuthCookie(name: string, value: string): void {
  Cookies.set(name, value, authCookieAttributes());
}

export function removeCookie(name: string): void {
  Cookies.remove(name, { path: '/' });
}

/** sessionStorage flag: this tab's token was checked, so plain pages need not check it again. */
export const SESSION_CHECKED_KEY = 'auth-checked';
