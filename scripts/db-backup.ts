/**
 * `npm run db:backup [-- --out <dir>]`: a consistent copy of the shop's database while it runs, into
 * ./backups by default. SQLite through its online backup API; PostgreSQL through pg_dump.
 */
import { parseArgs } from 'node:util';
import { BackupError, backupPostgres, backupSqlite } from '../src/server/db/backup.ts';
import { readEnv } from '../src/server/env.ts';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'backups' } } });
const env = readEnv();
try {
  const file = env.DATABASE_URL
    ? await backupPostgres(env.DATABASE_URL, values.out)
    : await backupSqlite(env.SQLITE_PATH, values.out);
  console.log(`Backup written: ${file}`);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}
