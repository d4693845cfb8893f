import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupPostgres, backupSqlite, restorePostgres, restoreSqlite } from '../../../src/server/db/backup.ts';
import { openDb } from '../../../src/server/db/index.ts';
import { placeFixtureOrder } from '../../helpers/order-fixture.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { postReview, reviewOrder } from '../reviews/reviews-helpers.ts';

let shop: TestShop;
let dir: string;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  dir = mkdtempSync(join(tmpdir(), 'shop-backup-'));
});
afterAll(async () => {
  await shop.close();
  rmSync(dir, { recursive: true, force: true });
});

const orderNos = async (k: TestShop['deps']['db']['kysely']) =>
  (await k.selectFrom('orders').select('no').orderBy('no').execute()).map((o) => o.no);

/**
 * A backup of the shop's database (pg_dump, or SQLite's online backup) restored into an empty
 * database; `afterBackup` runs as soon as the backup is taken. Returns the restored database.
 */
async function backupThenRestore(afterBackup: () => Promise<void> = async () => {}) {
  const k = shop.deps.db.kysely;
  const adminUrl = process.env.DATABASE_URL;
  let restored: ReturnType<typeof openDb>;
  let drop = async () => {};
  if (adminUrl) {
    const { rows } = await sql<{ db: string }>`SELECT current_database() AS db`.execute(k);
    const source = new URL(adminUrl);
    source.pathname = `/${rows[0]!.db}`;
    const file = await backupPostgres(source.toString(), dir);
    await afterBackup();
    const name = `r_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(adminUrl);
    target.pathname = `/${name}`;
    await restorePostgres(file, target.toString());
    restored = openDb({ sqlitePath: '', databaseUrl: target.toString() });
    drop = async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  } else {
    const { rows } = await sql<{ file: string }>`SELECT file FROM pragma_database_list WHERE name = 'main'`.execute(k);
    const file = await backupSqlite(rows[0]!.file, dir);
    await afterBackup();
    const target = join(dir, `restored-${randomBytes(4).toString('hex')}.sqlite`);
    restoreSqlite(file, target);
    expect(() => restoreSqlite(file, target)).toThrow('already holds a database');
    restored = openDb({ sqlitePath: target });
  }
  return { restored, drop };
}

describe('db:backup and db:restore', () => {
  it('restores a backup taken while orders are being placed, with every order committed before it', async () => {
    const k = shop.deps.db.kysely;
    for (let i = 0; i < 10; i++) await placeFixtureOrder(shop, { payment: 'cvs_code' });
    const before = await orderNos(k);
    // Orders keep coming while the backup runs. (cvs_code: the fixture's price bound is an integer on PostgreSQL.)
    let writing = true;
    const writer = (async () => {
      let n = 0;
      while (writing && n < 30) {
        await placeFixtureOrder(shop, { payment: 'cvs_code' });
        n++;
      }
    })();
    const { restored, drop } = await backupThenRestore(async () => {
      writing = false;
      await writer;
    });
    try {
      const got = await orderNos(restored.kysely);
      for (const no of before) expect(got).toContain(no);
      const all = await orderNos(k);
      for (const no of got) expect(all).toContain(no);
      // Each order committed before the backup comes with its lines. (The fixture writes an order and
      // its lines in separate statements, so one placed during the dump may lack them.)
      const withLines = await restored.kysely
        .selectFrom('orders as o')
        .innerJoin('order_lines as l', 'l.order_id', 'o.id')
        .select('o.no')
        .distinct()
        .execute();
      const complete = new Set(withLines.map((r) => r.no));
      for (const no of before) expect(complete.has(no)).toBe(true);
    } finally {
      await restored.close();
      await drop();
    }
  });

  it("keeps the reviews: a review with its helpful vote, its report, its hidden reason and the shop's reply", async () => {
    const o = await reviewOrder(shop);
    const posted = await postReview(shop, o, { stars: 2, title: '低音太重', body: '第二行\n<b>原樣</b>' });
    expect(posted.status).toBe(201);
    const id: number = posted.json.result.id;
    const k = shop.deps.db.kysely;
    await k
      .updateTable('reviews')
      .set({ hidden_reason: '待查', reply: '感謝指教', replied_at: 1 })
      .where('id', '=', id)
      .execute();
    await k
      .insertInto('review_helpful')
      .values({ review_id: id, voter: 'a:203.0.113.8', day: '2026-11-27', created_at: 1 })
      .execute();
    await k
      .insertInto('review_reports')
      .values({ review_id: id, reporter: 'm:1', reason: '廣告', created_at: 1 })
      .execute();
    const { restored, drop } = await backupThenRestore();
    try {
      const r = restored.kysely;
      const review = await r.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(review).toMatchObject({
        stars: 2,
        title: '低音太重',
        body: '第二行\n<b>原樣</b>',
        hidden_reason: '待查',
        reply: '感謝指教',
      });
      expect(
        await r.selectFrom('review_helpful').select(['voter', 'day']).where('review_id', '=', id).execute(),
      ).toEqual([{ voter: 'a:203.0.113.8', day: '2026-11-27' }]);
      expect(
        await r.selectFrom('review_reports').select(['reporter', 'reason']).where('review_id', '=', id).execute(),
      ).toEqual([{ reporter: 'm:1', reason: '廣告' }]);
    } finally {
      await restored.close();
      await drop();
    }
  });
});
