/**
 * What the processes sharing one database know of the prerendered pages' rebuilds: a lease (one
 * rebuild at a time across processes and across instances on one PostgreSQL: a row, not a file on
 * one machine), the owner's latest edit (to check at once), the last result, and which serving processes
 * run the schedule (scripts/lib/rebuild-scheduler.ts).
 */
import type { Db } from '../db/index.ts';

const LEASE = 'pages';

async function ensureRow(db: Db): Promise<void> {
  await db.kysely
    .insertInto('page_rebuilds')
    .values({ name: LEASE, holder: null, lease_until: null, finished_at: null, seconds: null, error: null })
    .onConflict((c) => c.column('name').doNothing())
    .execute();
}

/**
 * Takes (or extends) the lease for `holder` until `now + ttlMs`, when nobody holds it or the
 * holder's lease ran out (a process that died while rebuilding). One statement: of two processes
 * asking at once, one gets it.
 */
export async function takeRebuildLease(db: Db, holder: string, now: number, ttlMs: number): Promise<boolean> {
  await ensureRow(db);
  const r = await db.kysely
    .updateTable('page_rebuilds')
    .set({ holder, lease_until: now + ttlMs })
    .where('name', '=', LEASE)
    .where((eb) => eb.or([eb('holder', 'is', null), eb('lease_until', '<', now), eb('holder', '=', holder)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Gives the lease back, recording how the rebuild ended (`error` null: it succeeded or was not needed). */
export async function releaseRebuildLease(
  db: Db,
  holder: string,
  result: { now: number; seconds: number | null; error: string | null } | null,
): Promise<void> {
  await db.kysely
    .updateTable('page_rebuilds')
    .set({
      holder: null,
      lease_until: null,
      ...(result ? { finished_at: result.now, seconds: result.seconds, error: result.error } : {}),
    })
    .where('name', '=', LEASE)
    .where('holder', '=', holder)
    .execute();
}

/**
 * The latest owner's edit of the catalog (every edit, import and publication is logged in
 * catalog_changes, whichever tool made it): a schedule that sees it move checks at once.
 */
export async function latestCatalogChange(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('catalog_changes')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

export interface RebuildState {
  holder: string | null;
  /** How long the last rebuild took, in seconds, when one ran. */
  lastSeconds: number | null;
  lastError: string | null;
}

export async function readRebuildState(db: Db): Promise<RebuildState> {
  const row = await db.kysely.selectFrom('page_rebuilds').selectAll().where('name', '=', LEASE).executeTakeFirst();
  return {
    holder: row?.holder ?? null,
    lastSeconds: row?.seconds == null ? null : Number(row.seconds),
    lastError: row?.error ?? null,
  };
}

/** A serving process that runs the schedule says it is alive (and how often it checks). */
export async function reportScheduler(db: Db, instance: string, checkSeconds: number, now: number): Promise<void> {
  await db.kysely
    .insertInto('page_rebuild_schedulers')
    .values({ instance, check_seconds: checkSeconds, seen_at: now })
    .onConflict((c) => c.column('instance').doUpdateSet({ check_seconds: checkSeconds, seen_at: now }))
    .execute();
}

export async function forgetScheduler(db: Db, instance: string): Promise<void> {
  await db.kysely.deleteFrom('page_rebuild_schedulers').where('instance', '=', instance).execute();
}

/** A scheduler counts as running when seen within this many of its check periods (and at least a minute). */
const ALIVE_PERIODS = 3;
const ALIVE_MIN_MS = 60_000;

/** The schedules that run now, by how often they check. */
export async function runningSchedulers(db: Db, now: number): Promise<{ instance: string; checkSeconds: number }[]> {
  const rows = await db.kysely.selectFrom('page_rebuild_schedulers').selectAll().execute();
  return rows
    .filter((r) => now - Number(r.seen_at) <= Math.max(ALIVE_MIN_MS, ALIVE_PERIODS * r.check_seconds * 1000))
    .map((r) => ({ instance: r.instance, checkSeconds: r.check_seconds }));
}
