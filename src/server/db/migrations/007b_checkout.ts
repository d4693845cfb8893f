import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../index.ts';

/**
 * What checkout keeps between requests: the convenience store chosen on the map for a cart, the
 * one-time tickets that tie a map reply to its cart, and the proofs that a guest confirmed the
 * receiver's mobile number by SMS code. Secrets are kept only as SHA-256 hashes.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const table = (name: string) => db.schema.createTable(name).ifNotExists().addColumn('id', idType, id);
  const ms = 'bigint';

  // The chosen store lies on an outlying island (its own fee applies).
  await db.schema
    .alterTable('orders')
    .addColumn('cvs_outside', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await table('checkout_stores')
    .addColumn('cart_id', 'integer', (c) => c.notNull().unique().references('carts.id').onDelete('cascade'))
    // UNIMART, FAMI, HILIFE, OKMART and the sub-type the map was opened with.
    .addColumn('brand', 'varchar(10)', (c) => c.notNull())
    .addColumn('sub_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('store_id', 'varchar(10)', (c) => c.notNull())
    .addColumn('store_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    .addColumn('telephone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('outside', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await table('cvs_map_tickets')
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('cart_id', 'integer', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('brand', 'varchar(10)', (c) => c.notNull())
    .addColumn('locale', 'varchar(5)', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('used_at', ms)
    .execute();

  await table('phone_proofs')
    .addColumn('proof_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .execute();
}
