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

async function checkPhoneFree(deps: Deps, memberId: number, phone: string): Promise<void> {
  const member = await memberById(deps, memberId);
  if (member.phone_verify === 1) throw new ApiError('PHONE_ALREADY_VERIFIED');
  const holder = await memberByPhone(deps, phone);
  if (holder && holder.id !== memberId) throw new ApiError('PHONE_TAKEN');
}

export async function sendPhoneCode(deps: Deps, memberId: number, phone: string, ip: string): Promise<void> {
  await checkPhoneFree(deps, memberId, phone);
  await sendOtp(deps, phone, 'verify', ip);
}

export async function setVerifiedPhone(deps: Deps, memberId: number, phone: string, code: string): Promise<void> {
  await checkPhoneFree(deps, memberId, phone);
  if (!(await consumeOtp(deps, phone, 'verify', code))) throw new ApiError('OTP_INVALID');
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
