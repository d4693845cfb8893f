import { sql } from 'kysely';
import type { Db } from './index.ts';
import * as m001 from './migrations/001_init.ts';
import * as m002 from './migrations/002_image_order.ts';
import * as m004 from './migrations/004_carts.ts';

/** Every migration in order. Add new ones at the end; never edit one that has shipped. */
const MIGRATIONS: { name: string; up: typeof m001.up }[] = [
  { name: '001_init', up: m001.up },
  { name: '002_image_order', up: m002.up },
  { name: '004_carts', up: m004.up },
];

/** Applies the migrations not yet recorded in `schema_migrations`; safe to run on every start. */
export async function migrate(db: Db): Promise<string[]> {
  const k = db.kysely;
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name varchar(100) PRIMARY KEY, applied_at bigint NOT NULL)`.execute(
    k,
  );
  const done = new Set(
    (await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(k)).rows.map((r) => r.name),
  );
  const applied: string[] = [];
  for (const m of MIGRATIONS) {
    if (done.has(m.name)) continue;
    await k.transaction().execute(async (trx) => {
      await m.up(trx as never, db.dialect);
      await sql`INSERT INTO schema_migrations (name, applied_at) VALUES (${m.name}, ${Date.now()})`.execute(trx);
    });
    applied.push(m.name);
  }
  return applied;
}
