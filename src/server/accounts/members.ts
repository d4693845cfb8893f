import { randomInt, randomUUID } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/index.ts';
import type { MembersTable } from '../db/tables/accounts.ts';

export type MemberRow = Selectable<MembersTable>;

const MEMBER_NO_DIGITS = 12;
const INSERT_TRIES = 3;

/** Whether `err` is a unique-constraint violation (SQLite or PostgreSQL), optionally on `column`. */
export function isUniqueViolation(err: unknown, column?: string): boolean {
  if (!(err instanceof Error)) return false;
  const e = err as Error & { code?: string; constraint?: string; detail?: string };
  const unique = e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE';
  if (!unique || !column) return unique;
  return [e.message, e.constraint ?? '', e.detail ?? ''].some((s) => s.includes(column));
}

/** A member number as printed for customer service: M and 12 random digits. */
function memberNo(): string {
  let digits = '';
  for (let i = 0; i < MEMBER_NO_DIGITS; i++) digits += randomInt(10);
  return `M${digits}`;
}

/**
 * Inserts a member with a fresh uid and member number (drawn again if one collides) and returns it.
 * A taken phone or email surfaces as the database's unique violation.
 */
export async function insertMember(
  db: Db,
  values: Omit<Insertable<MembersTable>, 'id' | 'uid' | 'no'>,
): Promise<MemberRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.kysely
        .insertInto('members')
        .values({ ...values, uid: randomUUID(), no: memberNo() })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      const ours = isUniqueViolation(err, 'phone') || isUniqueViolation(err, 'email');
      if (!isUniqueViolation(err) || ours || attempt >= INSERT_TRIES) throw err;
    }
  }
}
