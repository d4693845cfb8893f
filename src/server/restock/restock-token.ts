import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/index.ts';

const SECRET_NAME = 'restock-unsubscribe';
const TOKEN_RE = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{32})$/;
const keys = new WeakMap<Db, Promise<string>>();

/** The database's unsubscribe key (made by migration 017), read once per connection. */
function keyOf(db: Db): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = db.kysely
      .selectFrom('shop_secrets')
      .select('value')
      .where('name', '=', SECRET_NAME)
      .executeTakeFirstOrThrow()
      .then((r) => r.value);
    keys.set(db, key);
  }
  return key;
}

const mac = (key: string, id: number) =>
  createHmac('sha256', key).update(`restock-unsubscribe:${id}`).digest('base64url').slice(0, 32);

/** The unsubscribe link's token of an alert: its id and an HMAC of it (no row needed to check it). */
export async function unsubscribeToken(db: Db, alertId: number): Promise<string> {
  return `${alertId}.${mac(await keyOf(db), alertId)}`;
}

/** The alert a token names, or undefined when it is malformed or its signature is wrong. */
export async function alertOfToken(db: Db, token: string | undefined): Promise<number | undefined> {
  const m = TOKEN_RE.exec(token ?? '');
  if (!m) return undefined;
  const id = Number(m[1]);
  const want = Buffer.from(mac(await keyOf(db), id));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got) ? id : undefined;
}
