import { Hono } from 'hono';
import { sql } from 'kysely';
import { ok } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { noQuery } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';

/** Liveness and database reachability, for load balancers. */
export const health = new Hono<AppEnv>().get('/', noQuery, async (c) => {
  const { db } = c.get('deps');
  try {
    await sql`SELECT 1`.execute(db.kysely);
  } catch (cause) {
    throw new ApiError('UNAVAILABLE', { cause });
  }
  return ok(c, { ok: true, database: db.dialect });
});
