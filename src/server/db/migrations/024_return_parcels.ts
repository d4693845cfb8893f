import type { Kysely } from 'kysely';

/**
 * The return parcel booked with ECPay's reverse logistics (issue 40): ECPay's number of the return
 * (RtnMerchantTradeNo, which its status notices carry; a home return learns it from its first
 * notice) and the reason a booking failed, shown until a retry books it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('returns')
    .addColumn('parcel_rtn_no', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('returns')
    .addColumn('parcel_error', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('returns_parcel_rtn_no').ifNotExists().on('returns').column('parcel_rtn_no').execute();
}
