import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../index.ts';

/**
 * Shipments (issue 20): the logistics order ECPay keeps for an order (one per order, under the
 * order's own trade number), each status it reported (once per status), every status notice as
 * received, and the logistics orders of the local simulator.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const table = (name: string) => db.schema.createTable(name).ifNotExists().addColumn('id', idType, id);
  const ms = 'bigint';

  await table('shipments')
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    // The order number without its dash: at most 20 letters and digits, as MerchantTradeNo must be.
    .addColumn('merchant_trade_no', 'varchar(20)', (c) => c.notNull().unique())
    // UNIMARTC2C, FAMIC2C, HILIFEC2C, OKMARTC2C, TCAT, POST
    .addColumn('sub_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('collection', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount', 'integer', (c) => c.notNull())
    // creating (asked ECPay, no clear answer yet) → created; or failed (ECPay refused)
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('logistics_id', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('cvs_payment_no', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('cvs_validation_no', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('booking_note', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    // created, shipped, arrived, picked_up, delivered, unclaimed (providers/logistics/status.ts)
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('created'))
    .addColumn('error', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('pickup_deadline', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shipments_logistics_id').ifNotExists().on('shipments').column('logistics_id').execute();

  await table('shipment_events')
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('rtn_code', 'varchar(10)', (c) => c.notNull())
    .addColumn('rtn_msg', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('at', ms, (c) => c.notNull())
    // Once per status: a repeated notice finds its status taken and changes nothing.
    .addUniqueConstraint('shipment_events_once', ['shipment_id', 'status'])
    .execute();

  await table('shipment_notices')
    .addColumn('merchant_trade_no', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('verified', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'varchar(30)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await table('sim_logistics_orders')
    .addColumn('merchant_id', 'varchar(10)', (c) => c.notNull())
    .addColumn('merchant_trade_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('logistics_id', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('sub_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('cvs_payment_no', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('cvs_validation_no', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('booking_note', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('rtn_code', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addUniqueConstraint('sim_logistics_orders_trade', ['merchant_id', 'merchant_trade_no'])
    .execute();
}
