import { randomInt } from 'node:crypto';
import { OTP_LENGTH, OTP_TTL_MS } from '../../config.ts';
import { sameDigest, sha256 } from '../common/tokens.ts';
import type { Deps } from '../context.ts';

/** What a one-time code is for; a code only ever works for its own phone and purpose. */
export const OTP_PURPOSES = ['register', 'verify', 'forgot'] as const;
/** Member purposes (the /api/users routes), and `checkout`: a guest confirming the receiver's mobile. */
export type OtpPurpose = (typeof OTP_PURPOSES)[number] | 'checkout';

/** Wrong guesses after which a code is void (ASVS 6.6.3). */
export const OTP_MAX_ATTEMPTS = 5;

// The digest binds the code to its phone and purpose.
const digest = (phone: string, purpose: OtpPurpose, code: string) => sha256(`otp:${phone}:${purpose}:${code}`);

/**
 * Issues a new code for `phone` and `purpose`: 6 digits from the CSPRNG, stored only as a digest,
 * valid 5 minutes. Codes issued before for the same phone and purpose stop working. Returns the code
 * for the text message.
 */
export async function issueOtp(deps: Deps, phone: string, purpose: OtpPurpose): Promise<string> {
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  const now = deps.clock.now();
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('otp_codes')
      .set({ consumed_at: now })
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('otp_codes')
      .values({
        phone,
        purpose,
        code_hash: digest(phone, purpose, code),
        attempts: 0,
        created_at: now,
        expires_at: now + OTP_TTL_MS,
        consumed_at: null,
      })
      .execute();
  });
  return code;
}

/** Voids the live code of a phone and purpose, e.g. when its message could not be sent. */
export async function voidOtp(deps: Deps, phone: string, purpose: OtpPurpose): Promise<void> {
  await deps.db.kysely
    .updateTable('otp_codes')
    .set({ consumed_at: deps.clock.now() })
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
}

/**
 * Uses up the live code of `phone` and `purpose` if `code` is it. Each check spends one of the code's
 * attempts first (atomically, so parallel guesses cannot exceed the budget); a right code is then
 * consumed at most once. False for a wrong, expired, used or exhausted code.
 */
export async function consumeOtp(deps: Deps, phone: string, purpose: OtpPurpose, code: string): Promise<boolean> {
  const k = deps.db.kysely;
  const now = deps.clock.now();
  const live = await k
    .selectFrom('otp_codes')
    .select(['id', 'code_hash'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!live) return false;
  const spent = await k
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', live.id)
    .where('attempts', '<', OTP_MAX_ATTEMPTS)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) === 0) return false;
  if (!sameDigest(digest(phone, purpose, code), live.code_hash)) return false;
  const used = await k
    .updateTable('otp_codes')
    .set({ consumed_at: now })
    .where('id', '=', live.id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
