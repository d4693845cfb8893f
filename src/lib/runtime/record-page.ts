import { AUTH_COOKIE_DAYS, COOKIE } from '../../config.ts';
import { writeAuthCookie } from './cookies.ts';
import { isRecordable } from './routes.ts';

/**
 * Records the page as the one to return to after login (cookie `recordPage`), unless it is one of
 * the sign-in pages. Returns whether it was recorded.
 */
export function recordVisit(pathname = location.pathname, search = location.search): boolean {
  if (!isRecordable(pathname)) return false;
  writeAuthCookie(COOKIE.recordPage, pathname + search);
  return true;
}

/**
 * The same record as an inline script, for a page whose links to the sign-in pages work before the
 * runtime has loaded (checkout's prerendered guest lead): the cookie's attributes are those of
 * authCookieAttributes() (lib/runtime/cookies.ts), written by hand as js-cookie would.
 */
export function recordVisitScript(): string {
  const attributes = `; path=/; max-age=${AUTH_COOKIE_DAYS * 86_400}; samesite=lax`;
  return `document.cookie=${JSON.stringify(`${COOKIE.recordPage}=`)}+encodeURIComponent(location.pathname+location.search)+${JSON.stringify(attributes)}+(location.protocol==="https:"?"; secure":"")`;
}
