import type { Db } from '../db/index.ts';
import { seedCatalog } from './catalog.ts';
import { seedMembers } from './members.ts';
import { seedPromotions } from './promotions.ts';
import { seedRegions } from './regions.ts';

async function rowCount(db: Db, table: 'members' | 'region_districts'): Promise<number> {
  const row = await db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Fills an empty database with the demo shop; does nothing when data is already there.
 * The catalogue goes in as one transaction; regions and members manage their own.
 * Returns `seeded: true` only when something was inserted.
 */
export async function seed(db: Db, opts: { logN?: number } = {}): Promise<{ seeded: boolean }> {
  const before = (await rowCount(db, 'members')) + (await rowCount(db, 'region_districts'));
  await seedRegions(db);
  await seedMembers(db, opts);
  const after = (await rowCount(db, 'members')) + (await rowCount(db, 'region_districts'));
  const catalog = await db.kysely.transaction().execute((trx) => seedCatalog(trx));
  const promotions = await seedPromotions(db.kysely);
  return { seeded: catalog || promotions || after !== before };
}
