import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../index.ts';

/**
 * Carts and their lines. A cart belongs to one member (by member_id) or to one guest (by the hash
 * of the cart token); lines point at a variant, so an order can copy them with the variant's price of
 * the moment. `products.withdrawn_at` marks a product taken off sale: its variants cannot be added
 * and the lines already in carts say so.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const ms = 'bigint';

  await db.schema.alterTable('products').addColumn('withdrawn_at', ms).execute();

  await db.schema
    .createTable('carts')
    .ifNotExists()
    .addColumn('id', idType, id)
    .addColumn('member_id', 'integer', (c) => c.unique().references('members.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    // A cart has exactly one owner: a member or a guest token.
    .addCheckConstraint('carts_one_owner', sql`(member_id IS NULL) <> (token_hash IS NULL)`)
    .execute();
  await db.schema.createIndex('carts_guest_updated').ifNotExists().on('carts').column('updated_at').execute();

  await db.schema
    .createTable('cart_items')
    .ifNotExists()
    .addColumn('id', idType, id)
    .addColumn('cart_id', 'integer', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('variants.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1 AND quantity <= 99`))
    // The unit price the shopper last saw for this line; a different current price is reported.
    .addColumn('seen_price', 'integer', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addUniqueConstraint('cart_items_cart_variant', ['cart_id', 'variant_id'])
    .execute();
}
