import { AUTH_COOKIE_MAX_AGE_S, COOKIE, type Locale } from '../../config.ts';
import { cookieMember, guardPaths, guardTarget, type RouteMiddleware, ticketFresh } from './guards.ts';
import { RESET_TICKET_KEY } from './reset-ticket.ts';

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
  // The recorded page is encoded the way js-cookie writes it (path characters such as / stay
  // literal), so both writers leave the same cookie value.
  return `(function(c){var s=null;try{s=sessionStorage.getItem(c.k)}catch(e){}
var t=(${guardTarget})(c.m,(${cookieMember})(document.cookie,c.n),(${ticketFresh})(s,Date.now()),c.p);
if(!t)return;
if(c.m==='member')document.cookie=c.r+'='+encodeURIComponent(location.pathname+location.search).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g,decodeURIComponent)+'; path=/; max-age='+c.a+'; samesite=lax'+(location.protocol==='https:'?'; secure':'');
document.documentElement.style.display='none';location.replace(t)})(${JSON.stringify(config)})`;
}
