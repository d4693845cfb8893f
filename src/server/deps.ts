import type { Clock, Deps } from './context.ts';
import { openDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { seed } from './db/seed.ts';
import { readEnv, type ServerEnv } from './env.ts';
import { outboxSms } from './providers/sms-outbox.ts';

export const systemClock: Clock = { now: () => Date.now() };

/**
 * Opens the database, applies migrations, seeds the embedded database when it is empty, and picks
 * the providers named by the environment.
 */
export async function createDeps(env: ServerEnv = readEnv(), clock: Clock = systemClock): Promise<Deps> {
  const db = openDb({ sqlitePath: env.SQLITE_PATH, databaseUrl: env.DATABASE_URL });
  await migrate(db);
  if (db.dialect === 'sqlite') await seed(db);
  const sms = outboxSms(db, clock);
  return { db, env, clock, sms };
}
