import { ticketFresh } from './guards.ts';

/** sessionStorage key of the reset ticket from the forgot-password step: `{ticket, expiresAt}` (ms). */
export const RESET_TICKET_KEY = 'reset-ticket';

/** Keeps the ticket for this tab only; it never leaves the browser except in the reset call. */
export function saveResetTicket(ticket: string, expiresAt: string | number): void {
  const at = typeof expiresAt === 'number' ? expiresAt : Date.parse(expiresAt);
  sessionStorage.setItem(RESET_TICKET_KEY, JSON.stringify({ ticket, expiresAt: at }));
}

/** The stored ticket while it is fresh, else null. */
export function readResetTicket(now = Date.now()): string | null {
  const raw = sessionStorage.getItem(RESET_TICKET_KEY);
  return raw && ticketFresh(raw, now) ? (JSON.parse(raw) as { ticket: string }).ticket : null;
}

/** Query flag set by the reset-password step: the login form then says the password was reset. */
export const RESET_DONE_FLAG = 'reset';

export function clearResetTicket(): void {
  sessionStorage.removeItem(RESET_TICKET_KEY);
}
