import { z } from 'zod';
import { OTP_LENGTH, PASSWORD_MAX_LENGTH } from '../../config.ts';
import { toMobile } from '../../lib/taiwan/phone.ts';
import { textField } from '../common/text-rules.ts';
import { TOKEN_RE } from '../common/tokens.ts';
import type { AccountName } from './accounts.ts';
import { OTP_PURPOSES } from './otp.ts';
import { passwordProblem } from './password-policy.ts';

/**
 * Request bodies of /api/users/*: strict (unknown keys → 400), snake_case, field messages named by
 * FIELD_MESSAGES keys. Phones arrive in any customary writing and leave as 09XXXXXXXX.
 */

// Code points are checked by the policy; this only bounds the work a body can ask for.
const PASSWORD_MAX_UNITS = PASSWORD_MAX_LENGTH * 2;
const EMAIL_MAX = 254;
const NAME_MAX = 50;
const PLACE_MAX = 40;
const ADDR_MAX = 200;
const OTP_RE = new RegExp(`^\\d{${OTP_LENGTH}}$`);

const phone = z
  .string()
  .max(32, { message: 'phone' })
  .transform((s, ctx) => {
    const mobile = toMobile(s);
    if (!mobile) ctx.addIssue({ code: 'custom', message: 'phone' });
    return mobile ?? '';
  });

const code = z.string().regex(OTP_RE, { message: 'otp' });

const newPassword = z
  .string()
  .max(PASSWORD_MAX_UNITS, { message: 'passwordLong' })
  .superRefine((pw, ctx) => {
    const problem = passwordProblem(pw);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const anyPassword = z.string().min(1, { message: 'required' }).max(PASSWORD_MAX_UNITS, { message: 'passwordLong' });

const name = textField({ min: 1, max: NAME_MAX, visible: true, tooShort: 'name', tooLong: 'name' });

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, { message: 'email' })
  .pipe(z.email({ message: 'email' }));

const account = z
  .string()
  .trim()
  .min(1, { message: 'account' })
  .max(EMAIL_MAX, { message: 'account' })
  .transform((s, ctx): AccountName => {
    if (s.includes('@')) return { kind: 'email', email: s.toLowerCase() };
    const mobile = toMobile(s);
    if (!mobile) ctx.addIssue({ code: 'custom', message: 'account' });
    return { kind: 'phone', phone: mobile ?? '' };
  });

export const sendOtpBody = z.strictObject({
  phone,
  purpose: z.enum(OTP_PURPOSES, { error: (iss) => (iss.input === undefined ? 'required' : 'purpose') }),
});

export const registerBody = z.strictObject({ name, phone, password: newPassword, code });

export const loginBody = z.strictObject({ account, password: anyPassword });

export const updateBody = z.strictObject({
  name: name.optional(),
  /** A new address waits for its confirmation link; '' clears the email. */
  email: z.union([z.literal(''), email], { error: 'email' }).optional(),
  zipcode: z
    .string()
    .trim()
    .regex(/^(\d{3}|\d{5}|\d{6})?$/, { message: 'zipcode' })
    .optional(),
  city: textField({ max: PLACE_MAX, tooLong: 'city' }).optional(),
  area: textField({ max: PLACE_MAX, tooLong: 'area' }).optional(),
  addr: textField({ max: ADDR_MAX, visible: true, tooLong: 'addr' }).optional(),
});

export const chpwBody = z.strictObject({ current_password: anyPassword, new_password: newPassword });

export const verifyOtpBody = z.strictObject({ code });

export const verifyForgotBody = z.strictObject({ phone, code });

export const sendResetEmailBody = z.strictObject({ email });

export const confirmEmailBody = z.strictObject({ token: z.string().regex(TOKEN_RE, { message: 'invalid' }) });

export const resetBody = z.strictObject({
  ticket: z.string().regex(TOKEN_RE, { message: 'invalid' }),
  new_password: newPassword,
});

/** POST /api/auth/line/phone/send: the number a member without a verified phone wants to verify. */
export const phoneToVerifyBody = z.strictObject({ phone });
/** PATCH /api/auth/line/phone: that number with the code sent to it. */
export const phoneVerifiedBody = z.strictObject({ phone, code });
/** POST /api/auth/line/link: where to come back to. */
export const lineLinkBody = z.strictObject({ return: z.string().max(1024).optional() });
