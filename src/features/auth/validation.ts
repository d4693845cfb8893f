import { OTP_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../config.ts';
import type { MessageKey } from '../../lib/i18n/messages/index.ts';
import { toMobile } from '../../lib/taiwan/phone.ts';
import { type ZodType, z } from '../../lib/zod.ts';

const codePoints = (s: string) => [...s].length;

/** Field rules; each failure message is a message key, translated by `validate` (validate.ts). */
export const rules = {
  required: (key: MessageKey = 'auth.error.required') => z.string().trim().min(1, key),
  mobile: () =>
    z
      .string()
      .trim()
      .min(1, 'auth.error.required')
      .refine((v) => toMobile(v) !== null, 'auth.error.phone')
      .transform((v) => toMobile(v) ?? v),
  newPassword: () =>
    z
      .string()
      .refine((v) => codePoints(v) >= PASSWORD_MIN_LENGTH, 'auth.error.passwordShort')
      .refine((v) => codePoints(v) <= PASSWORD_MAX_LENGTH, 'auth.error.passwordLong'),
  code: () =>
    z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), 'auth.error.code'),
  optionalEmail: () =>
    z
      .string()
      .trim()
      .pipe(z.union([z.literal(''), z.email('auth.error.email')])),
};

/** Adds the "confirmation equals password" rule to a form schema. */
export function withConfirmation<T extends { confirm: string }>(
  schema: ZodType<T>,
  passwordOf: (v: T) => string,
): ZodType<T> {
  return schema.refine((v) => v.confirm === passwordOf(v), { message: 'auth.error.confirm', path: ['confirm'] });
}
