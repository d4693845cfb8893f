import { OTP_TTL_MS } from '../../config.ts';
import type { OtpPurpose } from './otp.ts';

/**
 * The text messages members receive, in Traditional Chinese (Taiwan carriers and members expect it),
 * signed with the shop's name in 【】 as Taiwan senders do.
 */
const SIGNATURE = '【聲林音響】';
const MINUTES = OTP_TTL_MS / 60_000;

const PURPOSE_LABEL: Record<OtpPurpose, string> = {
  register: '註冊',
  verify: '手機號碼',
  forgot: '重設密碼',
  checkout: '結帳手機',
};

/** The message carrying a one-time code. */
export function otpText(purpose: OtpPurpose, code: string): string {
  return `${SIGNATURE}您的${PURPOSE_LABEL[purpose]}驗證碼為 ${code}，${MINUTES} 分鐘內有效。請勿將驗證碼告訴他人。`;
}

/** Sent instead of a code when someone starts registering a number that already has an account. */
export function alreadyRegisteredText(): string {
  return `${SIGNATURE}此手機號碼已經是會員，請直接登入；若忘記密碼，請使用「忘記密碼」重新設定。若非本人操作，請忽略此簡訊。`;
}
