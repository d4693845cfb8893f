import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../index.ts';

/**
 * Reviews from verified buyers (issue 42). `reviews`: one per product of a delivered or picked-up
 * order (the unique index makes parallel posts one review), its stars, title and text as typed
 * (plain text), the variant bought as it was shown, the state (published, hidden, pending), why the
 * shop hid it and the shop's public reply. `review_helpful`: one vote per review, voter (a member or
 * an address) and day. `review_reports`: one report per review and reporter. An index of the
 * orders' events by state and time, for the mails asking for reviews some days after delivery.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const table = (name: string) => db.schema.createTable(name).ifNotExists().addColumn('id', idType, id);
  const ms = 'bigint';

  await table('reviews')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('order_line_id', 'integer', (c) => c.notNull().references('order_lines.id').onDelete('cascade'))
    // The order's member; null for a guest order (its private key proved the writer).
    .addColumn('member_id', 'integer')
    .addColumn('stars', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    // The variant bought as the product page shows it ("Black"), in each language.
    .addColumn('variant_zh', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('variant_en', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    // When the order was placed: "bought 2026-11".
    .addColumn('bought_at', ms, (c) => c.notNull())
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    // published, hidden or pending (REVIEWS_MODERATION=pre until the shop publishes it)
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('hidden_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('reply', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('replied_at', ms)
    .addColumn('helpful_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('report_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addUniqueConstraint('reviews_once', ['order_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('reviews_product')
    .ifNotExists()
    .on('reviews')
    .columns(['product_id', 'state', 'created_at'])
    .execute();
  // The review requests look for deliveries of a window of days on every pass of the sender.
  await db.schema
    .createIndex('order_events_state_at')
    .ifNotExists()
    .on('order_events')
    .columns(['state', 'at'])
    .execute();
  await db.schema.createIndex('reviews_state').ifNotExists().on('reviews').columns(['state', 'id']).execute();

  await table('review_helpful')
    .addColumn('review_id', 'integer', (c) => c.notNull().references('reviews.id').onDelete('cascade'))
    // m:<member id> or a:<address>
    .addColumn('voter', 'varchar(80)', (c) => c.notNull())
    // The day in Taiwan (YYYY-MM-DD) the vote counts for.
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addUniqueConstraint('review_helpful_once', ['review_id', 'voter', 'day'])
    .execute();

  await table('review_reports')
    .addColumn('review_id', 'integer', (c) => c.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('reporter', 'varchar(80)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addUniqueConstraint('review_reports_once', ['review_id', 'reporter'])
    .execute();
}
