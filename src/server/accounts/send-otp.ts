import { ApiError } from '../common/errors.ts';
import type { Deps } from '../context.ts';
import { memberByPhone, memberByVerifiedPhone } from './accounts.ts';
import { issueOtp, type OtpPurpose, voidOtp } from './otp.ts';
import { admitSms, releaseSmsSlot } from './sms-limits.ts';
import { alreadyRegisteredText, otpText } from './sms-text.ts';

/**
 * Sends a one-time code by text message, within the SMS limits. The caller answers the same
 * whatever happens here for `register`, `forgot` and a new number's `verify` (no enumeration,
 * ASVS 6.3.8):
 * - register, number already a member: a message saying so, no code;
 * - verify of a new number for `newNumberOf` (a member without a verified phone), number another
 *   member's: the same message to its holder, no code;
 * - forgot, number not the verified phone of a member: nothing is sent (an unverified number
 *   answers exactly as an unknown one; its member recovers by email);
 * - otherwise: a new code (earlier codes of that phone and purpose stop working).
 * Without `newNumberOf`, `verify` is only for the signed-in member's own phone (checked by the route).
 * The limits count first, whatever the number. A gateway failure voids the code, frees the
 * 60-second slot and answers 503 SMS_FAILED.
 */
export async function sendOtp(
  deps: Deps,
  phone: string,
  purpose: OtpPurpose,
  ip: string,
  opts: { newNumberOf?: number } = {},
): Promise<void> {
  await admitSms(deps, phone, purpose, ip);
  const member =
    purpose === 'register'
      ? await memberByPhone(deps, phone)
      : purpose === 'forgot'
        ? await memberByVerifiedPhone(deps, phone)
        : purpose === 'verify' && opts.newNumberOf !== undefined
          ? await memberByPhone(deps, phone).then((m) => (m?.id === opts.newNumberOf ? undefined : m))
          : undefined;
  if (purpose === 'forgot' && !member) return;
  const message =
    (purpose === 'register' || purpose === 'verify') && member
      ? { phone, purpose, code: '', text: alreadyRegisteredText() }
      : await issueOtp(deps, phone, purpose).then((code) => ({ phone, purpose, code, text: otpText(purpose, code) }));
  try {
    await deps.sms.send(message);
  } catch (err) {
    if (message.code) await voidOtp(deps, phone, purpose);
    await releaseSmsSlot(deps, phone, purpose);
    throw err instanceof ApiError ? err : new ApiError('SMS_FAILED', { cause: err });
  }
}
