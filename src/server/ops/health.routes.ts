import { Hono } from 'hono';
import { sql } from 'kysely';
import { READY_DB_TIMEOUT_MS } from '../../config.ts';
import { failBody, ok } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { log } from '../common/log.ts';
import { noQuery } from '../common/validation.ts';
import type { AppEnv, Deps } from '../context.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { servedBuild } from './probes.ts';

/** Resolves with `work`, or rejects when it takes longer than `ms` (an unreachable server may never answer). */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

interface Readiness {
  ready: boolean;
  database: boolean;
  /** Migrations this code expects that the database lacks (null when the database did not answer). */
  pendingMigrations: string[] | null;
  /** The live build's id; null when this process serves pages without a complete build; absent when it serves none. */
  build?: string | null;
}

/** Whether this process can take traffic: database answering, schema current, a complete build if it serves pages. */
export async function readiness(deps: Deps): Promise<Readiness> {
  let pending: string[] | null = null;
  try {
    pending = await within(
      (async () => {
        await sql`SELECT 1`.execute(deps.db.kysely);
        return pendingMigrations(deps.db);
      })(),
      READY_DB_TIMEOUT_MS,
    );
  } catch (err) {
    log.warn({ event: 'not_ready', check: 'database', err }, 'readiness: the database does not answer');
  }
  const build = servedBuild();
  const ready = pending !== null && pending.length === 0 && build !== null;
  const answer: Readiness = { ready, database: pending !== null, pendingMigrations: pending };
  if (build !== undefined) answer.build = build?.id ?? null;
  return answer;
}

/**
 * `/api/health`: liveness and database reachability. `/api/health/ready`: readiness for a load
 * balancer: 503 while the database is unreachable, its schema is behind this code, or (for a
 * process that serves pages) no complete build is live.
 */
export const health = new Hono<AppEnv>()
  .get('/', noQuery, async (c) => {
    const { db } = c.get('deps');
    try {
      await sql`SELECT 1`.execute(db.kysely);
    } catch (cause) {
      throw new ApiError('UNAVAILABLE', { cause });
    }
    return ok(c, { ok: true, database: db.dialect });
  })
  .get('/ready', noQuery, async (c) => {
    const state = await readiness(c.get('deps'));
    c.header('Cache-Control', 'no-store');
    if (state.ready) return ok(c, state);
    return c.json({ ...failBody('NOT_READY', c.get('locale')), result: state }, 503);
  });
