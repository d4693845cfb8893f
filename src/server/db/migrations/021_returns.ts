import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../index.ts';

/**
 * Returns and refunds (issue 40). `returns`: a shopper's request to send lines of an order back, its
 * state (returns/return-states.ts), the bank account a transfer refund goes to, how the goods come
 * back, the refund's computation as stored before it is sent, and the e-invoice's correction.
 * `return_lines`: per order line, how many are sent back, received and damaged. `return_events`: the
 * return's own timeline (the order's timeline gets a row for each move too). `refunds`: money given
 * back, one row per request under a unique key, so a double click, a second server or a retry sends
 * one refund; pending → sent, or failed with the provider's reason.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const table = (name: string) => db.schema.createTable(name).ifNotExists().addColumn('id', idType, id);
  const ms = 'bigint';

  await table('returns')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // requested, approved, rejected, in_transit, received, refunded, closed, cancelled
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('reason', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('reason_text', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('reject_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    // A transfer refund's account: bank code (3 digits), account (10 to 16 digits), holder.
    .addColumn('bank_code', 'varchar(3)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_account', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_holder', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    // How the goods come back: parcel (booked with the carrier), shopper (sends it), shop (brought in)
    .addColumn('return_method', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('parcel_sub_type', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('parcel_logistics_id', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('parcel_code', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('parcel_status', 'varchar(12)', (c) => c.notNull().defaultTo(''))
    // The refund as computed when the goods were received (JSON of returns/refund-amount.ts).
    .addColumn('refund_amount', 'integer')
    .addColumn('computation', 'text', (c) => c.notNull().defaultTo(''))
    // void or allowance; the allowance's number (IA_Allow_No) once issued
    .addColumn('invoice_action', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('allowance_no', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('requested_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('returns_order').ifNotExists().on('returns').column('order_id').execute();
  await db.schema.createIndex('returns_state').ifNotExists().on('returns').columns(['state', 'id']).execute();

  await table('return_lines')
    .addColumn('return_id', 'integer', (c) => c.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('order_line_id', 'integer', (c) => c.notNull().references('order_lines.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('received_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('damaged_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('return_lines_once', ['return_id', 'order_line_id'])
    .execute();
  await db.schema
    .createIndex('return_lines_order_line')
    .ifNotExists()
    .on('return_lines')
    .column('order_line_id')
    .execute();

  await table('return_events')
    .addColumn('return_id', 'integer', (c) => c.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('return_events_return').ifNotExists().on('return_events').column('return_id').execute();

  await table('refunds')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // Null: the refund of a paid order cancelled before it shipped.
    .addColumn('return_id', 'integer', (c) => c.references('returns.id').onDelete('cascade'))
    // One refund per request: `return:<id>` or `cancel:<order id>`; a second insert finds it taken.
    .addColumn('request_key', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull())
    // card (through ECPay) or transfer (the owner's bank transfer)
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    // pending, sending (a provider call under way), sent, failed
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    // The card action sent (N: release the authorisation, R: refund a closed one)
    .addColumn('action', 'varchar(2)', (c) => c.notNull().defaultTo(''))
    // The provider's reason of a refusal or failure
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    // The transfer's reference as the owner entered it, or the provider's trade number
    .addColumn('reference', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addColumn('sent_at', ms)
    .execute();
  await db.schema.createIndex('refunds_order').ifNotExists().on('refunds').column('order_id').execute();
}
