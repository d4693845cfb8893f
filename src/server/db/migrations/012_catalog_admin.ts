import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../index.ts';

/**
 * What the owner's catalog tool (import and export in Shopify's product CSV, everyday edits) needs
 * beyond the demo catalog: a product's tags and search-engine title and description, a variant's own
 * photo, a category's parent category, and the change log of every edit (when, who, what, before and
 * after).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .alterTable('products')
    .addColumn('tags', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('seo_title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('seo_description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('variants')
    .addColumn('image', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .alterTable('categories')
    .addColumn('parent_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('catalog_changes')
    .ifNotExists()
    .addColumn('id', idType, id)
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('by', 'varchar(100)', (c) => c.notNull())
    // price, stock, publish, withdraw, import
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    // the SKU, the handle or the imported file's name
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('before', 'text', (c) => c.notNull())
    .addColumn('after', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('catalog_changes_at').ifNotExists().on('catalog_changes').column('at').execute();
}
