import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import type { Clock, Deps } from '../../src/server/context.ts';
import { type Db, openDb } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { readEnv, type ServerEnv } from '../../src/server/env.ts';
import { outboxEmail } from '../../src/server/providers/email-outbox.ts';
import { outboxSms } from '../../src/server/providers/sms-outbox.ts';
import { seed } from '../../src/server/seed/seed.ts';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  t: number;
  constructor(t = Date.UTC(2026, 10, 21, 4, 0, 0)) {
    this.t = t;
  }
  now() {
    return this.t;
  }
  advance(ms: number) {
    this.t += ms;
  }
}

export interface TestShop {
  app: ReturnType<typeof createApp>;
  deps: Deps;
  clock: TestClock;
  close(): Promise<void>;
  /** Another connection to the same database, as a second server would have (close it yourself). */
  openAnother(): Db;
  /** JSON request helper: `shop.call('POST', '/api/users/login', {body, token, lang, ip})`. */
  call(
    method: string,
    path: string,
    opts?: { body?: unknown; token?: string; lang?: string; ip?: string; headers?: Record<string, string> },
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes
  ): Promise<{ status: number; headers: Headers; json: any }>;
}

/** The database `name` on the server of `adminUrl`. */
function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let serverCode: string | undefined;
/** A digest of the server's code (the migrations, the seed and what they call): a template's name holds it. */
function serverCodeDigest(): string {
  if (!serverCode) {
    const root = new URL('../../src/server/', import.meta.url);
    const hash = createHash('sha256');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .sort();
    for (const f of files) hash.update(f).update(readFileSync(new URL(f, root)));
    serverCode = hash.digest('hex').slice(0, 10);
  }
  return serverCode;
}

const templates = new Map<string, Promise<string>>();
/**
 * A migrated database on PostgreSQL (with the demo catalogue when `seeded`) that each test database is
 * copied from: `CREATE DATABASE … TEMPLATE` copies files, about a third of the time of migrating and
 * seeding a new one. Made once per server and code (its name holds the code's digest), by whichever
 * test process asks first: the others wait on an advisory lock, then find it. It is built under
 * another name and renamed when complete, so no copy is ever taken of a half-made template.
 */
function pgTemplate(adminUrl: string, seeded: boolean, logN: number): Promise<string> {
  const name = `tpl_${serverCodeDigest()}_${seeded ? `s${logN}` : 'm'}`;
  let made = templates.get(name);
  if (!made) {
    made = (async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
        const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (found.rowCount === 0) {
          const building = `${name}_${randomBytes(3).toString('hex')}`;
          await admin.query(`CREATE DATABASE ${building}`);
          const db = openDb({ sqlitePath: '', databaseUrl: databaseUrl(adminUrl, building) });
          try {
            await migrate(db);
            if (seeded) await seed(db, { logN });
          } finally {
            await db.close();
          }
          await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        }
      } finally {
        await admin.end();
      }
      return name;
    })();
    templates.set(name, made);
  }
  return made;
}

/**
 * A migrated SQLite file (with the demo catalogue when `seeded`) in the run's template folder
 * (db-templates-global.ts) that each test database copies: made by the first test file that asks,
 * written under another name and renamed when complete, so a copy is never taken of a half-made
 * file (two files making it at once both write a whole one; the last rename wins).
 */
async function sqliteTemplate(seeded: boolean, logN: number): Promise<string> {
  const path = join(inject('templateDir'), seeded ? `seeded-${logN}.sqlite` : 'migrated.sqlite');
  if (existsSync(path)) return path;
  const building = `${path}.${process.pid}-${randomBytes(3).toString('hex')}`;
  const db = openDb({ sqlitePath: building });
  try {
    await migrate(db);
    if (seeded) await seed(db, { logN });
  } finally {
    await db.close();
  }
  renameSync(building, path);
  return path;
}

/**
 * A fresh shop on a fresh database: a temporary SQLite file (a copy of a template, see sqliteTemplate), or a new database on the PostgreSQL
 * server of DATABASE_URL (copied from a template made once, see pgTemplate; dropped afterwards). Pass
 * `seeded` to load the demo catalog.
 */
export async function createTestShop(
  opts: { seeded?: boolean; promotions?: boolean; env?: Partial<ServerEnv>; clock?: TestClock } = {},
): Promise<TestShop> {
  const clock = opts.clock ?? new TestClock();
  const base = readEnv({ NODE_ENV: 'test', SCRYPT_LOG_N: '12' });
  const env: ServerEnv = { ...base, ...opts.env };
  let cleanup = async () => {};
  let db: ReturnType<typeof openDb>;
  let openAnother: () => Db;
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const template = await pgTemplate(adminUrl, opts.seeded === true, env.SCRYPT_LOG_N);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const url = databaseUrl(adminUrl, name);
    db = openDb({ sqlitePath: '', databaseUrl: url });
    openAnother = () => openDb({ sqlitePath: '', databaseUrl: url });
    cleanup = async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'shop-test-'));
    copyFileSync(await sqliteTemplate(opts.seeded === true, env.SCRYPT_LOG_N), join(dir, 'shop.sqlite'));
    db = openDb({ sqlitePath: join(dir, 'shop.sqlite') });
    openAnother = () => openDb({ sqlitePath: join(dir, 'shop.sqlite') });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  // The keys its migrations made are this database's own, as on a new shop's.
  for (const { name } of await db.kysely.selectFrom('shop_secrets').select('name').execute())
    await db.kysely
      .updateTable('shop_secrets')
      .set({ value: randomBytes(32).toString('hex') })
      .where('name', '=', name)
      .execute();
  // The demo's promotions change every total: tests that are not about them run without.
  if (opts.seeded && !opts.promotions)
    await db.kysely.updateTable('promotions').set({ disabled_at: clock.now() }).execute();
  const deps: Deps = { db, env, clock, sms: outboxSms(db, clock), mail: outboxEmail(db, clock) };
  const app = createApp(deps);
  return {
    app,
    deps,
    clock,
    openAnother: () => openAnother(),
    async close() {
      await db.close();
      await cleanup();
    },
    async call(method, path, o = {}) {
      const headers: Record<string, string> = { 'accept-language': o.lang ?? 'zh-TW', ...o.headers };
      if (o.body !== undefined) headers['content-type'] = 'application/json';
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      if (o.ip) headers['x-test-ip'] = o.ip;
      const res = await app.request(path, {
        method,
        headers,
        body: o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body),
      });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = text;
      }
      return { status: res.status, headers: res.headers, json };
    },
  };
}

/**
 * The shop also listening on a loopback port (its `origin`), so that adapters and simulators reach it
 * over real HTTP as they do in production; with `siteUrl`, SITE_URL points at it. `close` stops the
 * listener, then the shop.
 */
export async function listening(
  shop: TestShop,
  opts: { siteUrl?: boolean } = {},
): Promise<TestShop & { origin: string }> {
  const server = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (opts.siteUrl) shop.deps.env.SITE_URL = origin;
  const close = shop.close;
  return {
    ...shop,
    origin,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await close();
    },
  };
}
