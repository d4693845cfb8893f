/**
 * What a member does with LINE once signed in: see and remove the link, and (a member made from a
 * LINE account, who has no phone yet) verify a phone number: the code goes to the new number, and
 * only the right code puts it on the account, verified, so no one holds a number they cannot read.
 */
import { ApiError } from '../../common/errors.ts';
import type { Deps } from '../../context.ts';
import { memberByPhone } from '../accounts.ts';
import { isUniqueViolation } from '../members.ts';
import { consumeOtp } from '../otp.ts';
import { memberById } from '../profile.ts';
import { sendOtp } from '../send-otp.ts';

export function lineLinkOf(deps: Deps, memberId: number) {
  return deps.db.kysely
    .selectFrom('member_line_links')
    .select(['line_user_id', 'display_name'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** A member made from a LINE account has no password hash until one is set (line-login.ts). */
const hasPassword = (hash: string) => !hash.startsWith('line:');

export async function unlinkLine(deps: Deps, memberId: number): Promise<void> {
  const member = await memberById(deps, memberId);
  if (!(await lineLinkOf(deps, memberId))) throw new ApiError('LINE_NOT_LINKED');
  // LINE is then the only way in: unlinking would lock the member out.
  if (!hasPassword(member.password_hash)) throw new ApiError('LINE_UNLINK_NEEDS_PASSWORD');
  await deps.db.kysely.deleteFrom('member_line_links').where('member_id', '=', memberId).execute();
}

/**
 * Sends a `verify` code to a number for a member who has no verified phone. The answer is the same
 * for a free number and another member's (whose holder is told by text that it is already a
 * member's, as at sign-up), and the request counts against the text-message limits first.
 */
export async function sendPhoneCode(deps: Deps, memberId: number, phone: string, ip: string): Promise<void> {
  const member = await memberById(deps, memberId);
  if (member.phone_verify === 1) throw new ApiError('PHONE_ALREADY_VERIFIED');
  await sendOtp(deps, phone, 'verify', ip, { newNumberOf: memberId });
}

/**
 * Puts the number on the account, verified, with the code sent to it. The code is checked first:
 * another member's number never gets a code, so it answers as any wrong code does.
 */
export async function setVerifiedPhone(deps: Deps, memberId: number, phone: string, code: string): Promise<void> {
  const member = await memberById(deps, memberId);
  if (member.phone_verify === 1) throw new ApiError('PHONE_ALREADY_VERIFIED');
  if (!(await consumeOtp(deps, phone, 'verify', code))) throw new ApiError('OTP_INVALID');
  // Taken between the code and now (the number's holder signed up meanwhile).
  const holder = await memberByPhone(deps, phone);
  if (holder && holder.id !== memberId) throw new ApiError('PHONE_TAKEN');
  try {
    await deps.db.kysely
      .updateTable('members')
      .set({ phone, phone_verify: 1, updated_at: deps.clock.now() })
      .where('id', '=', memberId)
      .where('phone_verify', '=', 0)
      .execute();
  } catch (err) {
    if (isUniqueViolation(err, 'phone')) throw new ApiError('PHONE_TAKEN', { cause: err });
    throw err;
  }
}
