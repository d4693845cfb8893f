import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, OrderState } from '../db/schema.ts';
import { notifyNewOrder, notifyShopper } from '../notify/outbox.ts';
import { releaseUses } from '../promotions/promotion-store.ts';
import { queueRestocked } from '../restock/restock-queue.ts';

/**
 * The order state machine. A state moves only forward, and only along these edges:
 * awaiting_payment → paid | cancelled; paid → processing | cancelled; processing → shipped | cancelled;
 * shipped → delivered | picked_up; delivered | picked_up → completed. Shop pickup goes processing →
 * picked_up (moveOrder's `atShop`).
 * Cash on delivery and pay at pickup start in `processing`.
 */
export const ORDER_STATES: readonly OrderState[] = [
  'awaiting_payment',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'picked_up',
  'completed',
  'cancelled',
];

const NEXT: Record<OrderState, readonly OrderState[]> = {
  awaiting_payment: ['paid', 'cancelled'],
  paid: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered', 'picked_up'],
  delivered: ['completed'],
  picked_up: ['completed'],
  completed: [],
  cancelled: [],
};

/** The states an order may be in to move to `to`. */
export function statesBefore(to: OrderState): OrderState[] {
  return ORDER_STATES.filter((s) => NEXT[s].includes(to));
}

/** Whether an order in `from` may move to `to`. */
export const canMove = (from: OrderState, to: OrderState): boolean => NEXT[from].includes(to);

/** An order in these states may still be cancelled by its owner. */
export const CANCELLABLE: readonly OrderState[] = statesBefore('cancelled');

type Trx = Transaction<Database> | Kysely<Database>;

/**
 * Moves an order to `to` with one compare-and-set UPDATE, writes the timeline row, and for
 * `cancelled` gives the stock of its lines back. Run it inside a transaction: only the call whose
 * UPDATE matched goes on, so stock comes back exactly once however many cancel at the same time.
 * Returns false (and changes nothing) when the order is not in a state that may move to `to`.
 */
export async function moveOrder(
  trx: Trx,
  opts: {
    orderId: number;
    to: OrderState;
    note?: string;
    now: number;
    /**
     * Narrower conditions, checked in the same UPDATE: only from these states, and only when the pay
     * deadline has passed. The sweeper needs both: between choosing an order and moving it, a paid
     * notice or a new card attempt may have changed it.
     */
    onlyFrom?: readonly OrderState[];
    deadlinePassed?: boolean;
    /** Only when the pay deadline is at or before this time (a deadline with a grace period). */
    deadlineAtMost?: number;
    /**
     * A parcel left unclaimed at the store goes back to the shop: its shipped order may then be
     * cancelled (by the logistics status notice only; neither the shopper nor the owner can).
     */
    parcelReturned?: boolean;
    /** An order picked up at the shop goes from processing (ready) to picked_up: it never ships. */
    atShop?: boolean;
  },
): Promise<boolean> {
  const before = statesBefore(opts.to);
  if (opts.parcelReturned && opts.to === 'cancelled') before.push('shipped');
  if (opts.atShop && opts.to === 'picked_up') before.push('processing');
  const from = before.filter((s) => !opts.onlyFrom || opts.onlyFrom.includes(s));
  if (!from.length) return false;
  let update = trx
    .updateTable('orders')
    .set({ state: opts.to, updated_at: opts.now })
    .where('id', '=', opts.orderId)
    .where('state', 'in', from);
  if (opts.deadlinePassed) update = update.where('pay_deadline', '<=', opts.now);
  if (opts.deadlineAtMost !== undefined) update = update.where('pay_deadline', '<=', opts.deadlineAtMost);
  const moved = await update.executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto('order_events')
    .values({ order_id: opts.orderId, state: opts.to, note: opts.note ?? '', at: opts.now })
    .execute();
  if (opts.to === 'cancelled') {
    await returnStock(trx, opts.orderId, opts.now);
    await releaseUses(trx, opts.orderId, opts.now);
  }
  const why = opts.parcelReturned
    ? 'unclaimed'
    : opts.deadlinePassed || opts.deadlineAtMost !== undefined
      ? 'released'
      : '';
  await notifyOfMove(trx, opts.orderId, opts.to, opts.now, why);
  return true;
}

/**
 * The mails of a move, written with it (issue 30): the shopper hears of a payment, a parcel on its way
 * and a cancel; the owner of a new paid order.
 */
async function notifyOfMove(trx: Trx, orderId: number, to: OrderState, now: number, why: string): Promise<void> {
  if (to === 'paid') {
    await notifyShopper(trx, 'order-paid', orderId, now);
    await notifyNewOrder(trx, orderId, now);
  } else if (to === 'shipped') await notifyShopper(trx, 'order-shipped', orderId, now);
  else if (to === 'cancelled') await notifyShopper(trx, 'order-cancelled', orderId, now, why ? { why } : undefined);
}

/** Puts the quantities of an order's lines back on their variants and products (raiseStock). */
async function returnStock(trx: Trx, orderId: number, now: number): Promise<void> {
  const lines = await trx
    .selectFrom('order_lines as l')
    .innerJoin('variants as v', 'v.id', 'l.variant_id')
    .select(['l.variant_id', 'l.quantity', 'v.product_id'])
    .where('l.order_id', '=', orderId)
    .execute();
  await raiseStock(trx, lines, now);
}

/**
 * Puts quantities back on their variants and products: every variant first, then every product,
 * each in id order, as ordering takes them, so two transactions never wait on each other in
 * opposite orders; then the one stock-rise hook, so a sold-out variant's waiting subscribers are
 * alerted (issue 32). Run it in the transaction that decided the stock comes back.
 */
export async function raiseStock(
  trx: Trx,
  lines: readonly { variant_id: number; product_id: number; quantity: number }[],
  now: number,
): Promise<void> {
  const rising = lines.filter((l) => l.quantity > 0);
  if (!rising.length) return;
  for (const [id, n] of sumBy(rising, (l) => l.variant_id)) {
    await trx
      .updateTable('variants')
      .set({ stock: sql`stock + ${n}` })
      .where('id', '=', id)
      .execute();
  }
  for (const [id, n] of sumBy(rising, (l) => l.product_id)) {
    await trx
      .updateTable('products')
      .set({ stock: sql`stock + ${n}` })
      .where('id', '=', id)
      .execute();
  }
  await queueRestocked(
    trx,
    now,
    rising.map((l) => l.variant_id),
  );
}

/** Quantities summed by `key`, in ascending key order. */
export function sumBy<T extends { quantity: number }>(rows: T[], key: (r: T) => number): [number, number][] {
  const sums = new Map<number, number>();
  for (const r of rows) sums.set(key(r), (sums.get(key(r)) ?? 0) + r.quantity);
  return [...sums].sort((a, b) => a[0] - b[0]);
}
