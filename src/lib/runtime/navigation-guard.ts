import { COOKIE } from '../../config.ts';
import { localeOfPath } from '../i18n/locale.ts';
import { cookieMember, guardPaths, guardTarget, middlewareFor, ticketFresh } from './guards.ts';
import { recordVisit } from './record-page.ts';
import { RESET_TICKET_KEY } from './reset-ticket.ts';

/**
 * Applies the route middleware to client-side navigation (Astro's router) before the next page is
 * fetched, so a guest never sees a member page, nor a member the login page. Full page loads are
 * guarded by the inline head script of those pages.
 */
export function installNavigationGuard(): void {
  document.addEventListener('astro:before-preparation', (event) => {
    const prep = event as Event & { to: URL };
    const middleware = middlewareFor(prep.to.pathname);
    if (!middleware) return;
    let ticket: string | null = null;
    try {
      ticket = sessionStorage.getItem(RESET_TICKET_KEY);
    } catch {
      ticket = null;
    }
    const member = cookieMember(document.cookie, { token: COOKIE.accessToken, user: COOKIE.userInfo });
    const target = guardTarget(
      middleware,
      member,
      ticketFresh(ticket, Date.now()),
      guardPaths(localeOfPath(prep.to.pathname)),
    );
    if (!target) return;
    if (middleware === 'member') recordVisit(prep.to.pathname, prep.to.search);
    prep.to = new URL(target, location.href);
  });
}
