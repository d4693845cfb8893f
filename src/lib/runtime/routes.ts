import { neutralPath } from '../i18n/locale.ts';

/**
 * Route names of spec section 2 that the guards and the return-page rules care about. The name of a
 * path is its first segment without the locale (`/en/member/orders` → `member-orders`).
 */
export function routeName(pathname: string): string {
  const segments = neutralPath(pathname).split('/').filter(Boolean);
  if (segments.length === 0) return 'index';
  if (segments[0] === 'member') {
    if (segments.length === 1) return 'member';
    return `member-${segments[1]!.toLowerCase()}${segments.length > 2 ? '-slug' : ''}`;
  }
  return segments.join('-');
}

/** Pages that are never recorded as the page to return to after login. */
export const UNRECORDED_ROUTES = [
  'login',
  'reset-password',
  'sign-up',
  'register',
  'forgot-password',
  'reset-link',
  'email-link',
] as const;
/** Pages a member is sent away from (to the member page). */
export const GUEST_ONLY_ROUTES = ['login', 'forgot-password', 'sign-up'] as const;

/** The member page where the phone is verified: the blocking modal never shows there. */
export const PHONE_VERIFY_ROUTE = 'member-phone-verification';

/** Where the member verifies the phone (the route's capital V is part of its published URL). */
export const PHONE_VERIFY_PATH = '/member/phone-Verification';

/** Whether the phone-verification modal may block the page at `pathname`. */
export const phoneModalAllowed = (pathname: string): boolean => routeName(pathname) !== PHONE_VERIFY_ROUTE;

export const isMemberRoute = (name: string): boolean => name === 'member' || name.startsWith('member-');

/** Whether a visit to `pathname` is recorded as the return page. */
export function isRecordable(pathname: string): boolean {
  return !(UNRECORDED_ROUTES as readonly string[]).includes(routeName(pathname));
}

/**
 * A return path is only ever a path on this site: one leading slash, no scheme, no `//` host, no
 * backslash tricks, printable (no white space, control or format characters: they cannot go in a
 * Location header) and bounded. Anything else is refused (undefined).
 */
export function safeReturnPath(raw: string | undefined): string | undefined {
  if (!raw || raw.length > 1024) return undefined;
  if (!raw.startsWith('/') || raw.startsWith('//') || /[\\\s\p{Cc}\p{Cf}]/u.test(raw)) return undefined;
  return raw;
}
