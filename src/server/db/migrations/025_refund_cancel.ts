import type { Kysely } from 'kysely';

/**
 * The e-invoice correction of a return claimed by one call at a time (issue 40): while a server
 * asks ECPay for the return's allowance or void, `invoice_claimed_at` holds when it started, so a
 * second click or server waits instead of issuing a second allowance; and when the allowance was
 * voided (AllowanceInvalid) because its refund was cancelled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('returns').addColumn('invoice_claimed_at', 'bigint').execute();
  await db.schema.alterTable('returns').addColumn('allowance_voided_at', 'bigint').execute();
}
