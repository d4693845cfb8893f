import type { Kysely } from 'kysely';
import { STAFF_SESSION_IDLE_MS, STAFF_SESSION_TTL_MS } from '../../config.ts';
import { newSecret, sha256, TOKEN_RE } from '../common/tokens.ts';
import type { Deps } from '../context.ts';
import type { Database } from '../db/schema.ts';
import type { StaffRole } from '../db/tables/staff.ts';

/** The signed-in staff member of a request. */
export interface AuthedStaff {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  sessionId: number;
  expiresAt: number;
  idleUntil: number;
}

/**
 * Starts a staff session: a fresh 128-bit token (stored hashed, in its own table: a staff token is
 * never a member's token, nor the other way round), ending 12 h later or after 30 idle minutes.
 */
export async function createStaffSession(deps: Deps, staffId: number): Promise<{ token: string; expiresAt: number }> {
  const token = newSecret();
  const now = deps.clock.now();
  const expiresAt = now + STAFF_SESSION_TTL_MS;
  await deps.db.kysely
    .insertInto('staff_sessions')
    .values({ staff_id: staffId, token_hash: sha256(token), created_at: now, expires_at: expiresAt, seen_at: now })
    .execute();
  return { token, expiresAt };
}

/**
 * The live session of a staff token (not revoked, within 12 h of sign-in and 30 minutes of its last
 * request, of an active account), moving its idle deadline; undefined otherwise.
 */
export async function findStaffSession(deps: Deps, token: string): Promise<AuthedStaff | undefined> {
  if (!TOKEN_RE.test(token)) return undefined;
  const now = deps.clock.now();
  const k = deps.db.kysely;
  const row = await k
    .selectFrom('staff_sessions as s')
    .innerJoin('staff as t', 't.id', 's.staff_id')
    .select(['s.id as session_id', 's.expires_at', 't.id', 't.email', 't.name', 't.role'])
    .where('s.token_hash', '=', sha256(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('s.seen_at', '>', now - STAFF_SESSION_IDLE_MS)
    .where('t.status', '=', 'active')
    .executeTakeFirst();
  if (!row) return undefined;
  await k.updateTable('staff_sessions').set({ seen_at: now }).where('id', '=', row.session_id).execute();
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    sessionId: row.session_id,
    expiresAt: Number(row.expires_at),
    idleUntil: Math.min(Number(row.expires_at), now + STAFF_SESSION_IDLE_MS),
  };
}

export async function revokeStaffSession(deps: Deps, sessionId: number): Promise<void> {
  await deps.db.kysely
    .updateTable('staff_sessions')
    .set({ revoked_at: deps.clock.now() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a staff member (disable, reset), in the caller's transaction. */
export async function revokeAllStaffSessions(k: Kysely<Database>, staffId: number, now: number): Promise<void> {
  await k
    .updateTable('staff_sessions')
    .set({ revoked_at: now })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .execute();
}
