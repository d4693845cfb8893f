import type { Kysely } from 'kysely';
import type { Dialect } from '../index.ts';

/** Invoices of the e-invoice simulator: one per merchant and RelateNumber. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('sim_invoices')
    .ifNotExists()
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('merchant_id', 'varchar(10)', (c) => c.notNull())
    .addColumn('relate_number', 'varchar(30)', (c) => c.notNull())
    .addColumn('invoice_no', 'varchar(10)', (c) => c.notNull().unique())
    .addColumn('random_number', 'varchar(4)', (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('voided_at', 'bigint')
    .addColumn('void_reason', 'varchar(20)')
    .addUniqueConstraint('sim_invoices_relate', ['merchant_id', 'relate_number'])
    .execute();
}
