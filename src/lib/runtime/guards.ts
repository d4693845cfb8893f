import type { Locale } from '../../config.ts';
import { localePath } from '../i18n/locale.ts';
import { GUEST_ONLY_ROUTES, isMemberRoute, routeName } from './routes.ts';

/**
 * Route middleware of spec section 6. Pages name theirs; the same decision runs three times: as a
 * tiny inline script in the page head (before first paint), in the runtime on client-side
 * navigation, and in the island once the token has been checked. The functions below that the head
 * script uses are self-contained (no closures, no helpers) because they are inlined as source text.
 */

/** `member`: members only (guests go to login). `guest`: guests only (members go to the member
 * page). `reset`: members, or guests holding a fresh reset ticket. */
export const ROUTE_MIDDLEWARE = ['member', 'guest', 'reset'] as const;
export type RouteMiddleware = (typeof ROUTE_MIDDLEWARE)[number];

/** Checks a middleware name given by a page; an unknown name is a programming error. */
export function resolveMiddleware(name: string): RouteMiddleware {
  if (!(ROUTE_MIDDLEWARE as readonly string[]).includes(name)) throw new Error('Unknown route middleware');
  return name as RouteMiddleware;
}

/** The middleware of a page, by its route name (spec section 6); null for pages open to all. */
export function middlewareFor(pathname: string): RouteMiddleware | null {
  const name = routeName(pathname);
  if (isMemberRoute(name)) return 'member';
  if (name === 'reset-password') return 'reset';
  if (name === 'register' || (GUEST_ONLY_ROUTES as readonly string[]).includes(name)) return 'guest';
  return null;
}

export interface GuardPaths {
  login: string;
  member: string;
}

/** Where members are sent from guest-only pages, and guests from member pages. */
export const MEMBER_HOME = '/member/profile';
export const LOGIN_PAGE = '/login';

/** The guard paths in `locale`. */
export function guardPaths(locale: Locale): GuardPaths {
  return { login: localePath(locale, LOGIN_PAGE), member: localePath(locale, MEMBER_HOME) };
}

/** Where the middleware sends this visitor, or null to stay. */
export function guardTarget(
  middleware: RouteMiddleware,
  member: boolean,
  ticketFresh: boolean,
  paths: GuardPaths,
): string | null {
  if (middleware === 'guest') return member ? paths.member : null;
  if (member || (middleware === 'reset' && ticketFresh)) return null;
  return paths.login;
}

/** A visitor counts as a member before the token check when both auth cookies are present. */
export function cookieMember(cookies: string, names: { token: string; user: string }): boolean {
  return (
    new RegExp(`(?:^|;\\s*)${names.token}=[^;]`).test(cookies) &&
    new RegExp(`(?:^|;\\s*)${names.user}=[^;]`).test(cookies)
  );
}

/** Whether a stored reset ticket (`{ticket, expiresAt}` JSON, ms) is still valid at `now`. */
export function ticketFresh(raw: string | null, now: number): boolean {
  try {
    const t = JSON.parse(raw ?? 'null');
    return Boolean(
      t && typeof t.ticket === 'string' && t.ticket && typeof t.expiresAt === 'number' && t.expiresAt > now,
    );
  } catch {
    return false;
  }
}
