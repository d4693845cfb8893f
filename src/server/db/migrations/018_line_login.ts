import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../index.ts';

/**
 * LINE Login (issue 32): which LINE account (its user ID, the ID token's `sub`) belongs to which
 * member, at most one each way; the sign-in attempts under way (state, nonce and PKCE verifier kept
 * here, stored by the state's digest, single use, 10 minutes); and the LINE simulator's
 * authorization codes (single use, as LINE's).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const ms = 'bigint';
  await db.schema
    .createTable('member_line_links')
    .ifNotExists()
    .addColumn('id', idType, id)
    .addColumn('member_id', 'integer', (c) => c.notNull().unique().references('members.id').onDelete('cascade'))
    .addColumn('line_user_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('display_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('line_login_states')
    .ifNotExists()
    .addColumn('id', idType, id)
    .addColumn('state_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    // login (sign in or sign up) or link (the member of member_id adds LINE to the account)
    .addColumn('purpose', 'varchar(8)', (c) => c.notNull())
    .addColumn('member_id', 'integer')
    .addColumn('return_path', 'varchar(512)', (c) => c.notNull())
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('used_at', ms)
    .execute();
  await db.schema
    .createTable('sim_line_codes')
    .ifNotExists()
    .addColumn('id', idType, id)
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('client_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('redirect_uri', 'varchar(512)', (c) => c.notNull())
    .addColumn('scope', 'varchar(100)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('code_challenge', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('code_challenge_method', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('display_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('used_at', ms)
    .execute();
}
