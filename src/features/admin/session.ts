import { STAFF_TOKEN_COOKIE, STAFF_TOKEN_MAX_AGE_S } from './constants.ts';

/** The signed-in staff member (GET /api/admin/me), once the token was checked. */
export interface StaffMe {
  email: string;
  name: string;
  role: 'owner' | 'staff';
  expiresAt: string;
  idleExpiresAt: string;
  recoveryCodesLeft: number;
}

/**
 * The staff token is kept like the member's (a cookie of the whole site, readable by the page's
 * scripts), under a name of its own: a member's session and a staff session never mix, and the
 * cookie dies when the server's session would (12 hours). Plain `document.cookie` rather than the
 * storefront's cookie helpers, which ride in its runtime file (see constants.ts).
 */
export function readStaffToken(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split('; ')) {
    const eq = part.indexOf('=');
    if (part.slice(0, eq) === STAFF_TOKEN_COOKIE) return decodeURIComponent(part.slice(eq + 1)) || undefined;
  }
  return undefined;
}

export function writeStaffToken(token: string | null): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const value = token ? encodeURIComponent(token) : '';
  const age = token ? STAFF_TOKEN_MAX_AGE_S : 0;
  // biome-ignore lint/suspicious/noDocumentCookie: one cookie, written whole; see above
  document.cookie = `${STAFF_TOKEN_COOKIE}=${value}; Path=/; Max-Age=${age}; SameSite=Strict${secure}`;
}
