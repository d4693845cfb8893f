/**
 * `npm run db:backup [-- --out <dir>]`: a consistent copy of the shop's database while it runs, into
 * ./backups by default. SQLite through its online backup API; PostgreSQL through pg_dump. Beside it,
 * `<backup>.media.txt`: the photos that database names (every size and format) and the store they are in.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { BackupError, backupPostgres, backupSqlite } from '../src/server/db/backup.ts';
import { openDb } from '../src/server/db/index.ts';
import { readEnv } from '../src/server/env.ts';
import { mediaKeysNamed, writeMediaManifest } from '../src/server/media/media-manifest.ts';
import { mediaStoreOf } from '../src/server/media/media-of.ts';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'backups' } } });
const env = readEnv();
// No SQLite file: the backup says so, and opening it here would have made an empty one.
const db =
  env.DATABASE_URL || existsSync(env.SQLITE_PATH)
    ? openDb({ sqlitePath: env.SQLITE_PATH, databaseUrl: env.DATABASE_URL })
    : null;
const named = async () => (db ? await mediaKeysNamed(db) : []);
const store = mediaStoreOf(env).describe;
try {
  // The photos named just before and just after the copy: every one its snapshot names (the shop never
  // deletes a stored photo, so a key too many costs nothing).
  const before = await named();
  const file = env.DATABASE_URL
    ? await backupPostgres(env.DATABASE_URL, values.out)
    : await backupSqlite(env.SQLITE_PATH, values.out);
  console.log(`Backup written: ${file}`);
  const media = writeMediaManifest(file, [...before, ...(await named())], store);
  console.log(`Media list written: ${media.file} (${media.keys} objects, in the ${store})`);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await db?.close();
}
