import type { Locale } from '../../config.ts';
import { ApiError } from '../common/errors.ts';
import { newSecret, sha256 } from '../common/tokens.ts';
import { fieldError } from '../common/validation.ts';
import type { Deps } from '../context.ts';
import { attemptKey, clearPasswordAttempts, guardPasswordAttempt } from './login-guard.ts';
import { insertMember, isUniqueViolation, type MemberRow } from './members.ts';
import { consumeOtp } from './otp.ts';
import { passwordProblem } from './password-policy.ts';
import { burnVerification, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { createSession, type IssuedSession, revokeMemberSessions } from './sessions.ts';

/** A reset ticket works once, within 15 minutes of the verified code. */
export const RESET_TICKET_TTL_MS = 15 * 60_000;

/** How a member names their account at login: a mobile number or an email address. */
export type AccountName = { kind: 'phone'; phone: string } | { kind: 'email'; email: string };

const accountKey = (a: AccountName) => (a.kind === 'phone' ? `phone:${a.phone}` : `email:${a.email}`);

/** The member a phone number belongs to, whether verified or not (a number that is taken for sign-up). */
export function memberByPhone(deps: Deps, phone: string): Promise<MemberRow | undefined> {
  return deps.db.kysely.selectFrom('members').selectAll().where('phone', '=', phone).executeTakeFirst();
}

/**
 * The member whose verified phone this is. Only a verified number proves who holds it: a number a
 * member typed once and never confirmed (a typo, a recycled number) must not open the account.
 */
export function memberByVerifiedPhone(deps: Deps, phone: string): Promise<MemberRow | undefined> {
  return deps.db.kysely
    .selectFrom('members')
    .selectAll()
    .where('phone', '=', phone)
    .where('phone_verify', '=', 1)
    .executeTakeFirst();
}

/** Refuses a new password that breaks the policy, naming `field`, in the request's language. */
function checkNewPassword(field: string, password: string, context: (string | null)[], locale: Locale): void {
  const problem = passwordProblem(
    password,
    context.filter((c): c is string => !!c),
  );
  if (problem) throw fieldError(field, problem, locale);
}

/**
 * Logs in with a phone or an email, verified ones only: an unverified name proves nothing.
 * Attempts count per member, whichever name is typed, and run before any hashing; an unknown
 * account still pays one hash and gets the same 401 as a wrong password.
 */
export async function login(deps: Deps, account: AccountName, password: string, ip: string): Promise<IssuedSession> {
  let q = deps.db.kysely.selectFrom('members').selectAll();
  q =
    account.kind === 'phone'
      ? q.where('phone', '=', account.phone).where('phone_verify', '=', 1)
      : q.where('email', '=', account.email).where('email_verify', '=', 1);
  const member = await q.executeTakeFirst();
  const key = attemptKey(member?.id, accountKey(account));
  await guardPasswordAttempt(deps, 'login', key, ip);
  const logN = deps.env.SCRYPT_LOG_N;
  const valid = member ? await verifyPassword(password, member.password_hash) : await burnVerification(password, logN);
  if (!member || !valid) throw new ApiError('INVALID_CREDENTIALS');
  if (member.status !== 1) throw new ApiError('ACCOUNT_DISABLED');
  await clearPasswordAttempts(deps, 'login', key);
  if (needsRehash(member.password_hash, logN)) {
    await deps.db.kysely
      .updateTable('members')
      .set({ password_hash: await hashPassword(password, logN) })
      .where('id', '=', member.id)
      // Only over the hash just checked: a password changed meanwhile must not be overwritten.
      .where('password_hash', '=', member.password_hash)
      .execute();
  }
  return createSession(deps, member.id);
}

/** Creates a phone-verified member from a register code and logs them in. */
export async function register(
  deps: Deps,
  input: { name: string; phone: string; password: string; code: string },
  locale: Locale,
): Promise<IssuedSession> {
  checkNewPassword('password', input.password, [input.phone, input.name], locale);
  if (!(await consumeOtp(deps, input.phone, 'register', input.code))) throw new ApiError('OTP_INVALID');
  const password_hash = await hashPassword(input.password, deps.env.SCRYPT_LOG_N);
  const now = deps.clock.now();
  try {
    const member = await insertMember(deps.db, {
      name: input.name,
      phone: input.phone,
      email: null,
      password_hash,
      phone_verify: 1,
      email_verify: 0,
      zipcode: '',
      city: '',
      area: '',
      addr: '',
      status: 1,
      created_at: now,
      updated_at: now,
    });
    return await createSession(deps, member.id);
  } catch (err) {
    if (isUniqueViolation(err, 'phone')) throw new ApiError('PHONE_TAKEN', { cause: err });
    throw err;
  }
}

/** Marks the signed-in member's phone verified with a `verify` code sent to it. */
export async function verifyMemberPhone(deps: Deps, member: MemberRow, code: string): Promise<void> {
  if (!member.phone || !(await consumeOtp(deps, member.phone, 'verify', code))) throw new ApiError('OTP_INVALID');
  await deps.db.kysely
    .updateTable('members')
    .set({ phone_verify: 1, updated_at: deps.clock.now() })
    .where('id', '=', member.id)
    .execute();
}

/** Trades a forgot-password code sent to a verified phone for a reset ticket: 128 random bits, stored hashed, 15 minutes, single use. */
export async function issueResetTicket(
  deps: Deps,
  phone: string,
  code: string,
): Promise<{ ticket: string; expires_at: string }> {
  if (!(await consumeOtp(deps, phone, 'forgot', code))) throw new ApiError('OTP_INVALID');
  const member = await memberByVerifiedPhone(deps, phone);
  if (!member) throw new ApiError('OTP_INVALID');
  return createResetTicket(deps, member.id, RESET_TICKET_TTL_MS);
}

/** A new reset ticket for a member: 128 random bits, only the hash stored, single use, `ttlMs` long. */
export async function createResetTicket(
  deps: Deps,
  memberId: number,
  ttlMs: number,
): Promise<{ ticket: string; expires_at: string }> {
  const ticket = newSecret();
  const now = deps.clock.now();
  const expiresAt = now + ttlMs;
  await deps.db.kysely
    .insertInto('reset_tickets')
    .values({ member_id: memberId, ticket_hash: sha256(ticket), created_at: now, expires_at: expiresAt, used_at: null })
    .execute();
  return { ticket, expires_at: new Date(expiresAt).toISOString() };
}

/** Sets a new password with a reset ticket, uses the ticket up and ends every session of the member. */
export async function resetPassword(deps: Deps, ticket: string, password: string, locale: Locale): Promise<void> {
  const k = deps.db.kysely;
  const now = deps.clock.now();
  const found = await k
    .selectFrom('reset_tickets')
    .innerJoin('members', 'members.id', 'reset_tickets.member_id')
    .select(['reset_tickets.id', 'members.id as member_id', 'members.phone', 'members.email', 'members.name'])
    .where('reset_tickets.ticket_hash', '=', sha256(ticket))
    .where('reset_tickets.used_at', 'is', null)
    .where('reset_tickets.expires_at', '>', now)
    .executeTakeFirst();
  if (!found) throw new ApiError('TICKET_INVALID');
  checkNewPassword('new_password', password, [found.phone, found.email, found.name], locale);
  const password_hash = await hashPassword(password, deps.env.SCRYPT_LOG_N);
  await k.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('reset_tickets')
      .set({ used_at: now })
      .where('id', '=', found.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw new ApiError('TICKET_INVALID');
    await trx
      .updateTable('members')
      .set({ password_hash, updated_at: now })
      .where('id', '=', found.member_id)
      .execute();
    await revokeMemberSessions(trx, found.member_id, now);
  });
  await clearPasswordAttempts(deps, 'login', attemptKey(found.member_id, ''));
}

/**
 * Changes the password of the signed-in member: needs the current one (attempts limited like
 * login), leaves the stored hash alone when it is wrong, and ends every other session. The new hash
 * replaces only the hash that was checked (compare-and-set): of parallel changes with the right
 * current password exactly one wins, the others answer 409 PASSWORD_CHANGED.
 */
export async function changePassword(
  deps: Deps,
  member: MemberRow,
  sessionId: number,
  current: string,
  next: string,
  locale: Locale,
): Promise<void> {
  checkNewPassword('new_password', next, [member.phone, member.email, member.name], locale);
  const key = attemptKey(member.id, '');
  await guardPasswordAttempt(deps, 'chpw', key);
  if (!(await verifyPassword(current, member.password_hash))) throw new ApiError('WRONG_PASSWORD');
  await clearPasswordAttempts(deps, 'chpw', key);
  const password_hash = await hashPassword(next, deps.env.SCRYPT_LOG_N);
  const now = deps.clock.now();
  await deps.db.kysely.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('members')
      .set({ password_hash, updated_at: now })
      .where('id', '=', member.id)
      .where('password_hash', '=', member.password_hash)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw new ApiError('PASSWORD_CHANGED');
    await revokeMemberSessions(trx, member.id, now, sessionId);
  });
}
