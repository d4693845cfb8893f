import type { Kysely } from 'kysely';
import type { Dialect } from '../index.ts';

/** Trades of the ECPay cashier simulator: one row per checkout form it accepted. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('sim_ecpay_trades')
    .ifNotExists()
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('token', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('merchant_id', 'varchar(10)', (c) => c.notNull())
    .addColumn('merchant_trade_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('trade_no', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull())
    /** The accepted checkout form (JSON): its URLs, custom fields and expiry settings. */
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('payment_type', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_code', 'varchar(3)', (c) => c.notNull().defaultTo(''))
    .addColumn('v_account', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('payment_no', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('expire_date', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addUniqueConstraint('sim_ecpay_trades_merchant_no', ['merchant_id', 'merchant_trade_no'])
    .execute();
}
