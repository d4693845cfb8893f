import type { Kysely } from 'kysely';
import { simStores } from '../../providers/logistics/sim-stores.ts';
import type { Dialect } from '../index.ts';

/**
 * The store table of the convenience-store map simulator, filled with its generated stores. Only
 * the simulator reads it; the real map is ECPay's.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('sim_cvs_stores')
    .ifNotExists()
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('brand', 'varchar(10)', (c) => c.notNull())
    .addColumn('store_id', 'varchar(10)', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('city', 'varchar(10)', (c) => c.notNull())
    .addColumn('district', 'varchar(10)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    .addColumn('telephone', 'varchar(20)', (c) => c.notNull())
    .addColumn('outside', 'integer', (c) => c.notNull())
    .addUniqueConstraint('sim_cvs_stores_brand_store', ['brand', 'store_id'])
    .execute();
  await db.schema
    .createIndex('sim_cvs_stores_place')
    .ifNotExists()
    .on('sim_cvs_stores')
    .columns(['brand', 'city', 'district'])
    .execute();
  const rows = simStores();
  for (let i = 0; i < rows.length; i += 100) {
    await (db as Kysely<{ sim_cvs_stores: (typeof rows)[number] }>)
      .insertInto('sim_cvs_stores')
      .values(rows.slice(i, i + 100))
      .execute();
  }
}
