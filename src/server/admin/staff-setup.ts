import { type PasswordProblem, passwordProblem } from '../accounts/password-policy.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { sha256, TOKEN_RE } from '../common/tokens.ts';
import type { Deps } from '../context.ts';
import { issueRecoveryCodes } from './recovery-codes.ts';
import { StaffAdminError } from './staff-errors.ts';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.ts';

/** A setup link's refusal that names the password field (the members' password rules). */
export class SetupPasswordError extends StaffAdminError {
  readonly problem: PasswordProblem;
  constructor(problem: PasswordProblem) {
    super('VALIDATION_FAILED', `The password is refused: ${problem}.`);
    this.problem = problem;
  }
}

/** The account of a live setup link (unused, within 24 h, not disabled), or LINK_INVALID. */
async function accountOfLink(deps: Deps, token: string) {
  const invalid = new StaffAdminError('LINK_INVALID', 'This setup link has expired or was already used.');
  if (!TOKEN_RE.test(token)) throw invalid;
  const row = await deps.db.kysely
    .selectFrom('staff')
    .select(['id', 'email', 'name', 'role', 'status', 'password_hash', 'totp_secret', 'setup_expires_at'])
    .where('setup_token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || row.status === 'disabled' || Number(row.setup_expires_at ?? 0) <= deps.clock.now()) throw invalid;
  return row;
}

/**
 * The setup's first step: the password (the members' rules, hashed as theirs) and a new TOTP
 * secret, returned with its `otpauth://` URI for the QR code. Again before `confirm`: a new secret.
 */
export async function startSetup(deps: Deps, token: string, password: string) {
  const s = await accountOfLink(deps, token);
  const problem = passwordProblem(password, [s.email, s.name, s.email.split('@')[0] ?? '']);
  if (problem) throw new SetupPasswordError(problem);
  const secret = newTotpSecret();
  await deps.db.kysely
    .updateTable('staff')
    .set({
      password_hash: await hashPassword(password, deps.env.SCRYPT_LOG_N),
      totp_secret: secret,
      totp_last_step: null,
    })
    .where('id', '=', s.id)
    .execute();
  return { email: s.email, name: s.name, role: s.role, totp_secret: secret, otpauth_uri: otpauthUri(secret, s.email) };
}

/**
 * The setup's second step: a first code from the authenticator app proves it holds the secret; the
 * link is used up (one statement: of two confirms, one wins), the account turns active and gets ten
 * recovery codes, returned once.
 */
export async function confirmSetup(deps: Deps, token: string, code: string): Promise<{ recovery_codes: string[] }> {
  const s = await accountOfLink(deps, token);
  if (!s.password_hash || !s.totp_secret)
    throw new StaffAdminError('SETUP_NOT_STARTED', 'Set the password first (setup), then confirm a code.');
  const step = matchTotp(s.totp_secret, code.trim(), deps.clock.now());
  if (step === null) throw new StaffAdminError('TOTP_CODE_WRONG', 'The code does not match.');
  return deps.db.kysely.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('staff')
      .set({ status: 'active', setup_token_hash: null, setup_expires_at: null, totp_last_step: step })
      .where('id', '=', s.id)
      .where('setup_token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1)
      throw new StaffAdminError('LINK_INVALID', 'This setup link has expired or was already used.');
    return { recovery_codes: await issueRecoveryCodes(trx, s.id) };
  });
}
