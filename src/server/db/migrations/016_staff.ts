import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../index.ts';

/**
 * The owner's console (issue 31): staff accounts apart from members (a password, a TOTP secret and
 * the last TOTP step used, so a code is never accepted twice), their one-time setup links, ten
 * single-use recovery codes each (hashed), their sessions (12 h absolute, 30 minutes idle), and the
 * audit log of every order action (who, when, what, from which address).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const ms = 'bigint';
  await db.schema
    .createTable('staff')
    .ifNotExists()
    .addColumn('id', idType, id)
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    // owner or staff
    .addColumn('role', 'varchar(8)', (c) => c.notNull())
    // setup (a link out, no sign-in yet), active, disabled
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    // base32; kept as is: verifying a code needs the secret itself
    .addColumn('totp_secret', 'varchar(64)')
    // the last 30-second step a code was accepted for (a used step is refused)
    .addColumn('totp_last_step', ms)
    .addColumn('setup_token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('setup_expires_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('last_login_at', ms)
    .execute();
  await db.schema
    .createTable('staff_recovery_codes')
    .ifNotExists()
    .addColumn('id', idType, id)
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', ms)
    .execute();
  await db.schema
    .createIndex('staff_recovery_codes_staff')
    .ifNotExists()
    .on('staff_recovery_codes')
    .column('staff_id')
    .execute();
  await db.schema
    .createTable('staff_sessions')
    .ifNotExists()
    .addColumn('id', idType, id)
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('seen_at', ms, (c) => c.notNull())
    .addColumn('revoked_at', ms)
    .execute();
  await db.schema
    .createTable('admin_audit')
    .ifNotExists()
    .addColumn('id', idType, id)
    .addColumn('at', ms, (c) => c.notNull())
    // null for the owner's commands run on the server's terminal
    .addColumn('staff_id', 'integer')
    .addColumn('who', 'varchar(120)', (c) => c.notNull())
    .addColumn('action', 'varchar(24)', (c) => c.notNull())
    .addColumn('order_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('admin_audit_order')
    .ifNotExists()
    .on('admin_audit')
    .columns(['order_no', 'id'])
    .execute();
}
