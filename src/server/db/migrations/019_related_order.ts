import type { Kysely } from 'kysely';

/**
 * A product page's related products are read bucket by bucket (src/server/catalog/related.ts): the
 * products of its category and brand, of its category alone, of its brand alone, each in stock or
 * not, newest first. Each index holds one bucket's order (created_at descending, then id) after its
 * equality columns, and the columns the other conditions read, so a bucket is a walk along one index
 * that stops at the fourth match. Only products on sale are related: the indexes hold those alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const index = (name: string, columns: string[]) =>
    db.schema
      .createIndex(name)
      .ifNotExists()
      .on('products')
      .columns(columns)
      .where('withdrawn_at', 'is', null)
      .execute();
  await index('products_near_category_brand', ['category_id', 'brand_id', 'created_at desc', 'id', 'stock']);
  await index('products_near_category', ['category_id', 'created_at desc', 'id', 'brand_id', 'stock']);
  await index('products_near_brand', ['brand_id', 'created_at desc', 'id', 'category_id', 'stock']);
}
