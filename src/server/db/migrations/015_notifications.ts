import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../index.ts';

/**
 * The notification outbox (issue 30): one row per event and recipient kind (the shopper, the owner's
 * mail, the owner's webhook), written in the transaction of the state change. The unique key
 * (purpose, subject, recipient) makes a second write of one event a no-op. The sender claims a due
 * row with a lease (claimed_until), delivers it, and marks it sent, or schedules a retry (next_at)
 * with the error. The dev email outbox keeps the HTML twin of a mail too, and longer purposes.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const ms = 'bigint';
  await db.schema
    .createTable('notifications')
    .ifNotExists()
    .addColumn('id', idType, id)
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    // What the event is about: `order:12`, `order:12:refund`, `variant:7:order:12`, `day:2026-11-21`.
    .addColumn('subject', 'varchar(80)', (c) => c.notNull())
    // shopper, owner (SHOP_NOTIFY_EMAIL) or webhook (SHOP_NOTIFY_WEBHOOK)
    .addColumn('recipient', 'varchar(16)', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    // JSON: what the mail needs that the database does not keep (a guest's order link); emptied once sent.
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    // pending, sent, skipped (no address configured), failed (attempts ran out)
    .addColumn('state', 'varchar(12)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', ms, (c) => c.notNull())
    .addColumn('claimed_until', ms, (c) => c.notNull().defaultTo(0))
    .addColumn('claim', 'varchar(40)')
    .addColumn('last_error', 'text')
    .addColumn('sent_to', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('sent_at', ms)
    .addUniqueConstraint('notifications_event', ['purpose', 'subject', 'recipient'])
    .execute();
  await db.schema
    .createIndex('notifications_due')
    .ifNotExists()
    .on('notifications')
    .columns(['state', 'next_at'])
    .execute();
  await db.schema
    .alterTable('email_outbox')
    .addColumn('html', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // `owner-needs-action` is longer than the 16 characters the dev outbox took, and an order's mail can
  // pass its 2,000 (SQLite does not enforce either).
  if (dialect === 'postgres') {
    await db.schema
      .alterTable('email_outbox')
      .alterColumn('purpose', (c) => c.setDataType('varchar(32)'))
      .execute();
    await db.schema
      .alterTable('email_outbox')
      .alterColumn('text', (c) => c.setDataType('text'))
      .execute();
  }
}
