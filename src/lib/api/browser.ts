import { COOKIE } from '../../config.ts';
import { readCookie } from '../runtime/cookies.ts';
import { currentLocale } from '../runtime/locale.ts';
import { report } from '../runtime/ui-reports.ts';
import { createApiClient } from './client.ts';

/** The token cookie holds an opaque URL-safe string; anything else is ignored. */
const TOKEN_PATTERN = /^[\w.~+/=-]{16,512}$/;

/** Whether a cookie value has the shape of a session token. */
export const isTokenLike = (value: string): boolean => TOKEN_PATTERN.test(value);

/** The bearer token from the `accessToken` cookie, if it looks like one. */
export function tokenFromCookie(): string | undefined {
  const token = readCookie(COOKIE.accessToken);
  return token && isTokenLike(token) ? token : undefined;
}

let transport: typeof globalThis.fetch = (...args) => globalThis.fetch(...args);

/** Test seam: send the browser client's requests through `fetch` (e.g. the in-process shop API). */
export function useTransport(fetch: typeof globalThis.fetch): void {
  transport = fetch;
}

/**
 * The browser's API client: base URL from PUBLIC_API_BASE (same origin when empty), Bearer from the
 * token cookie, Accept-Language from the page's locale; every failure opens the error modal unless
 * the call is `silent` (forms show their errors inline); every call drives the loading bar.
 */
export const api = createApiClient({
  baseURL: import.meta.env.PUBLIC_API_BASE ?? '',
  fetch: (...args) => transport(...args),
  getToken: tokenFromCookie,
  getLocale: currentLocale,
  onError: (error) => report({ kind: 'error', message: error.message }),
  onActivity: (event) => report({ kind: 'activity', event }),
});
