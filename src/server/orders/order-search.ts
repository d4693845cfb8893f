import type { ExpressionBuilder, Kysely } from 'kysely';
import { ADMIN_UNCLAIMED_DAYS } from '../../config.ts';
import { type Paged, paged } from '../common/envelope.ts';
import type { Deps } from '../context.ts';
import type { Database, OrderState } from '../db/schema.ts';

/**
 * The shop's order lists, one rule each, shared by the owner's command (`orders -- list`) and the
 * console: what waits to ship, what needs a person, and the console's search.
 */

type OrdersEb = ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>;

/**
 * Waiting to be shipped: paid, or collect-on-delivery (processing), by home delivery or store pickup,
 * without a live logistics order yet.
 */
export const toShipWhere = (eb: OrdersEb) =>
  eb.and([
    eb('o.state', 'in', ['paid', 'processing']),
    eb('o.shipping_method', 'in', ['home', 'cvs']),
    eb.not(
      eb.exists(
        eb
          .selectFrom('shipments as s')
          .select('s.id')
          .whereRef('s.order_id', '=', 'o.id')
          .where('s.state', '=', 'created'),
      ),
    ),
  ]);

/** A parcel that came back unclaimed within ADMIN_UNCLAIMED_DAYS (the owner's alert of it is the record). */
const unclaimedWhere = (eb: OrdersEb, now: number) =>
  eb.exists(
    eb
      .selectFrom('notifications as n')
      .select('n.id')
      .whereRef('n.order_id', '=', 'o.id')
      .where('n.purpose', '=', 'owner-needs-action')
      .where('n.recipient', '=', 'owner')
      .where('n.subject', 'like', '%:unclaimed')
      .where('n.created_at', '>', now - ADMIN_UNCLAIMED_DAYS * 86_400_000),
  );

/** Waiting for the shop's hand: an invoice flagged invoice_action_needed, or a payment to refund. */
export const flaggedWhere = (eb: OrdersEb) =>
  eb.or([
    eb('o.invoice_action_needed', 'is not', null),
    eb('o.needs_refund', '<>', 0),
    // A refund written and not yet sent (issue 40: a return's, or a paid order's cancelled before it shipped).
    eb.exists(
      eb
        .selectFrom('refunds as rf')
        .select('rf.id')
        .whereRef('rf.order_id', '=', 'o.id')
        .where('rf.state', 'in', ['pending', 'sending', 'failed']),
    ),
  ]);

/** The console's "needs action": flagged, or a parcel that came back unclaimed. */
export const needsActionWhere = (eb: OrdersEb, now: number) => eb.or([flaggedWhere(eb), unclaimedWhere(eb, now)]);

export const ORDER_VIEWS = ['to-ship', 'needs-action'] as const;
export type OrderView = (typeof ORDER_VIEWS)[number];

/** One order of the console's lists. */
export interface OrderRow {
  no: string;
  state: OrderState;
  created_at: number;
  total: number;
  receiver_name: string;
  receiver_phone: string;
  shipping_method: string;
  payment_method: string;
  needs_refund: boolean;
  invoice_action_needed: string | null;
  unclaimed: boolean;
}

function rowsQuery(k: Kysely<Database>, now: number) {
  return k
    .selectFrom('orders as o')
    .select((eb) => [
      'o.id',
      'o.no',
      'o.state',
      'o.created_at',
      'o.total',
      'o.receiver_name',
      'o.receiver_phone',
      'o.shipping_method',
      'o.payment_method',
      'o.needs_refund',
      'o.invoice_action_needed',
      unclaimedWhere(eb, now).as('unclaimed'),
    ]);
}

const wire = (r: Awaited<ReturnType<ReturnType<typeof rowsQuery>['execute']>>[number]): OrderRow => ({
  no: r.no,
  state: r.state,
  created_at: Number(r.created_at),
  total: Number(r.total),
  receiver_name: r.receiver_name,
  receiver_phone: r.receiver_phone,
  shipping_method: r.shipping_method,
  payment_method: r.payment_method,
  needs_refund: Number(r.needs_refund) !== 0,
  invoice_action_needed: r.invoice_action_needed,
  unclaimed: Boolean(Number(r.unclaimed)),
});

/** Characters LIKE treats as patterns, escaped. */
const likeText = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The console's order list: of one state, a view (to ship: oldest first; needs action), a search
 * (the start of an order number, a phone's digits, part of the receiver's name), newest first.
 */
export async function searchOrders(
  deps: Deps,
  q: {
    state?: OrderState | undefined;
    view?: OrderView | undefined;
    q?: string | undefined;
    page: number;
    limit: number;
  },
): Promise<Paged<OrderRow>> {
  const k = deps.db.kysely;
  const now = deps.clock.now();
  const text = q.q?.trim() ?? '';
  const filter = (eb: OrdersEb) => {
    const parts = [];
    if (q.state) parts.push(eb('o.state', '=', q.state));
    if (q.view === 'to-ship') parts.push(toShipWhere(eb));
    if (q.view === 'needs-action') parts.push(needsActionWhere(eb, now));
    if (text) {
      const digits = text.replace(/[\s-]/g, '');
      const like = [
        eb('o.no', 'like', `${likeText(text.toUpperCase())}%`),
        eb('o.receiver_name', 'like', `%${likeText(text)}%`),
      ];
      if (/^\+?\d{3,}$/.test(digits))
        like.push(eb('o.receiver_phone', 'like', `%${likeText(digits.replace(/^\+886/, '0'))}%`));
      parts.push(eb.or(like));
    }
    return eb.and(parts);
  };
  const count = await k
    .selectFrom('orders as o')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(filter)
    .executeTakeFirst();
  const oldestFirst = q.view === 'to-ship';
  const rows = await rowsQuery(k, now)
    .where(filter)
    .orderBy('o.created_at', oldestFirst ? 'asc' : 'desc')
    .orderBy('o.id', oldestFirst ? 'asc' : 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return paged(rows.map(wire), Number(count?.n ?? 0), q.page, q.limit);
}

/** Orders placed from `from` to `to` (ms) that were not cancelled: how many, and their total. */
export async function salesBetween(k: Kysely<Database>, from: number, to: number) {
  const row = await k
    .selectFrom('orders')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('total').as('sum')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('state', '!=', 'cancelled')
    .executeTakeFirst();
  return { orders: Number(row?.n ?? 0), sales: Number(row?.sum ?? 0) };
}
