import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import pg from 'pg';
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

/**
 * A fresh shop on a fresh database: a temporary SQLite file, or a new database on the PostgreSQL
 * server of DATABASE_URL (dropped afterwards). Pass `seeded` to load the demo catalog.
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
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    db = openDb({ sqlitePath: '', databaseUrl: url.toString() });
    openAnother = () => openDb({ sqlitePath: '', databaseUrl: url.toString() });
    cleanup = async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'shop-test-'));
    db = openDb({ sqlitePath: join(dir, 'shop.sqlite') });
    openAnother = () => openDb({ sqlitePath: join(dir, 'shop.sqlite') });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  await migrate(db);
  if (opts.seeded) await seed(db, { logN: env.SCRYPT_LOG_N });
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
