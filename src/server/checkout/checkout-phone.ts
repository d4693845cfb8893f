import { OTP_RESEND_SECONDS } from '../../config.ts';
import { consumeOtp, issueOtp, voidOtp } from '../accounts/otp.ts';
import { otpText } from '../accounts/sms-text.ts';
import { claimCooldown, releaseCooldown } from '../common/cooldown.ts';
import { ApiError } from '../common/errors.ts';
import { enforce, hit, peek } from '../common/rate-limit.ts';
import { newSecret, sha256, TOKEN_RE } from '../common/tokens.ts';
import type { Deps } from '../context.ts';

const HOUR_MS = 3_600_000;
/** A guest's proof of the receiver's mobile is good for 30 minutes. */
export const PHONE_PROOF_TTL_MS = 30 * 60_000;
export const PHONE_PROOF_HEADER = 'X-Phone-Proof';

/** Checkout codes have their own budget, apart from sign-up and recovery codes. */
export const CHECKOUT_SMS_LIMITS = {
  cooldownMs: OTP_RESEND_SECONDS * 1000,
  perPhoneHour: 5,
  perIpHour: 10,
} as const;

const phoneHour = (phone: string) => ({
  key: `checkout-sms:phone-hour:${phone}`,
  windowMs: HOUR_MS,
  max: CHECKOUT_SMS_LIMITS.perPhoneHour,
});
const cooldownKey = (phone: string) => `checkout-sms:cooldown:${phone}`;

/** Sends a checkout code to `phone` within the checkout limits (429 with Retry-After beyond them). */
export async function sendCheckoutCode(deps: Deps, phone: string, ip: string): Promise<void> {
  await enforce(deps, { key: `checkout-sms:ip:${ip}`, windowMs: HOUR_MS, max: CHECKOUT_SMS_LIMITS.perIpHour });
  const { count, retryAfterS } = await peek(deps, phoneHour(phone));
  if (count >= CHECKOUT_SMS_LIMITS.perPhoneHour) throw new ApiError('RATE_LIMITED', { retryAfterS });
  const slot = await claimCooldown(deps, cooldownKey(phone), CHECKOUT_SMS_LIMITS.cooldownMs);
  if (!slot.claimed) throw new ApiError('RATE_LIMITED', { retryAfterS: slot.retryAfterS });
  await hit(deps, phoneHour(phone));
  const code = await issueOtp(deps, phone, 'checkout');
  try {
    await deps.sms.send({ phone, purpose: 'checkout', code, text: otpText('checkout', code) });
  } catch (err) {
    await voidOtp(deps, phone, 'checkout');
    await releaseCooldown(deps, cooldownKey(phone));
    throw err instanceof ApiError ? err : new ApiError('SMS_FAILED', { cause: err });
  }
}

/** Checks a checkout code; a right one yields an opaque proof (kept only as its hash) for 30 minutes. */
export async function verifyCheckoutCode(
  deps: Deps,
  phone: string,
  code: string,
): Promise<{ phone_proof: string; expires_at: number }> {
  if (!(await consumeOtp(deps, phone, 'checkout', code))) throw new ApiError('OTP_INVALID');
  const now = deps.clock.now();
  const proof = newSecret();
  const expiresAt = now + PHONE_PROOF_TTL_MS;
  await deps.db.kysely
    .insertInto('phone_proofs')
    .values({ proof_hash: sha256(proof), phone, created_at: now, expires_at: expiresAt })
    .execute();
  await deps.db.kysely.deleteFrom('phone_proofs').where('expires_at', '<', now).execute();
  return { phone_proof: proof, expires_at: expiresAt };
}

/** The mobile number a live proof confirms, or undefined (missing, malformed, unknown or expired). */
export async function phoneOfProof(deps: Deps, proof: string | undefined): Promise<string | undefined> {
  if (!proof || !TOKEN_RE.test(proof)) return undefined;
  const row = await deps.db.kysely
    .selectFrom('phone_proofs')
    .select('phone')
    .where('proof_hash', '=', sha256(proof))
    .where('expires_at', '>', deps.clock.now())
    .executeTakeFirst();
  return row?.phone;
}

/**
 * Whether the caller may order to `receiverPhone`. A member whose own mobile is verified may; a
 * guest, and a member without a verified mobile (made from LINE without one, or an account never
 * verified), send a live proof of the receiver's mobile as X-Phone-Proof, so that nobody has the
 * shop text (or deliver cash on delivery to) a number they have not shown they hold. Throws 401
 * PHONE_PROOF_REQUIRED (guest) or 403 MEMBER_PHONE_UNVERIFIED (member) without a proof, 403
 * PHONE_PROOF_MISMATCH when it is another number's.
 */
export async function checkOrderPhone(
  deps: Deps,
  memberId: number | null,
  proof: string | undefined,
  receiverPhone: string,
): Promise<void> {
  if (memberId !== null) {
    const member = await deps.db.kysely
      .selectFrom('members')
      .select('phone_verify')
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (Number(member?.phone_verify) === 1) return;
  }
  const phone = await phoneOfProof(deps, proof);
  if (!phone) throw new ApiError(memberId === null ? 'PHONE_PROOF_REQUIRED' : 'MEMBER_PHONE_UNVERIFIED');
  if (phone !== receiverPhone) throw new ApiError('PHONE_PROOF_MISMATCH');
}
