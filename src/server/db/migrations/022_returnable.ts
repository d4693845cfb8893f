import type { Kysely } from 'kysely';

/**
 * Whether a product may be sent back under the seven-day return (Consumer Protection Act §19): the
 * shop marks sealed media or software once opened, and in-ear products whose seal is broken, as not
 * returnable (`0`); every product is returnable (`1`) until marked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('returnable', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
