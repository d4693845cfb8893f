import type { Locale } from '../../config.ts';
import { type Paged, paged } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { loc } from '../common/wire.ts';
import type { Deps } from '../context.ts';
import type { OrderState } from '../db/schema.ts';
import { afterMove } from '../payment/invoicing.ts';
import { moveOrder } from './order-state.ts';

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
      image_src: own[0]?.image_src ?? '',
      first_item_name: own[0] ? loc(own[0], 'name', locale) : '',
    };
  });
  return paged(data, Number(count?.n ?? 0), q.page, q.page_size);
}

/**
 * Cancels an order that has not shipped: one compare-and-set move (its stock comes back once); an
 * order already paid is marked for a refund. 409 ORDER_NOT_CANCELLABLE otherwise.
 */
export async function cancelOrder(deps: Deps, orderId: number, reason: string): Promise<void> {
  const now = deps.clock.now();
  const moved = await deps.db.kysely.transaction().execute(async (trx) => {
    if (!(await moveOrder(trx, { orderId, to: 'cancelled', note: reason, now }))) return false;
    await trx
      .updateTable('orders')
      .set({ needs_refund: 1 })
      .where('id', '=', orderId)
      .where('paid_at', 'is not', null)
      .execute();
    return true;
  });
  if (!moved) throw new ApiError('ORDER_NOT_CANCELLABLE');
  // A paid order's invoice is voided (the sweeper retries when the e-invoice service is down).
  afterMove(deps, orderId, 'cancelled');
}
