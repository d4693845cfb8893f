import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

/**
 * The addresses that asked for no more review-request mails (issue 42), lower-cased, and the key
 * that signs the mails' unsubscribe links (made once per database, as the restock links' key is).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('review_mail_stops')
    .ifNotExists()
    .addColumn('email', 'varchar(254)', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO shop_secrets (name, value) VALUES ('review-unsubscribe', ${randomBytes(32).toString('hex')})`.execute(
    db,
  );
}
