import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../config.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

/**
 * Password policy (ASVS 6.2, NIST SP 800-63B): 8 to 128 characters counted as code points, any
 * Unicode, no composition rules, never truncated; refuse the most common passwords and ones equal to
 * the member's own phone, email or name.
 */

const COMMON = new Set(COMMON_PASSWORDS.map(fold));

function fold(s: string): string {
  return s.normalize('NFKC').toLowerCase();
}

/** The field-message key of what is wrong with a new password (see FIELD_MESSAGES), or null when it is fine. */
export type PasswordProblem = 'passwordShort' | 'passwordLong' | 'passwordCommon';

/** Checks a new password; `context` holds the member's own identifiers (phone, email, name). */
export function passwordProblem(password: string, context: readonly string[] = []): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'passwordShort';
  if (length > PASSWORD_MAX_LENGTH) return 'passwordLong';
  const folded = fold(password);
  if (COMMON.has(folded) || context.some((c) => c && fold(c) === folded)) return 'passwordCommon';
  return null;
}
