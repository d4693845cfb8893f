import { sql } from 'kysely';
import type { Deps } from '../context.ts';
import { ApiError } from './errors.ts';

export interface Limit {
  /** Bucket name, e.g. `login:ip:127.0.0.1`. */
  key: string;
  windowMs: number;
  max: number;
}

/**
 * Counts one event in a fixed window, atomically in the database (so every instance shares it),
 * and says whether it is still within the limit.
 */
export async function hit(deps: Deps, limit: Limit): Promise<{ allowed: boolean; count: number; retryAfterS: number }> {
  const now = deps.clock.now();
  const windowStart = now - (now % limit.windowMs);
  const row = await sql<{ count: number }>`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${limit.key}, ${windowStart}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + 1
    RETURNING count`.execute(deps.db.kysely);
  const count = Number(row.rows[0]?.count ?? 1);
  return { allowed: count <= limit.max, count, retryAfterS: (windowStart + limit.windowMs - now) / 1000 };
}

/**
 * Admits one event in a sliding window: each admitted event is a row stamped with its time (events
 * of the same millisecond share a row), and the limit holds over the last `windowMs` whatever the
 * clock says, with no boundary to wait for. The count and the insert run in one transaction that
 * PostgreSQL serializes per key with an advisory lock (SQLite runs one transaction at a time), so
 * parallel events admit exactly `max`. A refused event is not recorded: the block ends `windowMs`
 * after the oldest admitted events, and Retry-After says when one more fits.
 */
export async function hitSliding(
  deps: Deps,
  limit: Limit,
): Promise<{ allowed: boolean; count: number; retryAfterS: number }> {
  const now = deps.clock.now();
  const since = now - limit.windowMs;
  return deps.db.kysely.transaction().execute(async (trx) => {
    if (deps.db.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${limit.key}))`.execute(trx);
    await trx.deleteFrom('rate_limits').where('key', '=', limit.key).where('window_start', '<=', since).execute();
    const rows = await trx
      .selectFrom('rate_limits')
      .select(['window_start', 'count'])
      .where('key', '=', limit.key)
      .orderBy('window_start')
      .execute();
    const count = rows.reduce((sum, r) => sum + Number(r.count), 0);
    if (count >= limit.max) {
      let excess = count - limit.max + 1;
      let retryAt = now;
      for (const r of rows) {
        if (excess <= 0) break;
        excess -= Number(r.count);
        retryAt = Number(r.window_start) + limit.windowMs;
      }
      return { allowed: false, count, retryAfterS: (retryAt - now) / 1000 };
    }
    await sql`
      INSERT INTO rate_limits (key, window_start, count) VALUES (${limit.key}, ${now}, 1)
      ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + 1`.execute(trx);
    return { allowed: true, count: count + 1, retryAfterS: 0 };
  });
}

/** Reads the current count of a window without adding to it. */
export async function peek(deps: Deps, limit: Limit): Promise<{ count: number; retryAfterS: number }> {
  const now = deps.clock.now();
  const windowStart = now - (now % limit.windowMs);
  const row = await deps.db.kysely
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', limit.key)
    .where('window_start', '=', windowStart)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), retryAfterS: (windowStart + limit.windowMs - now) / 1000 };
}

/** Counts one event and throws 429 (with Retry-After) when over the limit. */
export async function enforce(deps: Deps, limit: Limit): Promise<void> {
  const r = await hit(deps, limit);
  if (!r.allowed) throw new ApiError('RATE_LIMITED', { retryAfterS: r.retryAfterS });
}

/** Forgets a bucket's current window, e.g. after a successful login. */
export async function reset(deps: Deps, key: string): Promise<void> {
  await deps.db.kysely.deleteFrom('rate_limits').where('key', '=', key).execute();
}
