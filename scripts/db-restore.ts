/**
 * `npm run db:restore -- <file>`: a backup of db:backup into an empty database (SQLITE_PATH that does
 * not exist yet, or the empty PostgreSQL database of DATABASE_URL). Stop the shop first.
 */
import { BackupError, restorePostgres, restoreSqlite } from '../src/server/db/backup.ts';
import { readEnv } from '../src/server/env.ts';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run db:restore -- <backup file>');
  process.exit(2);
}
const env = readEnv();
try {
  if (env.DATABASE_URL) await restorePostgres(file, env.DATABASE_URL);
  else restoreSqlite(file, env.SQLITE_PATH);
  console.log(`Restored ${file} into ${env.DATABASE_URL ? 'the PostgreSQL database' : env.SQLITE_PATH}.`);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}
