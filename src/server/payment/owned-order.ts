import type { Context } from 'hono';
import type { Selectable } from 'kysely';
import { ApiError } from '../common/errors.ts';
import type { AppEnv } from '../context.ts';
import type { OrdersTable } from '../db/tables/orders.ts';
import { accessibleOrder } from '../orders/order-access.ts';

export type OrderRow = Selectable<OrdersTable>;

/**
 * The order `no` of the request's owner (the member of a Bearer token, or the holder of its guest
 * key in `X-Order-Key`), as its row; anyone else's order, or none, is 404 ORDER_NOT_FOUND.
 */
export async function ownedOrder(c: Context<AppEnv>, no: string): Promise<OrderRow> {
  const id = await accessibleOrder(c, no);
  const order = await c.get('deps').db.kysely.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!order) throw new ApiError('ORDER_NOT_FOUND');
  return order;
}
