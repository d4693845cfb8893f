import { NOTIFY_KEEP_MS, RESTOCK_CONFIRM_MS } from '../../config.ts';
import { sweepGuestCarts } from '../cart/cart-owner.ts';
import { log } from '../common/log.ts';
import type { Deps } from '../context.ts';

const DAY_MS = 86_400_000;
/** Rows are kept this long past their end, so that limits and audits still see recent history. */
export const RETENTION_MS = 2 * DAY_MS;
/** How often a serving process sweeps. */
export const SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * Deletes security records that can no longer matter: rate-limit windows (the longest is a day),
 * expired or used one-time codes and reset tickets, and expired or revoked sessions. Safe to run
 * from every instance at once. Guest carts unused for 30 days go too, and notifications delivered a
 * month ago (NOTIFY_KEEP_MS), the console's dead staff sessions, and restock alerts whose address
 * never confirmed them (RESTOCK_CONFIRM_MS, past retention).
 */
export async function sweep(deps: Deps): Promise<Record<string, number>> {
  const cutoff = deps.clock.now() - RETENTION_MS;
  const k = deps.db.kysely;
  const counts = await Promise.all([
    k.deleteFrom('rate_limits').where('window_start', '<', cutoff).executeTakeFirst(),
    k.deleteFrom('otp_codes').where('expires_at', '<', cutoff).executeTakeFirst(),
    k.deleteFrom('reset_tickets').where('expires_at', '<', cutoff).executeTakeFirst(),
    k
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
      .executeTakeFirst(),
    // Delivered (or nowhere to go) a month ago: the events they record are long past repeating.
    k
      .deleteFrom('notifications')
      .where('state', 'in', ['sent', 'skipped'])
      .where('created_at', '<', deps.clock.now() - NOTIFY_KEEP_MS)
      .executeTakeFirst(),
  ]);
  const guestCarts = await sweepGuestCarts(k, deps.clock.now());
  // The console's sessions (issue 31): ended (12 h), idle (30 minutes) or signed out, past retention.
  const staffSessions = await k
    .deleteFrom('staff_sessions')
    .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('seen_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
    .executeTakeFirst();
  // A restock alert whose address never followed its confirmation link in time can never count.
  const restockUnconfirmed = await k
    .deleteFrom('restock_alerts')
    .where('state', '=', 'pending')
    .where('created_at', '<', cutoff - RESTOCK_CONFIRM_MS)
    .executeTakeFirst();
  const [rateLimits, otpCodes, resetTickets, sessions, notifications] = counts.map((r) => Number(r.numDeletedRows));
  return {
    rateLimits: rateLimits ?? 0,
    otpCodes: otpCodes ?? 0,
    resetTickets: resetTickets ?? 0,
    sessions: sessions ?? 0,
    notifications: notifications ?? 0,
    guestCarts,
    staffSessions: Number(staffSessions.numDeletedRows),
    restockUnconfirmed: Number(restockUnconfirmed.numDeletedRows),
  };
}

/** Sweeps now and then every SWEEP_INTERVAL_MS; the timer never keeps the process alive. */
export function startSweeper(deps: Deps): () => void {
  const run = () =>
    sweep(deps)
      .then((counts) => log.debug({ event: 'maintenance_sweep', ...counts }, 'maintenance sweep'))
      .catch((err) => log.error({ event: 'maintenance_sweep_failed', err }, 'maintenance sweep failed'));
  void run();
  const timer = setInterval(run, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
