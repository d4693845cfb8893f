import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { shopSecret } from '../db/shop-secret.ts';

const SECRET_NAME = 'restock-unsubscribe';
const TOKEN_RE = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{32})$/;

/**
 * What a token lets its holder do, each signed apart so one never passes for another:
 * `unsubscribe` (the link in the restock message, sent to the contact: stops that contact's alerts),
 * `cancel` (given to the browser that asked: cancels that one alert only), `confirm` (the link mailed
 * to a guest's address: makes the alert count).
 */
export type TokenUse = 'unsubscribe' | 'cancel' | 'confirm';

/** The database's key for these links (made by its migration), read once per connection. */
const keyOf = (db: Db) => shopSecret(db, SECRET_NAME);

const mac = (key: string, use: TokenUse, id: number) =>
  createHmac('sha256', key).update(`restock-${use}:${id}`).digest('base64url').slice(0, 32);

/** A token of `use` for one alert: its id and an HMAC of both (no row needed to check it). */
export async function alertToken(db: Db, use: TokenUse, alertId: number): Promise<string> {
  return `${alertId}.${mac(await keyOf(db), use, alertId)}`;
}

/** The unsubscribe link's token of an alert (the message's link). */
export const unsubscribeToken = (db: Db, alertId: number) => alertToken(db, 'unsubscribe', alertId);

/** The alert a token of `use` names, or undefined when it is malformed or its signature is wrong. */
export async function alertOfToken(db: Db, token: string | undefined, use: TokenUse): Promise<number | undefined> {
  const m = TOKEN_RE.exec(token ?? '');
  if (!m) return undefined;
  const id = Number(m[1]);
  const want = Buffer.from(mac(await keyOf(db), use, id));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got) ? id : undefined;
}
