import type { Kysely } from 'kysely';
import { AUTH_COOKIE_MAX_AGE_S } from '../../config.ts';
import { newSecret, sha256, TOKEN_RE } from '../common/tokens.ts';
import type { Deps } from '../context.ts';
import type { Database } from '../db/schema.ts';

/** Sessions live 7 days from login, whatever the activity (absolute expiry, ASVS 7.3.2). */
export const SESSION_TTL_MS = AUTH_COOKIE_MAX_AGE_S * 1000;

/** A login's answer: the bearer token (shown once, stored only hashed) and when it stops working. */
export interface IssuedSession {
  token: string;
  expires_at: string;
}

/** Starts a new session for a member: a fresh 128-bit token per login. */
export async function createSession(deps: Deps, memberId: number): Promise<IssuedSession> {
  const token = newSecret();
  const now = deps.clock.now();
  const expiresAt = now + SESSION_TTL_MS;
  await deps.db.kysely
    .insertInto('sessions')
    .values({
      member_id: memberId,
      token_hash: sha256(token),
      created_at: now,
      expires_at: expiresAt,
      revoked_at: null,
    })
    .execute();
  return { token, expires_at: new Date(expiresAt).toISOString() };
}

/** The live session of a bearer token with an active member, or undefined (unknown, expired, revoked, disabled). */
export async function findSession(deps: Deps, token: string): Promise<{ id: number; member_id: number } | undefined> {
  if (!TOKEN_RE.test(token)) return undefined;
  return deps.db.kysely
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .select(['sessions.id', 'sessions.member_id'])
    .where('sessions.token_hash', '=', sha256(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', deps.clock.now())
    .where('members.status', '=', 1)
    .executeTakeFirst();
}

/** Ends one session (logout). */
export async function revokeSession(deps: Deps, sessionId: number): Promise<void> {
  await deps.db.kysely
    .updateTable('sessions')
    .set({ revoked_at: deps.clock.now() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends every live session of a member except `keepSessionId` (password change), or all of them
 * (reset). Takes the query builder so it can run inside the caller's transaction.
 */
export async function revokeMemberSessions(
  k: Kysely<Database>,
  memberId: number,
  now: number,
  keepSessionId?: number,
): Promise<void> {
  let q = k
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== undefined) q = q.where('id', '!=', keepSessionId);
  await q.execute();
}
