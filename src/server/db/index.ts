import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import { setBounded } from '../common/bounded-map.ts';
import { log } from '../common/log.ts';
import { nameRegisteredQueries } from './prepared.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

// bigint (epoch ms) and numeric counts arrive as strings from pg; our values fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));

/** Opens the database: PostgreSQL when `databaseUrl` is given, else the embedded SQLite file. */
export function openDb(opts: { sqlitePath: string; databaseUrl?: string | undefined }): Db {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection that the server closes (restart, failover, a dropped test database) is
    // reported here and replaced on next use; without a listener the error would end the process.
    pool.on('error', (err) => log.warn({ event: 'db_connection_closed', err }, 'idle PostgreSQL connection closed'));
    nameRegisteredQueries(pool);
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  if (opts.sqlitePath !== ':memory:') mkdirSync(dirname(opts.sqlitePath), { recursive: true });
  const sqlite = new SQLite(opts.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

/**
 * Transactions that take the write lock when they begin (BEGIN IMMEDIATE). A deferred transaction
 * reads first and asks for the lock at its first write; when another process (a second server, its
 * notification sender or sweepers, an owner's tool) wrote in between, SQLite cannot upgrade the
 * stale read and answers SQLITE_BUSY_SNAPSHOT at once, which busy_timeout does not wait out: an
 * order failed with 500 under load so. Taken at the start, the lock is waited for (busy_timeout)
 * and the transaction reads what it then writes over. Within one process Kysely runs one
 * transaction at a time on its one connection anyway.
 */
class ImmediateSqliteDriver extends SqliteDriver implements Driver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** How many distinct prepared statements the embedded database keeps. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Reuses prepared statements by SQL text (Kysely prepares on every query; preparing costs about as
 * much as running a small indexed query). Least recently used statements are dropped first.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const stmt = cache.get(text) ?? sqlite.prepare(text);
      setBounded(cache, text, stmt, STATEMENT_CACHE_SIZE);
      return stmt;
    },
  };
}
