import type { Kysely } from 'kysely';

/**
 * When each payment attempt was last looked up at ECPay (QueryTradeInfo), so that the reconciliation
 * pass asks again only every few minutes while its order awaits payment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_attempts').addColumn('checked_at', 'bigint').execute();
}
