import type { Kysely } from 'kysely';

/**
 * The built-in rebuild of the prerendered pages: one lease row that lets one process of all that
 * share the database rebuild at a time (with the last result), and a
 * row per serving process that runs the schedule, so the owner's tools can say when pages update.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ms = 'bigint';
  await db.schema
    .createTable('page_rebuilds')
    .ifNotExists()
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(80)')
    .addColumn('lease_until', ms)
    .addColumn('finished_at', ms)
    .addColumn('seconds', 'real')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createTable('page_rebuild_schedulers')
    .ifNotExists()
    .addColumn('instance', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('check_seconds', 'integer', (c) => c.notNull())
    .addColumn('seen_at', ms, (c) => c.notNull())
    .execute();
}
