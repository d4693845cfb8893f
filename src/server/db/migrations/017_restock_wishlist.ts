import { randomBytes } from 'node:crypto';
import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../index.ts';

/**
 * Restock alerts and the wishlist (issue 32). `restock_alerts`: one row per subscription to a sold-out
 * variant, by a member (user_id), a guest's confirmed phone or an email, in the language it was made
 * in; `waiting` until the variant's stock rises above 0, then `queued` (its one `restock` notification
 * is written in the same transaction), or `cancelled`. `restock_text_slots`: a phone's hourly texts. `wishlist_items`: a member's saved variants.
 * `shop_secrets`: keys made once per database (the restock unsubscribe link's HMAC key), so every
 * server signs and checks alike without configuration.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('restock_alerts')
    .ifNotExists()
    .addColumn('id', idType, id)
    .addColumn('variant_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('phone', 'varchar(20)')
    .addColumn('email', 'varchar(254)')
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    // waiting, queued (its notification is written), cancelled
    .addColumn('state', 'varchar(12)', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('queued_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('restock_alerts_variant')
    .ifNotExists()
    .on('restock_alerts')
    .columns(['variant_id', 'state'])
    .execute();
  await db.schema.createIndex('restock_alerts_user').ifNotExists().on('restock_alerts').column('user_id').execute();
  // A phone's hourly restock texts: RESTOCK_ALERTS_PER_HOUR slots, each the time it was last used.
  await db.schema
    .createTable('restock_text_slots')
    .ifNotExists()
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('used_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('restock_text_slots_pk', ['phone', 'slot'])
    .execute();
  await db.schema
    .createTable('wishlist_items')
    .ifNotExists()
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('variant_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('wishlist_items_pk', ['user_id', 'variant_id'])
    .execute();
  await db.schema
    .createTable('shop_secrets')
    .ifNotExists()
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(128)', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO shop_secrets (name, value) VALUES ('restock-unsubscribe', ${randomBytes(32).toString('hex')})`.execute(
    db,
  );
}
