import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { STAFF_RECOVERY_CODES } from '../../config.ts';
import { sha256 } from '../common/tokens.ts';
import type { Database } from '../db/schema.ts';

/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

const half = () => Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** A code as typed (spaces, dashes and case ignored), hashed: what the database keeps. */
export const recoveryHash = (code: string): string => sha256(code.toLowerCase().replace(/[\s-]/g, ''));

/** Whether a typed code could be a recovery code (not a 6-digit TOTP). */
export const looksLikeRecovery = (code: string): boolean => /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.trim());

/** Replaces a staff member's recovery codes with ten new ones; returns them (shown once). */
export async function issueRecoveryCodes(k: Kysely<Database>, staffId: number): Promise<string[]> {
  await k.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
  const codes = Array.from({ length: STAFF_RECOVERY_CODES }, () => `${half()}-${half()}`);
  await k
    .insertInto('staff_recovery_codes')
    .values(codes.map((c) => ({ staff_id: staffId, code_hash: recoveryHash(c), used_at: null })))
    .execute();
  return codes;
}

/** Uses up one unused recovery code of the staff member: true when `code` was one (one statement: once). */
export async function spendRecoveryCode(k: Kysely<Database>, staffId: number, code: string, now: number) {
  const r = await k
    .updateTable('staff_recovery_codes')
    .set({ used_at: now })
    .where('staff_id', '=', staffId)
    .where('code_hash', '=', recoveryHash(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function recoveryCodesLeft(k: Kysely<Database>, staffId: number): Promise<number> {
  const row = await k
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
