import { ApiError } from '../common/errors.ts';
import { enforce, hitSliding, type Limit, reset } from '../common/rate-limit.ts';
import type { Deps } from '../context.ts';

const MINUTE_MS = 60_000;

/** Brute-force limits of security.md (ASVS 6.1.1, 6.3.1). */
export const LOGIN_LIMITS = {
  perAccount: { max: 5, windowMs: 15 * MINUTE_MS },
  perIp: { max: 30, windowMs: MINUTE_MS },
  /** Code checks (register, verify, forgot) from one IP; each code also allows only 5 guesses. */
  otpChecksPerIp: { max: 30, windowMs: MINUTE_MS },
  /** Profile updates per member (each may send an email-change link). */
  profileUpdatesPerMember: { max: 20, windowMs: 60 * MINUTE_MS },
} as const;

const accountLimit = (scope: string, account: string): Limit => ({
  key: `${scope}:tries:${account}`,
  ...LOGIN_LIMITS.perAccount,
});

/**
 * The key password attempts on an account count under: the member (`member:<id>`), whichever name
 * (phone or email) was typed, so the names share one budget; for a name that is no member's, the
 * name itself.
 */
export const attemptKey = (memberId: number | undefined, name: string): string =>
  memberId === undefined ? name : `member:${memberId}`;

/**
 * Counts a password attempt on `account` (known or not, so the answer never tells them apart) and
 * from `ip`, and throws 429 with Retry-After when either is over its limit. Runs **before** any
 * hashing, so a blocked guess costs no CPU. The account's attempts count in a sliding window until
 * a success clears them: at most five in any 15 minutes, the sixth is refused.
 */
export async function guardPasswordAttempt(deps: Deps, scope: string, account: string, ip?: string): Promise<void> {
  if (ip) await enforce(deps, { key: `${scope}:ip:${ip}`, ...LOGIN_LIMITS.perIp });
  const r = await hitSliding(deps, accountLimit(scope, account));
  if (!r.allowed) throw new ApiError('RATE_LIMITED', { retryAfterS: r.retryAfterS });
}

/** Forgets the account's failed attempts after a success. */
export async function clearPasswordAttempts(deps: Deps, scope: string, account: string): Promise<void> {
  await reset(deps, accountLimit(scope, account).key);
}

/** Counts a one-time-code check from `ip` and throws 429 with Retry-After over the limit. */
export async function guardOtpCheck(deps: Deps, ip: string): Promise<void> {
  await enforce(deps, { key: `otp-check:ip:${ip}`, ...LOGIN_LIMITS.otpChecksPerIp });
}

/**
 * Counts a start of a sign-in with LINE from `ip` (each writes a state row) and throws 429 with
 * Retry-After over the address's sign-in limit, before anything is written.
 */
export async function guardLineStart(deps: Deps, ip: string): Promise<void> {
  await enforce(deps, { key: `line-start:ip:${ip}`, ...LOGIN_LIMITS.perIp });
}

/** Counts a profile update of a member and throws 429 with Retry-After over the limit. */
export async function guardProfileUpdate(deps: Deps, memberId: number): Promise<void> {
  await enforce(deps, { key: `update:member:${memberId}`, ...LOGIN_LIMITS.profileUpdatesPerMember });
}
