import { z } from 'zod';
import { textField } from '../common/text-rules.ts';

/**
 * The bank account a transfer refund goes to: a bank code of 3 digits, an account of 10 to 16
 * digits, the holder's name. Stored for the owner's transfer; shown masked everywhere, never logged.
 */
export const bankBody = z.strictObject({
  code: z.string().regex(/^\d{3}$/, { message: 'bankCode' }),
  account: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{10,16}$/, { message: 'bankAccount' })),
  holder: textField({ min: 1, max: 50, visible: true, tooShort: 'bankHolder', tooLong: 'bankHolder' }),
});
export type BankAccount = z.output<typeof bankBody>;

/** The account with all but its last 4 digits hidden (`**********5678`). */
export const maskAccount = (account: string): string =>
  account.length <= 4 ? '*'.repeat(account.length) : `${'*'.repeat(account.length - 4)}${account.slice(-4)}`;

/** The account as every page and answer shows it, or null when none was given. */
export function shownBank(r: { bank_code: string; bank_account: string; bank_holder: string }) {
  if (!r.bank_account) return null;
  return { code: r.bank_code, account: maskAccount(r.bank_account), holder: r.bank_holder };
}
