import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { insertMember } from '../../src/server/accounts/members.ts';
import { hashPassword } from '../../src/server/accounts/passwords.ts';
import { createSession } from '../../src/server/accounts/sessions.ts';
import type { Deps } from '../../src/server/context.ts';
import { type Db, openDb } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { systemClock } from '../../src/server/deps.ts';
import { readEnv } from '../../src/server/env.ts';
import { outboxEmail } from '../../src/server/providers/email-outbox.ts';
import { outboxSms } from '../../src/server/providers/sms-outbox.ts';
import { seed } from '../../src/server/seed/seed.ts';

/** Password of the suite's members (hashed at a low cost: they sign in through sessions made here). */
export const MEMBER_PASSWORD = 'Load-Suite-Pass-2026';
const MEMBER_HASH_LOG_N = 10;
let memberHash: Promise<string> | undefined;

export type Engine = 'sqlite' | 'postgres';

/**
 * The suite's own database: a throwaway SQLite file, or a new database on the PostgreSQL server of
 * DATABASE_URL (dropped at the end), migrated and seeded before any server starts. The suite reads
 * it directly to check what the servers wrote.
 */
export interface ShopDb {
  engine: Engine;
  db: Db;
  /** The server settings that point at this database. */
  env: Record<string, string>;
  sqlitePath?: string;
  close(): Promise<void>;
}

export async function openShopDb(engine: Engine): Promise<ShopDb> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'shop-load-'));
    const sqlitePath = join(dir, 'shop.sqlite');
    const db = openDb({ sqlitePath });
    await migrate(db);
    await seed(db);
    return {
      engine,
      db,
      env: { SQLITE_PATH: sqlitePath },
      sqlitePath,
      close: async () => {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('--db postgres needs DATABASE_URL (scripts/pg-temp.sh start gives one).');
  const name = `load_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openDb({ sqlitePath: '', databaseUrl: url.toString() });
  await migrate(db);
  await seed(db);
  return {
    engine,
    db,
    env: { DATABASE_URL: url.toString() },
    close: async () => {
      await db.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Services of the shop that the suite calls directly on its database (members, sessions). */
export function depsOf(shop: ShopDb): Deps {
  const env = readEnv({ NODE_ENV: 'test' });
  return {
    db: shop.db,
    env,
    clock: systemClock,
    sms: outboxSms(shop.db, systemClock),
    mail: outboxEmail(shop.db, systemClock),
  };
}

let memberSeq = 0;

/**
 * `n` new verified members with a live session each: the suite signs them in directly, so that
 * hashing passwords (slow on purpose) does not drown the figures it measures.
 */
export async function newMembers(shop: ShopDb, n: number, label: string): Promise<{ id: number; token: string }[]> {
  const deps = depsOf(shop);
  const now = Date.now();
  memberHash ??= hashPassword(MEMBER_PASSWORD, MEMBER_HASH_LOG_N);
  const passwordHash = await memberHash;
  const out: { id: number; token: string }[] = [];
  for (let i = 0; i < n; i++) {
    const seq = ++memberSeq;
    const phone = `0970${String(seq).padStart(6, '0')}`;
    const m = await insertMember(shop.db, {
      name: `${label} ${seq}`,
      email: null,
      phone,
      password_hash: passwordHash,
      email_verify: 0,
      phone_verify: 1,
      zipcode: '100',
      city: '臺北市',
      area: '中正區',
      addr: '重慶南路一段 122 號',
      status: 1,
      created_at: now,
      updated_at: now,
    });
    out.push({ id: m.id, token: (await createSession(deps, m.id)).token });
  }
  return out;
}

/** The phone number of a member made by newMembers. */
export async function phoneOf(shop: ShopDb, memberId: number): Promise<string> {
  const row = await shop.db.kysely
    .selectFrom('members')
    .select('phone')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.phone ?? '';
}
