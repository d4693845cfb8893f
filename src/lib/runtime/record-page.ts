import { COOKIE } from '../../config.ts';
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
