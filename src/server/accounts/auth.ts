import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../common/errors.ts';
import type { AppEnv, AuthedMember } from '../context.ts';
import { findSession } from './sessions.ts';

const BEARER_RE = /^Bearer\s+(\S+)$/i;

/**
 * The member of the request's `Authorization: Bearer <token>` header, or a 401 UNAUTHENTICATED.
 * Only the header counts: a cookie alone never authenticates (CSRF, ASVS 3.5).
 */
export async function authenticate(c: Context<AppEnv>): Promise<AuthedMember> {
  const token = BEARER_RE.exec(c.req.header('authorization') ?? '')?.[1];
  const session = token ? await findSession(c.get('deps'), token) : undefined;
  if (!session) throw new ApiError('UNAUTHENTICATED');
  const member: AuthedMember = { id: session.member_id, sessionId: session.id };
  c.set('member', member);
  return member;
}

/** Route middleware: lets the request through with `c.get('member')` set, or answers 401. */
export const requireMember = createMiddleware<AppEnv>(async (c, next) => {
  await authenticate(c);
  await next();
});
