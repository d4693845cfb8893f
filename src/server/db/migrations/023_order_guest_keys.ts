import type { Kysely } from 'kysely';

/**
 * A guest's further private order links (issue 38): the shop's resend of the placed mail gives the
 * guest a new link (the first key was never kept), and every link given stays good. One row per key,
 * its SHA-256 only; removed with its order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_guest_keys')
    .ifNotExists()
    .addColumn('key_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_guest_keys_order')
    .ifNotExists()
    .on('order_guest_keys')
    .column('order_id')
    .execute();
}
