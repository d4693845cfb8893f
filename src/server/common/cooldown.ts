import { sql } from 'kysely';
import type { Deps } from '../context.ts';

/**
 * "At most once per `ms`" for a key, decided atomically in the database so that concurrent requests
 * and several API instances agree. The claim is a `rate_limits` row whose `window_start` is the time
 * of the claim; the check and the insert run in one transaction that PostgreSQL serializes per key
 * with an advisory lock (SQLite runs one transaction at a time anyway).
 */
export async function claimCooldown(
  deps: Deps,
  key: string,
  ms: number,
): Promise<{ claimed: boolean; retryAfterS: number }> {
  const now = deps.clock.now();
  return deps.db.kysely.transaction().execute(async (trx) => {
    if (deps.db.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    const last = await trx
      .selectFrom('rate_limits')
      .select('window_start')
      .where('key', '=', key)
      .where('window_start', '>', now - ms)
      .orderBy('window_start', 'desc')
      .executeTakeFirst();
    if (last) return { claimed: false, retryAfterS: (Number(last.window_start) + ms - now) / 1000 };
    await trx.deleteFrom('rate_limits').where('key', '=', key).execute();
    await trx.insertInto('rate_limits').values({ key, window_start: now, count: 1 }).execute();
    return { claimed: true, retryAfterS: ms / 1000 };
  });
}

/** Gives a claim back, e.g. when the message it was for could not be sent. */
export async function releaseCooldown(deps: Deps, key: string): Promise<void> {
  await deps.db.kysely.deleteFrom('rate_limits').where('key', '=', key).execute();
}
