import type { Locale } from '../../config.ts';
import { OTP_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../config.ts';
import { type MessageKey, t } from '../../lib/i18n/messages/index.ts';
import type { ZodType } from '../../lib/zod.ts';

/**
 * Running a form's schema, without zod itself: the schema brings zod, so a form that builds its
 * schema only when it is first needed (the profile) does not load zod with the page.
 */

/** Placeholders of the validation messages that carry a figure. */
const PARAMS: Partial<Record<MessageKey, Record<string, number>>> = {
  'auth.error.passwordShort': { n: PASSWORD_MIN_LENGTH },
  'auth.error.passwordLong': { n: PASSWORD_MAX_LENGTH },
  'auth.error.code': { n: OTP_LENGTH },
};

export type FieldErrors = Record<string, string>;

/** Parses `values`; on failure returns the first message per field, in `locale`. */
export function validate<T>(
  schema: ZodType<T>,
  values: unknown,
  locale: Locale,
): { ok: true; data: T } | { ok: false; fields: FieldErrors } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fields: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    const key = issue.message as MessageKey;
    fields[field] ??= t(locale, key, PARAMS[key]);
  }
  return { ok: false, fields };
}
