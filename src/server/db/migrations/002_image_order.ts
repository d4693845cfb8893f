import type { Kysely } from 'kysely';

/**
 * Images indexed in display order per product, so a product's first image (every product in every
 * list) is one index step instead of a sort of its images.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('product_images_order')
    .ifNotExists()
    .on('product_images')
    .columns(['product_id', 'sort', 'id'])
    .execute();
  // The new index starts with product_id, so the old one would only cost writes.
  await db.schema.dropIndex('product_images_product').ifExists().execute();
}
