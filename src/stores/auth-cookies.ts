import { COOKIE } from '../config.ts';
import { isTokenLike } from '../lib/api/browser.ts';
import { readUserInfo, type UserInfo } from '../lib/api/users.ts';
import { readCookie, removeCookie, writeAuthCookie } from '../lib/runtime/cookies.ts';
import { safeReturnPath } from '../lib/runtime/routes.ts';

/** A token cookie value, if it looks like one; anything else reads as no token. */
export function parseToken(raw: string | undefined): string | null {
  return raw && isTokenLike(raw) ? raw : null;
}

/** A userInfo cookie value (JSON), validated; malformed or foreign values read as none. */
export function parseUserInfo(raw: string | undefined): UserInfo | null {
  if (!raw) return null;
  try {
    return readUserInfo(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** The auth cookies as the store starts from them. */
export function readAuthCookies(): { token: string | null; userInfo: UserInfo | null } {
  return { token: parseToken(readCookie(COOKIE.accessToken)), userInfo: parseUserInfo(readCookie(COOKIE.userInfo)) };
}

/** Writes (or removes) a cookie unless it already holds that value: reading never extends its life. */
function sync(name: string, value: string | null): void {
  if (value === null) {
    if (readCookie(name) !== undefined) removeCookie(name);
  } else if (readCookie(name) !== value) writeAuthCookie(name, value);
}

export const writeToken = (token: string | null): void => sync(COOKIE.accessToken, token);
export const writeUserInfo = (info: UserInfo | null): void => sync(COOKIE.userInfo, info ? JSON.stringify(info) : null);

/** The recorded return page, if it is a safe path on this site. */
export function readRecordPage(): string | undefined {
  return safeReturnPath(readCookie(COOKIE.recordPage));
}

export function clearRecordPage(): void {
  removeCookie(COOKIE.recordPage);
}
