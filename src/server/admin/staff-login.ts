import { STAFF_SESSION_IDLE_MS } from '../../config.ts';
import { clearPasswordAttempts, guardPasswordAttempt } from '../accounts/login-guard.ts';
import { burnVerification, verifyPassword } from '../accounts/passwords.ts';
import { ApiError } from '../common/errors.ts';
import type { Deps } from '../context.ts';
import { looksLikeRecovery, spendRecoveryCode } from './recovery-codes.ts';
import { recordStaffLoginFailure } from './staff-login-failures.ts';
import { createStaffSession } from './staff-sessions.ts';
import { matchTotp } from './totp.ts';

const SCOPE = 'staff-login';

/**
 * Signs a staff member in with email, password and a code (TOTP or an unused recovery code). Every
 * wrong part answers the same 401 STAFF_LOGIN_FAILED, after the same password hashing; attempts
 * are counted per email and per address before any hashing (the members' limits: 5 in 15 minutes
 * per account until a success, 30 a minute per address). A TOTP step is accepted once: the stored
 * last step moves forward in one statement, so a replayed code (or one of an earlier step) fails.
 * Every refusal leaves an audit row and a log event (staff-login-failures.ts).
 */
export async function staffLogin(deps: Deps, input: { email: string; password: string; code: string }, ip: string) {
  const email = input.email.trim().toLowerCase();
  await guardPasswordAttempt(deps, SCOPE, email, ip);
  const k = deps.db.kysely;
  const s = await k
    .selectFrom('staff')
    .select(['id', 'email', 'name', 'role', 'status', 'password_hash', 'totp_secret'])
    .where('email', '=', email)
    .executeTakeFirst();
  const usable = s && s.status === 'active' && s.password_hash && s.totp_secret ? s : undefined;
  const refused = async () => {
    await recordStaffLoginFailure(deps, { email, staffId: s?.id ?? null, ip });
    return new ApiError('STAFF_LOGIN_FAILED');
  };
  const passwordOk = usable
    ? await verifyPassword(input.password, usable.password_hash as string)
    : await burnVerification(input.password, deps.env.SCRYPT_LOG_N);
  if (!usable || !passwordOk) throw await refused();
  const now = deps.clock.now();
  const code = input.code.trim();
  let codeOk = false;
  if (looksLikeRecovery(code)) codeOk = await spendRecoveryCode(k, usable.id, code, now);
  else {
    const step = matchTotp(usable.totp_secret as string, code, now);
    if (step !== null) {
      const r = await k
        .updateTable('staff')
        .set({ totp_last_step: step })
        .where('id', '=', usable.id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      codeOk = Number(r.numUpdatedRows) === 1;
    }
  }
  if (!codeOk) throw await refused();
  await clearPasswordAttempts(deps, SCOPE, email);
  await k.updateTable('staff').set({ last_login_at: now }).where('id', '=', usable.id).execute();
  const session = await createStaffSession(deps, usable.id);
  return {
    token: session.token,
    expires_at: new Date(session.expiresAt).toISOString(),
    idle_minutes: STAFF_SESSION_IDLE_MS / 60_000,
    staff: { email: usable.email, name: usable.name, role: usable.role },
  };
}
