import { AUTH_COOKIE_MAX_AGE_S, COOKIE, type Locale } from '../../config.ts';
import { cookieMember, guardTarget, type RouteMiddleware, ticketFresh } from './guards.ts';
import { localizePath } from './locale.ts';
import { RESET_TICKET_KEY } from './reset-ticket.ts';

/** Where members are sent from guest-only pages, and guests from member pages. */
export const MEMBER_HOME = '/member/profile';
export const LOGIN_PAGE = '/login';

/** The guard paths for `locale`. */
export function guardPaths(locale: Locale) {
  return { login: localizePath(LOGIN_PAGE, locale), member: localizePath(MEMBER_HOME, locale) };
}

/**
 * Source of the inline head script that applies `middleware` before first paint: it hides the page
 * and replaces it with the target when the visitor may not stay. A guest sent away from a member
 * page has that page recorded, so login brings them back. The island repeats the check once the
 * token has been validated.
 */
export function headGuardScript(middleware: RouteMiddleware, locale: Locale): string {
  const config = {
    m: middleware,
    p: guardPaths(locale),
    n: { token: COOKIE.accessToken, user: COOKIE.userInfo },
    k: RESET_TICKET_KEY,
    r: COOKIE.recordPage,
    a: AUTH_COOKIE_MAX_AGE_S,
  };
  return `(function(c){var s=null;try{s=sessionStorage.getItem(c.k)}catch(e){}
var t=(${guardTarget})(c.m,(${cookieMember})(document.cookie,c.n),(${ticketFresh})(s,Date.now()),c.p);
if(!t)return;
if(c.m==='member')document.cookie=c.r+'='+encodeURIComponent(location.pathname+location.search)+'; path=/; max-age='+c.a+'; samesite=lax'+(location.protocol==='https:'?'; secure':'');
document.documentElement.style.display='none';location.replace(t)})(${JSON.stringify(config)})`;
}
