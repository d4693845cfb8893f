import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../index.ts';

/**
 * Promotions: coupon codes and automatic spend-threshold or free-shipping rules, each use of one kept
 * with its order (released when the order is cancelled), and what an order was given off.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const table = (name: string) => db.schema.createTable(name).ifNotExists().addColumn('id', idType, id);
  const ms = 'bigint';

  await table('promotions')
    // code (entered at checkout) or auto (applied by itself)
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    // Upper case; null for automatic promotions.
    .addColumn('code', 'varchar(32)', (c) => c.unique())
    .addColumn('name_zh', 'varchar(60)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(80)', (c) => c.notNull())
    .addColumn('off_amount', 'integer')
    .addColumn('off_percent', 'integer')
    .addColumn('cap', 'integer')
    .addColumn('min_spend', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON [{min, off}] of a spend-threshold promotion, lowest first.
    .addColumn('tiers', 'text', (c) => c.notNull().defaultTo('[]'))
    // Free shipping for an eligible sum from this amount.
    .addColumn('free_shipping_over', 'integer')
    .addColumn('starts_at', ms)
    .addColumn('ends_at', ms)
    .addColumn('max_uses', 'integer')
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('per_member', 'integer')
    .addColumn('first_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('members_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('combinable', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON arrays of brand and category slugs; both empty: the whole order.
    .addColumn('brands', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('disabled_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await table('promotion_uses')
    .addColumn('promotion_id', 'integer', (c) => c.notNull().references('promotions.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('member_id', 'integer')
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    // Set once when the order is cancelled: the use is given back.
    .addColumn('released_at', ms)
    .execute();
  await db.schema
    .createIndex('promotion_uses_member')
    .ifNotExists()
    .on('promotion_uses')
    .columns(['promotion_id', 'member_id'])
    .execute();
  await db.schema.createIndex('promotion_uses_order').ifNotExists().on('promotion_uses').column('order_id').execute();

  await db.schema
    .alterTable('orders')
    .addColumn('discount_total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('shipping_discount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // JSON [{kind, code, name_zh, name_en, amount, promotion_id}] as applied.
  await db.schema
    .alterTable('orders')
    .addColumn('discounts', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
