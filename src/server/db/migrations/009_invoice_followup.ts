import type { Kysely } from 'kysely';

/**
 * Bounded e-invoice retries: voids count their own attempts, issues and voids wait a growing delay
 * after a failure (invoice_retry_at), and an invoice the shop must handle by hand (issues or voids ran
 * out, or the tax period is closed and only an allowance can undo it) keeps ECPay's message in
 * invoice_action_needed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('invoice_void_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('invoice_retry_at', 'bigint').execute();
  await db.schema.alterTable('orders').addColumn('invoice_action_needed', 'varchar(200)').execute();
}
