import type { Transaction } from 'kysely';
import type { Locale } from '../../config.ts';
import { type Paged, paged } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { log } from '../common/log.ts';
import { publicMediaSrc } from '../common/media-url.ts';
import { loc } from '../common/wire.ts';
import type { Deps } from '../context.ts';
import type { Database, OrderState } from '../db/schema.ts';
import { notifyNeedsAction } from '../notify/outbox.ts';
import { countOrder } from '../ops/metrics.ts';
import { afterMove } from '../payment/invoicing.ts';
import { lockOrder } from '../payment/notices.ts';
import { parcelBooked } from '../shipping/parcel-booked.ts';
import { paidOrderCancelled } from './order-events.ts';
import { CANCELLABLE, moveOrder } from './order-state.ts';

export interface OrderSummary {
  no: string;
  state: OrderState;
  created_at: number;
  total: number;
  count: number;
  image_src: string;
  first_item_name: string;
}

/** The member's orders as the wire's one paged list: `{total, limit, current, page_count, data}`. */
export type OrderPage = Paged<OrderSummary>;

/** A member's orders, newest first, optionally of one state. */
export async function listOrders(
  deps: Deps,
  memberId: number,
  q: { page: number; page_size: number; state?: OrderState | undefined },
  locale: Locale,
): Promise<OrderPage> {
  const k = deps.db.kysely;
  let base = k.selectFrom('orders').where('member_id', '=', memberId);
  if (q.state) base = base.where('state', '=', q.state);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .select(['id', 'no', 'state', 'created_at', 'total'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size)
    .execute();
  const lines = rows.length
    ? await k
        .selectFrom('order_lines')
        .select(['order_id', 'name_zh', 'name_en', 'image_src', 'quantity'])
        .where(
          'order_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('order_id')
        .orderBy('id')
        .execute()
    : [];
  const data = rows.map((r) => {
    const own = lines.filter((l) => l.order_id === r.id);
    return {
      no: r.no,
      state: r.state,
      created_at: Number(r.created_at),
      total: r.total,
      count: own.reduce((n, l) => n + l.quantity, 0),
      image_src: publicMediaSrc(own[0]?.image_src ?? ''),
      first_item_name: own[0] ? loc(own[0], 'name', locale) : '',
    };
  });
  return paged(data, Number(count?.n ?? 0), q.page, q.page_size);
}

/**
 * Cancels an order that has not shipped: one compare-and-set move (its stock comes back once); an
 * order already paid gets its refund written by the subscribers of paidOrderCancelled (flagged
 * `needs_refund` when none listens). 409 ORDER_NOT_CANCELLABLE otherwise, and
 * ORDER_CANCEL_ASK_SHOP once its parcel is booked with ECPay (the shop cancels the logistics order
 * first: cancelForShop). The order's row lock comes first, as `ship` takes it before booking, so a
 * cancel and a booking never both go through.
 */
export async function cancelOrder(
  deps: Deps,
  orderId: number,
  reason: string,
  /** Run first in the cancel's transaction (the owner's: the shipment's logistics order is cancelled). */
  before?: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  const now = deps.clock.now();
  let orderNo: string | undefined;
  let method = '';
  await deps.db.kysely.transaction().execute(async (trx) => {
    await lockOrder(trx, orderId);
    if (before) await before(trx);
    const o = await trx
      .selectFrom('orders')
      .select(['state', 'no', 'payment_method'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    orderNo = o?.no;
    method = o?.payment_method ?? '';
    if (o && CANCELLABLE.includes(o.state) && (await parcelBooked(trx, orderId)))
      throw new ApiError('ORDER_CANCEL_ASK_SHOP');
    // Thrown, not returned: what `before` did is rolled back with it.
    if (!(await moveOrder(trx, { orderId, to: 'cancelled', note: reason, now })))
      throw new ApiError('ORDER_NOT_CANCELLABLE');
    const paid = await trx.selectFrom('orders').select('paid_at').where('id', '=', orderId).executeTakeFirst();
    if (paid?.paid_at !== null && paid?.paid_at !== undefined) {
      // The refund is written by its subscriber (the returns domain); without one, the order is flagged.
      if (!(await paidOrderCancelled(trx, { orderId, now })))
        await trx.updateTable('orders').set({ needs_refund: 1 }).where('id', '=', orderId).execute();
      await notifyNeedsAction(trx, orderId, 'refund', now);
    }
  });
  countOrder('cancelled', method);
  log.info({ event: 'order_cancelled', orderNo }, 'order cancelled');
  // A paid order's invoice is voided (the sweeper retries when the e-invoice service is down).
  afterMove(deps, orderId, 'cancelled');
}
