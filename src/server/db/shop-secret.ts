import type { Db } from './index.ts';

const cache = new WeakMap<Db, Map<string, Promise<string>>>();

/**
 * A key the shop keeps in `shop_secrets` under `name` (each made by its migration: the restock
 * links', the review mails' unsubscribe links'), read once per connection.
 */
export function shopSecret(db: Db, name: string): Promise<string> {
  let byName = cache.get(db);
  if (!byName) {
    byName = new Map();
    cache.set(db, byName);
  }
  let key = byName.get(name);
  if (!key) {
    key = db.kysely
      .selectFrom('shop_secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
      .then((r) => r.value);
    byName.set(name, key);
  }
  return key;
}
