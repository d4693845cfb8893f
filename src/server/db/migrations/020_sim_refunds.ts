import type { Kysely } from 'kysely';
import type { Dialect } from '../index.ts';

/**
 * What the simulators of ECPay's after-sale routes remember: the card trades' authorisation and
 * close records (CreditDetail), the e-invoice allowances (B2CInvoice/Allowance) and the return
 * logistics orders (Express/Return*).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (t: ReturnType<typeof db.schema.createTable>) =>
    t.addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    );
  await id(db.schema.createTable('sim_ecpay_credit').ifNotExists())
    .addColumn('merchant_id', 'varchar(10)', (c) => c.notNull())
    .addColumn('merchant_trade_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('trade_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('gwsr', 'integer', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('installments', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('close_data', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('authorised_at', 'bigint', (c) => c.notNull())
    .addColumn('changed_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('sim_ecpay_credit_trade', ['merchant_id', 'merchant_trade_no'])
    .execute();
  await id(db.schema.createTable('sim_invoice_allowances').ifNotExists())
    .addColumn('merchant_id', 'varchar(10)', (c) => c.notNull())
    .addColumn('invoice_no', 'varchar(10)', (c) => c.notNull())
    .addColumn('allow_no', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('voided_at', 'bigint')
    .addColumn('void_reason', 'varchar(20)')
    .execute();
  await db.schema
    .createIndex('sim_invoice_allowances_invoice')
    .ifNotExists()
    .on('sim_invoice_allowances')
    .columns(['merchant_id', 'invoice_no'])
    .execute();
  await id(db.schema.createTable('sim_logistics_returns').ifNotExists())
    .addColumn('merchant_id', 'varchar(10)', (c) => c.notNull())
    .addColumn('rtn_merchant_trade_no', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('rtn_order_no', 'varchar(13)', (c) => c.notNull())
    .addColumn('sub_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('logistics_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('booking_note', 'varchar(50)', (c) => c.notNull())
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('rtn_code', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
