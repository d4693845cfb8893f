import { sql } from 'kysely';
import {
  type Locale,
  RESTOCK_CONFIRM_MAILS_PER_HOUR,
  RESTOCK_CONFIRM_MS,
  RESTOCK_GUEST_PER_IP_HOUR,
  RESTOCK_MAX_WAITING,
} from '../../config.ts';
import { paged } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { enforce, hit } from '../common/rate-limit.ts';
import { iso } from '../common/wire.ts';
import type { Deps } from '../context.ts';
import type { RestockAlertState } from '../db/tables/restock.ts';
import { notifyRestockConfirm } from '../notify/outbox.ts';
import { queueRestocked } from './restock-queue.ts';
import { alertToken } from './restock-token.ts';

const HOUR_MS = 3_600_000;

/**
 * Who waits: a member (the account's phone or email is used when it goes; a member whose account has
 * neither gives a phone proven by this request or an email, kept on the alert), a guest's confirmed
 * phone, or an email (a guest's: it counts once the link mailed to it is followed).
 */
export type Subscriber = { memberId: number; phone?: string; email?: string } | { phone: string } | { email: string };

/** An alert on the wire. */
export interface AlertView {
  id: number;
  sku: string;
  product: { slug: string; name: string; brand: string };
  option: string;
  state: RestockAlertState;
  channel: 'member' | 'phone' | 'email';
  locale: string;
  created_at: string;
}

const contactOf = (s: Subscriber) =>
  'memberId' in s
    ? ({ column: 'user_id', value: s.memberId } as const)
    : 'phone' in s
      ? ({ column: 'phone', value: s.phone } as const)
      : ({ column: 'email', value: s.email } as const);

/** An address given in the request is proven only by the link mailed to it. */
const needsConfirming = (s: Subscriber): s is Subscriber & { email: string } => 'email' in s && s.email !== undefined;

/**
 * Asks to be told once when a sold-out variant is back: refused (409 RESTOCK_IN_STOCK) while it has
 * stock, 404 for an unknown or withdrawn one. The variant's row is read in the transaction (locked on
 * PostgreSQL; SQLite runs one writer at a time), so a restock committing meanwhile is either seen here
 * (refused: it is in stock) or sees this alert (and queues it).
 *
 * An email given in the request makes a new `pending` alert every time, whatever else that address
 * waits for, and mails it a confirmation link (at most RESTOCK_CONFIRM_MAILS_PER_HOUR an address):
 * the answer is the same for an address already waiting and a new one, and tells nothing of it. A
 * member's or a proven phone's second ask for the same variant answers the alert already waiting
 * (created: false). The token is the one for cancelling this alert alone.
 */
export async function subscribe(
  deps: Deps,
  sku: string,
  who: Subscriber,
  locale: Locale,
  ip: string,
): Promise<{ alert: AlertView; token: string; created: boolean }> {
  if (!('memberId' in who) || needsConfirming(who))
    await enforce(deps, { key: `restock:ip:${ip}`, windowMs: HOUR_MS, max: RESTOCK_GUEST_PER_IP_HOUR });
  const now = deps.clock.now();
  const pg = deps.db.dialect === 'postgres';
  const contact = contactOf(who);
  const pending = needsConfirming(who);
  const id = await deps.db.kysely.transaction().execute(async (trx) => {
    let q = trx
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id', 'v.stock', 'p.withdrawn_at'])
      .where('v.sku', '=', sku);
    if (pg) q = q.forUpdate('v');
    const v = await q.executeTakeFirst();
    if (!v || v.withdrawn_at !== null) throw new ApiError('PRODUCT_UNAVAILABLE');
    if (v.stock > 0) throw new ApiError('RESTOCK_IN_STOCK');
    // A guest's address is not asked about: how many it waits for is counted when it confirms.
    if (!pending || 'memberId' in who) {
      const waiting = await trx
        .selectFrom('restock_alerts')
        .select(['id', 'variant_id'])
        .where(contact.column, '=', contact.value)
        .where('state', 'in', ['waiting', 'pending'])
        .execute();
      const same = waiting.find((a) => a.variant_id === v.id);
      if (same) return { id: same.id, created: false };
      if (waiting.length >= RESTOCK_MAX_WAITING)
        throw new ApiError('RESTOCK_TOO_MANY', { params: { max: RESTOCK_MAX_WAITING } });
    }
    const row = await trx
      .insertInto('restock_alerts')
      .values({
        variant_id: v.id,
        user_id: 'memberId' in who ? who.memberId : null,
        phone: 'phone' in who ? (who.phone ?? null) : null,
        email: 'email' in who ? (who.email ?? null) : null,
        locale,
        state: pending ? 'pending' : 'waiting',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, created: true };
  });
  if (pending && id.created) {
    // Over the address's hourly confirmation mails, the alert is made all the same and never counts.
    const mails = await hit(deps, {
      key: `restock:confirm:${who.email}`,
      windowMs: HOUR_MS,
      max: RESTOCK_CONFIRM_MAILS_PER_HOUR,
    });
    if (mails.allowed) await notifyRestockConfirm(deps.db.kysely, id.id, now);
  }
  const [alert] = await viewsWhere(deps, locale, (q) => q.where('a.id', '=', id.id));
  return { alert: alert!, token: await alertToken(deps.db, 'cancel', id.id), created: id.created };
}

/** What following a confirmation link did. */
export type Confirmed = 'confirmed' | 'expired' | 'too-many' | 'gone';

/**
 * Follows the link mailed to an address: its `pending` alert starts to wait (and is queued at once
 * when its variant came back meanwhile). The same address already waiting for the variant keeps that
 * alert (this one is dropped); past RESTOCK_CONFIRM_MS, or with RESTOCK_MAX_WAITING alerts waiting,
 * it does not count. Following it again says confirmed. Undefined for an unknown alert.
 */
export async function confirmAlert(
  deps: Deps,
  id: number,
): Promise<{ locale: Locale; outcome: Confirmed } | undefined> {
  const now = deps.clock.now();
  return deps.db.kysely.transaction().execute(async (trx) => {
    const a = await trx
      .selectFrom('restock_alerts')
      .select(['locale', 'state', 'user_id', 'email', 'variant_id', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!a) return undefined;
    const locale: Locale = a.locale === 'en' ? 'en' : 'zh-TW';
    const done = (outcome: Confirmed) => ({ locale, outcome });
    if (a.state === 'waiting' || a.state === 'queued') return done('confirmed');
    if (a.state !== 'pending' || a.email === null) return done('gone');
    if (Number(a.created_at) < now - RESTOCK_CONFIRM_MS) return done('expired');
    const contact =
      a.user_id !== null
        ? ({ column: 'user_id', value: a.user_id } as const)
        : ({ column: 'email', value: a.email } as const);
    const waiting = await trx
      .selectFrom('restock_alerts')
      .select('variant_id')
      .where(contact.column, '=', contact.value)
      .where('state', '=', 'waiting')
      .execute();
    const drop = () => trx.updateTable('restock_alerts').set({ state: 'cancelled' }).where('id', '=', id).execute();
    if (waiting.some((w) => w.variant_id === a.variant_id)) {
      await drop();
      return done('confirmed');
    }
    if (waiting.length >= RESTOCK_MAX_WAITING) return done('too-many');
    const moved = await trx
      .updateTable('restock_alerts')
      .set({ state: 'waiting' })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1) await queueRestocked(trx, now, [a.variant_id]);
    return done('confirmed');
  });
}

type AlertQuery = ReturnType<typeof alertsQuery>;
const alertsQuery = (deps: Deps, locale: Locale) => {
  const s = locale === 'en' ? 'en' : 'zh';
  return deps.db.kysely
    .selectFrom('restock_alerts as a')
    .innerJoin('variants as v', 'v.id', 'a.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .select([
      'a.id',
      'a.state',
      'a.locale',
      'a.user_id',
      'a.phone',
      'a.created_at',
      'v.sku',
      `v.option_value_${s} as option`,
      'p.slug',
      `p.name_${s} as name`,
      'b.slug as brand',
    ]);
};

async function viewsWhere(deps: Deps, locale: Locale, where: (q: AlertQuery) => AlertQuery): Promise<AlertView[]> {
  const rows = await where(alertsQuery(deps, locale)).orderBy('a.id', 'desc').execute();
  return rows.map((r) => ({
    id: r.id,
    sku: r.sku,
    product: { slug: r.slug, name: r.name, brand: r.brand },
    option: r.option,
    state: r.state,
    channel: r.user_id !== null ? 'member' : r.phone !== null ? 'phone' : 'email',
    locale: r.locale,
    created_at: iso(Number(r.created_at)),
  }));
}

/** A member's alerts, newest first (cancelled ones left out), paged. */
export async function memberAlerts(deps: Deps, memberId: number, locale: Locale, page: number, size: number) {
  const total = await deps.db.kysely
    .selectFrom('restock_alerts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', memberId)
    .where('state', '!=', 'cancelled')
    .executeTakeFirstOrThrow();
  const data = await viewsWhere(deps, locale, (q) =>
    q
      .where('a.user_id', '=', memberId)
      .where('a.state', '!=', 'cancelled')
      .limit(size)
      .offset((page - 1) * size),
  );
  return paged(data, Number(total.n), page, size);
}

/**
 * Cancels one alert: the member's own (by Bearer), or the one a signed token names (a guest's, as the
 * subscribe answer or the message gave it), never another. A queued alert whose message is still waiting (a phone's hourly texts
 * used) is not sent. Another's alert, an unknown one or one already cancelled is a 404.
 */
export async function cancelAlert(deps: Deps, id: number, by: { memberId: number } | { tokenFor: number }) {
  if ('tokenFor' in by && by.tokenFor !== id) throw new ApiError('RESTOCK_ALERT_NOT_FOUND');
  let q = deps.db.kysely
    .updateTable('restock_alerts')
    .set({ state: 'cancelled' })
    .where('id', '=', id)
    .where('state', '!=', 'cancelled');
  if ('memberId' in by) q = q.where('user_id', '=', by.memberId);
  const r = await q.executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new ApiError('RESTOCK_ALERT_NOT_FOUND');
}

/**
 * The unsubscribe link of a restock message (its token went only to the alert's own phone or address):
 * cancels the alert and every other alert still waiting or pending for the same member, phone or email
 * (no more restock messages to them). Returns the alert's language and how many it cancelled, or
 * undefined for an unknown alert.
 */
export async function unsubscribe(deps: Deps, id: number): Promise<{ locale: Locale; count: number } | undefined> {
  const k = deps.db.kysely;
  const a = await k
    .selectFrom('restock_alerts')
    .select(['locale', 'user_id', 'phone', 'email'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!a) return undefined;
  let q = k.updateTable('restock_alerts').set({ state: 'cancelled' }).where('state', '!=', 'cancelled');
  q =
    a.user_id !== null
      ? q.where('user_id', '=', a.user_id)
      : a.phone !== null
        ? q.where('phone', '=', a.phone)
        : q.where('email', '=', a.email ?? '');
  // The alert itself, whatever became of it, and the others that still wait.
  q = q.where((eb) => eb.or([eb('id', '=', id), eb('state', 'in', ['waiting', 'pending'])]));
  const r = await q.executeTakeFirst();
  return { locale: a.locale === 'en' ? 'en' : 'zh-TW', count: Number(r.numUpdatedRows) };
}

/** One variant's waiting count, for the owner's tools (`npm run catalog -- waiting`, the console). */
export interface WaitingRow {
  sku: string;
  product: string;
  option: string;
  stock: number;
  waiting: number;
}

/** How many alerts wait for each of `variantIds` (absent: none), for the console's catalog. */
export async function waitingByVariant(deps: Pick<Deps, 'db'>, variantIds: number[]): Promise<Map<number, number>> {
  if (!variantIds.length) return new Map();
  const rows = await deps.db.kysely
    .selectFrom('restock_alerts')
    .select(['variant_id', sql<number>`count(*)`.as('waiting')])
    .where('state', '=', 'waiting')
    .where('variant_id', 'in', variantIds)
    .groupBy('variant_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.variant_id), Number(r.waiting)]));
}

/** How many alerts wait for each variant, most first. */
export async function waitingCounts(deps: Pick<Deps, 'db'>, locale: Locale = 'zh-TW'): Promise<WaitingRow[]> {
  const s = locale === 'en' ? 'en' : 'zh';
  const rows = await deps.db.kysely
    .selectFrom('restock_alerts as a')
    .innerJoin('variants as v', 'v.id', 'a.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'v.sku',
      `p.name_${s} as product`,
      `v.option_value_${s} as option`,
      'v.stock',
      sql<number>`count(*)`.as('waiting'),
    ])
    .where('a.state', '=', 'waiting')
    .groupBy(['v.sku', `p.name_${s}`, `v.option_value_${s}`, 'v.stock'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('v.sku')
    .execute();
  return rows.map((r) => ({ ...r, stock: Number(r.stock), waiting: Number(r.waiting) }));
}
