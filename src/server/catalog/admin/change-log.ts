import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface Change {
  at: number;
  by: string;
  action: 'price' | 'stock' | 'publish' | 'withdraw' | 'import' | 'returnable';
  subject: string;
  before: string;
  after: string;
}

/** Records one edit of the catalogue (inside the edit's own transaction). */
export async function logChange(db: Kysely<Database>, change: Change): Promise<void> {
  await db.insertInto('catalog_changes').values(change).execute();
}

/** The latest changes first. */
export async function readChanges(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('catalog_changes')
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** One page of the change log, latest first, and how many changes there are. */
export async function readChangesPage(db: Kysely<Database>, page: number, limit: number) {
  const count = await db
    .selectFrom('catalog_changes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const rows = await db
    .selectFrom('catalog_changes')
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { total: Number(count?.n ?? 0), rows };
}
