import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/** A backup or restore that cannot be done; its message says what to do. */
export class BackupError extends Error {}

const stamp = (now: Date) => now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/**
 * Copies the embedded database through SQLite's online backup API: a consistent copy while the
 * shop keeps reading and writing (pages are copied in steps; a write restarts only what changed).
 */
export async function backupSqlite(sqlitePath: string, outDir: string, now = new Date()): Promise<string> {
  if (!existsSync(sqlitePath)) throw new BackupError(`No database at ${sqlitePath} (SQLITE_PATH).`);
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `shop-${stamp(now)}.sqlite`);
  const source = new SQLite(sqlitePath, { readonly: true, fileMustExist: true });
  try {
    await source.backup(file);
  } finally {
    source.close();
  }
  return file;
}

/** Puts a SQLite backup at `sqlitePath`, which must not exist yet or hold no table. */
export function restoreSqlite(file: string, sqlitePath: string): void {
  const check = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const ok = check.pragma('integrity_check', { simple: true });
    if (ok !== 'ok') throw new BackupError(`${file} is not a sound SQLite database: ${ok}`);
  } finally {
    check.close();
  }
  if (existsSync(sqlitePath) && statSync(sqlitePath).size > 0) {
    const target = new SQLite(sqlitePath, { readonly: true });
    const { n } = target.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
    target.close();
    if (n > 0)
      throw new BackupError(`${sqlitePath} already holds a database: restore into an empty one (another SQLITE_PATH).`);
  }
  copyFileSync(file, sqlitePath);
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'ENOENT'
          ? new BackupError(
              `${cmd} is not installed: install the PostgreSQL client tools of your server's version (Debian: apt-get install postgresql-client; macOS: brew install libpq).`,
            )
          : e,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${cmd} failed (${code}): ${err.trim()}`)),
    );
  });
}

/** Dumps a PostgreSQL database with pg_dump (its custom format, one consistent snapshot). */
export async function backupPostgres(databaseUrl: string, outDir: string, now = new Date()): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `shop-${stamp(now)}.pgdump`);
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${databaseUrl}`]);
  return file;
}

/** Restores a pg_dump file into the database of `databaseUrl`, which must hold no table. */
export async function restorePostgres(file: string, databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'",
    );
    if (Number(rows[0]?.n) > 0)
      throw new BackupError('The database of DATABASE_URL already holds tables: restore into an empty database.');
  } finally {
    await client.end();
  }
  await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${databaseUrl}`, file]);
}
