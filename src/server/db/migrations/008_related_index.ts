import type { Kysely } from 'kysely';

/**
 * Related products (services/products.ts `relatedTo`) are chosen among a product's category and its
 * brand by rank, stock and age. Each of these indexes holds all four columns, so the choice reads the
 * indexes alone instead of one wide product row per candidate; they also serve every lookup the
 * single-column brand and category indexes served, which are dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('products_related_category')
    .ifNotExists()
    .on('products')
    .columns(['category_id', 'brand_id', 'stock', 'created_at'])
    .execute();
  await db.schema
    .createIndex('products_related_brand')
    .ifNotExists()
    .on('products')
    .columns(['brand_id', 'category_id', 'stock', 'created_at'])
    .execute();
  await db.schema.dropIndex('products_category_id').ifExists().execute();
  await db.schema.dropIndex('products_brand_id').ifExists().execute();
}
