import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../index.ts';

/**
 * Orders and what they need: shipping methods with their fees and limits, product weight and size
 * (a convenience store takes at most 5 kg and 45 cm on the longest side), orders with a snapshot of
 * what was bought, for whom, where to and how it is invoiced, their lines, their timeline,
 * idempotency keys of POST /api/orders, ECPay payment attempts and every payment notice received.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const table = (name: string) => db.schema.createTable(name).ifNotExists().addColumn('id', idType, id);
  const ms = 'bigint';

  // Weight in grams and the three sides in centimetres of one unit, packed.
  for (const col of ['weight_g', 'length_cm', 'width_cm', 'height_cm']) {
    await db.schema
      .alterTable('products')
      .addColumn(col, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }

  await table('shipping_methods')
    .addColumn('code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('name_zh', 'varchar(50)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(50)', (c) => c.notNull())
    // Null: the system variable `price` is the fee.
    .addColumn('fee', 'integer')
    // Free shipping from this subtotal on; null: never free.
    .addColumn('free_over', 'integer')
    // Fee to Penghu, Kinmen and Lienchiang; null: the method does not go there.
    .addColumn('outlying_fee', 'integer')
    // Limits of one parcel; null: no limit.
    .addColumn('max_weight_g', 'integer')
    .addColumn('max_side_cm', 'integer')
    .addColumn('max_total', 'integer')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await table('orders')
    // Readable and unguessable: the date and a random part, never sequential.
    .addColumn('no', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('member_id', 'integer', (c) => c.references('members.id').onDelete('set null'))
    // A guest's order is seen through a link carrying a random key; only its hash is kept.
    .addColumn('guest_key_hash', 'varchar(64)', (c) => c.unique())
    // awaiting_payment, paid, processing, shipped, delivered, picked_up, completed, cancelled
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('shipping_method', 'varchar(16)', (c) => c.notNull())
    // credit, atm, cvs_code, cod, pickup_pay
    .addColumn('payment_method', 'varchar(16)', (c) => c.notNull())
    .addColumn('subtotal', 'integer', (c) => c.notNull().check(sql`subtotal >= 0`))
    .addColumn('shipping_fee', 'integer', (c) => c.notNull().check(sql`shipping_fee >= 0`))
    .addColumn('total', 'integer', (c) => c.notNull().check(sql`total >= 0`))
    .addColumn('receiver_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('receiver_phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('receiver_email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    // Home delivery address.
    .addColumn('ship_zipcode', 'varchar(6)', (c) => c.notNull().defaultTo(''))
    .addColumn('ship_city', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('ship_area', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('ship_addr', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    // Convenience store snapshot (store pickup).
    .addColumn('cvs_sub_type', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('cvs_store_id', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('cvs_store_name', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('cvs_store_address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    // E-invoice choice: member, mobile, certificate, donation, company.
    .addColumn('invoice_type', 'varchar(12)', (c) => c.notNull())
    .addColumn('invoice_carrier', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('invoice_donation_code', 'varchar(7)', (c) => c.notNull().defaultTo(''))
    .addColumn('invoice_tax_id', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('invoice_title', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    // The issued invoice: two letters and eight digits, its 4-digit random code, when; and voiding.
    .addColumn('invoice_no', 'varchar(10)', (c) => c.unique())
    .addColumn('invoice_random', 'varchar(4)')
    .addColumn('invoice_issued_at', ms)
    .addColumn('invoice_voided_at', ms)
    .addColumn('invoice_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('carrier', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('tracking_no', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('paid_at', ms)
    // When an unpaid order is released (card attempt timeout, ATM or store-code deadline).
    .addColumn('pay_deadline', ms)
    // A payment that came for an order already cancelled: money to give back.
    .addColumn('needs_refund', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locale', 'varchar(5)', (c) => c.notNull().defaultTo('zh-TW'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('orders_member_created')
    .ifNotExists()
    .on('orders')
    .columns(['member_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('orders_state_deadline')
    .ifNotExists()
    .on('orders')
    .columns(['state', 'pay_deadline'])
    .execute();

  await table('order_lines')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('variants.id'))
    .addColumn('sku', 'varchar(64)', (c) => c.notNull())
    .addColumn('product_slug', 'varchar(200)', (c) => c.notNull())
    .addColumn('brand_slug', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_zh', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('option_name_zh', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('option_name_en', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('option_value_zh', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('option_value_en', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('image_src', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('unit_price', 'integer', (c) => c.notNull().check(sql`unit_price >= 0`))
    .addColumn('compare_at_price', 'integer')
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1 AND quantity <= 99`))
    .addColumn('line_total', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_lines_order').ifNotExists().on('order_lines').column('order_id').execute();

  // The timeline: one row per state reached (and notes such as the carrier and tracking number).
  await table('order_events')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order').ifNotExists().on('order_events').column('order_id').execute();

  // POST /api/orders by Idempotency-Key: the owner (member or guest cart), the body's hash, the answer.
  await table('idempotency_keys')
    .addColumn('owner', 'varchar(80)', (c) => c.notNull())
    .addColumn('key', 'varchar(100)', (c) => c.notNull())
    .addColumn('body_hash', 'varchar(64)', (c) => c.notNull())
    // Null while the first request is under way.
    .addColumn('status', 'integer')
    .addColumn('response', 'text')
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addUniqueConstraint('idempotency_keys_owner_key', ['owner', 'key'])
    .execute();

  // One ECPay AIO attempt: every attempt has its own MerchantTradeNo (at most 20 characters).
  await table('payment_attempts')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('merchant_trade_no', 'varchar(20)', (c) => c.notNull().unique())
    // credit, atm, cvs_code
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    // new, issued (ATM account or store code given), paid, failed, expired
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('trade_no', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_code', 'varchar(3)', (c) => c.notNull().defaultTo(''))
    .addColumn('v_account', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('payment_no', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', ms)
    .addColumn('rtn_code', 'integer')
    .addColumn('rtn_msg', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('paid_at', ms)
    .execute();
  await db.schema
    .createIndex('payment_attempts_order')
    .ifNotExists()
    .on('payment_attempts')
    .column('order_id')
    .execute();

  // Every notice from the payment provider, kept as received: good, repeated, late or tampered.
  await table('payment_notices')
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('merchant_trade_no', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('verified', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'varchar(40)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
}
