import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import type { Deps } from '../../../src/server/context.ts';
import { openDb } from '../../../src/server/db/index.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import { registerBuildProbe } from '../../../src/server/ops/probes.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

/** Issue 30, part 4: GET /api/health/ready for a load balancer; /api/health stays the liveness answer. */
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());
afterEach(() => registerBuildProbe(null));

async function ready(app: { request: TestShop['app']['request'] }) {
  const r = await app.request('/api/health/ready', { headers: { 'accept-language': 'en' } });
  return { status: r.status, json: await r.json() };
}

describe('GET /api/health/ready', () => {
  it('answers 200 with the database up, the schema current and no pages to serve', async () => {
    const r = await ready(shop.app);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      status: true,
      result: { ready: true, database: true, pendingMigrations: [] },
      message: '',
    });
  });

  it('answers 503 while the schema is behind this code, and 200 once migrated', async () => {
    const k = shop.deps.db.kysely;
    await sql`DELETE FROM schema_migrations WHERE name = '014_page_rebuilds'`.execute(k);
    const behind = await ready(shop.app);
    expect(behind.status).toBe(503);
    expect(behind.json).toMatchObject({
      status: false,
      code: 'NOT_READY',
      result: { ready: false, database: true, pendingMigrations: ['014_page_rebuilds'] },
    });
    await sql`INSERT INTO schema_migrations (name, applied_at) VALUES ('014_page_rebuilds', ${Date.now()})`.execute(k);
    expect((await ready(shop.app)).status).toBe(200);
  });

  it('answers 503 while the database cannot be reached, then 200 again; liveness is not readiness', async () => {
    const deps: Deps = { ...shop.deps, db: shop.openAnother() };
    const app = createApp(deps);
    expect((await ready(app)).status).toBe(200);
    await deps.db.close();
    const down = await ready(app);
    expect(down.status).toBe(503);
    expect(down.json.result).toMatchObject({ ready: false, database: false, pendingMigrations: null });
    expect(down.json.message).toBe('The service is not ready yet. Please try again later.');
    // The database is back (a new connection, as a pool makes after a restart).
    deps.db = shop.openAnother();
    expect((await ready(app)).status).toBe(200);
    await deps.db.close();
  });

  it('for a process that serves pages: 503 without a complete build, 200 with one; liveness stays 200', async () => {
    registerBuildProbe(() => null);
    const none = await ready(shop.app);
    expect(none.status).toBe(503);
    expect(none.json.result).toMatchObject({ ready: false, database: true, build: null });
    expect((await shop.call('GET', '/api/health')).status).toBe(200);
    registerBuildProbe(() => ({ id: 'b-7', timestamp: Date.now() }));
    const built = await ready(shop.app);
    expect(built.status).toBe(200);
    expect(built.json.result.build).toBe('b-7');
  });
});

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL stopped and back', () => {
  it('answers 503 while its database is gone and 200 once it is back, on the same pool', async () => {
    const adminUrl = process.env.DATABASE_URL!;
    const name = `t_ready_${process.pid}`;
    const admin = async (q: string) => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(q);
      } finally {
        await c.end();
      }
    };
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = openDb({ sqlitePath: '', databaseUrl: url.toString() });
    try {
      await migrate(db);
      const app = createApp({ ...shop.deps, db });
      expect((await ready(app)).status).toBe(200);
      await admin(`DROP DATABASE ${name} WITH (FORCE)`);
      const down = await ready(app);
      expect(down.status).toBe(503);
      expect(down.json.result.database).toBe(false);
      await admin(`CREATE DATABASE ${name}`);
      const back = await ready(app);
      // Reachable again, but empty: the schema is behind until migrated.
      expect(back.status).toBe(503);
      expect(back.json.result.database).toBe(true);
      await migrate(db);
      expect((await ready(app)).status).toBe(200);
    } finally {
      await db.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
