import { sql } from 'kysely';
import { STAFF_LOGIN_FAILURES_ALERT } from '../../config.ts';
import { log } from '../common/log.ts';
import type { Deps } from '../context.ts';
import { notifyOwner } from '../notify/outbox.ts';
import { taipeiDay, taipeiMidnight } from '../notify/owner-mail.ts';
import { recordAudit } from './audit.ts';

/** What the audit log shows of a typed email: one line, no control or format characters. */
const shown = (email: string) => email.replace(/[\p{Cc}\p{Cf}]/gu, '?').slice(0, 120);

/**
 * Records a refused console sign-in (issue 38): an audit row (the typed email as who, the account
 * when there is one), a log event, and for a staff account a count of its failures this Taipei
 * day; at STAFF_LOGIN_FAILURES_ALERT the owners get one mail about it (the outbox's key holds the
 * account and the day, so it goes once a day whatever the count).
 */
export async function recordStaffLoginFailure(
  deps: Deps,
  input: { email: string; staffId: number | null; ip: string },
): Promise<void> {
  await recordAudit(
    deps,
    { staffId: input.staffId, who: shown(input.email), ip: input.ip },
    { action: 'sign_in_failed', detail: 'console sign-in refused: wrong email, password or code', ok: false },
  );
  log.warn(
    { event: 'staff_login_failed', staffId: input.staffId, known: input.staffId !== null, client: input.ip },
    'console sign-in refused',
  );
  if (input.staffId === null) return;
  const now = deps.clock.now();
  const day = taipeiDay(now);
  // One counter per account and Taipei day, in the shared rate-limit table (swept after two days).
  const row = await sql<{ count: number }>`
    INSERT INTO rate_limits (key, window_start, count)
    VALUES (${`staff-login-failed:${input.staffId}`}, ${taipeiMidnight(day)}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + 1
    RETURNING count`.execute(deps.db.kysely);
  const count = Number(row.rows[0]?.count ?? 1);
  if (count < STAFF_LOGIN_FAILURES_ALERT) return;
  await notifyOwner(deps.db.kysely, 'owner-staff-login', `staff-login:${input.staffId}:${day}`, {
    payload: { email: input.email.slice(0, 254), day, count: STAFF_LOGIN_FAILURES_ALERT },
    now,
  });
  if (count === STAFF_LOGIN_FAILURES_ALERT)
    log.warn({ event: 'staff_login_failures_alert', staffId: input.staffId, day }, 'owners told of failed sign-ins');
}
