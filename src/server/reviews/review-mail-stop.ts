import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Locale } from '../../config.ts';
import type { Deps } from '../context.ts';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { shopSecret } from '../db/shop-secret.ts';

const SECRET_NAME = 'review-unsubscribe';
const TOKEN_RE = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{32})$/;

/** The database's key for these links (made by its migration), read once per connection. */
const keyOf = (db: Db) => shopSecret(db, SECRET_NAME);

const mac = (key: string, orderId: number) =>
  createHmac('sha256', key).update(`review-unsubscribe:${orderId}`).digest('base64url').slice(0, 32);

/** The unsubscribe token of a review request: its order's id and an HMAC of it (no row to keep). */
export async function stopToken(db: Db, orderId: number): Promise<string> {
  return `${orderId}.${mac(await keyOf(db), orderId)}`;
}

/** The order a token names, or undefined when it is malformed or its signature is wrong. */
export async function orderOfStopToken(db: Db, token: string | undefined): Promise<number | undefined> {
  const m = TOKEN_RE.exec(token ?? '');
  if (!m) return undefined;
  const id = Number(m[1]);
  const want = Buffer.from(mac(await keyOf(db), id));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got) ? id : undefined;
}

/** The link in a review request that stops them (it asks, then confirms, in the order's language). */
export const stopLink = (site: string, token: string) =>
  `${site.replace(/\/$/, '')}/api/review-mails/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * Where an order's mails go, lower-cased, as SQL: the receiver's email, else the member's verified
 * one ('' when neither); `o` the order and `m` its member (left joined).
 */
export const mailAddressSql = sql<string>`lower(coalesce(nullif(o.receiver_email, ''), case when m.email_verify = 1 then m.email end, ''))`;

/** The order's address and language, or undefined when there is no such order. */
async function orderAddress(k: Kysely<Database>, orderId: number) {
  return k
    .selectFrom('orders as o')
    .leftJoin('members as m', 'm.id', 'o.member_id')
    .select(['o.locale', mailAddressSql.as('email')])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}

const localeOf = (l: string): Locale => (l === 'en' ? 'en' : 'zh-TW');

/** The language of the order a valid token names (its page speaks it), or undefined. */
export async function stopTokenLocale(deps: Pick<Deps, 'db'>, orderId: number): Promise<Locale | undefined> {
  const o = await orderAddress(deps.db.kysely, orderId);
  return o ? localeOf(o.locale) : undefined;
}

/**
 * Stops the review requests to the address of order `orderId` (every order's mails to it, a
 * member's or a guest's); done again it changes nothing. Returns the order's language, or undefined
 * when there is no such order.
 */
export async function stopReviewMails(deps: Pick<Deps, 'db' | 'clock'>, orderId: number): Promise<Locale | undefined> {
  const k = deps.db.kysely;
  const o = await orderAddress(k, orderId);
  if (!o) return undefined;
  if (o.email)
    await k
      .insertInto('review_mail_stops')
      .values({ email: o.email, created_at: deps.clock.now() })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
  return localeOf(o.locale);
}
