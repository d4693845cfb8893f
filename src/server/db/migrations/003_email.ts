import type { Kysely } from 'kysely';
import type { Dialect } from '../index.ts';

/**
 * Email for members: the development outbox (like `sms_outbox`), and the single-use links that
 * confirm a new email address (stored hashed, like reset tickets).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .ifNotExists()
      .addColumn('id', idType, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()));
  const ms = 'bigint';

  await table('email_outbox')
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('text', 'varchar(2000)', (c) => c.notNull())
    .addColumn('link', 'varchar(500)', (c) => c.notNull())
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_outbox_email')
    .ifNotExists()
    .on('email_outbox')
    .columns(['email', 'created_at'])
    .execute();

  await table('email_changes')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('used_at', ms)
    .execute();
  await db.schema.createIndex('email_changes_member').ifNotExists().on('email_changes').column('member_id').execute();
}
