import type { Context } from 'hono';
import type { Selectable } from 'kysely';
import { ORDER_KEY_HEADER } from '../../../config.ts';
import { authenticate } from '../../auth.ts';
import type { AppEnv } from '../../context.ts';
import type { OrdersTable } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { sha256 } from '../tokens.ts';

export type OrderRow = Selectable<OrdersTable>;

const ORDER_NO_RE = /^[0-9A-Za-z-]{1,20}$/;
const ORDER_KEY_MAX = 100;

/**
 * The order `no` of the request's owner: the member of a Bearer token, or the guest whose
 * `X-Order-Key` hashes to the order's key. Anyone else's order, or none, is 404 ORDER_NOT_FOUND.
 */
export async function ownedOrder(c: Context<AppEnv>, no: string): Promise<OrderRow> {
  if (!ORDER_NO_RE.test(no)) throw new ApiError('ORDER_NOT_FOUND');
  const k = c.get('deps').db.kysely;
  let query = k.selectFrom('orders').selectAll().where('no', '=', no);
  if (c.req.header('authorization')) {
    const member = await authenticate(c);
    query = query.where('member_id', '=', member.id);
  } else {
    const key = c.req.header(ORDER_KEY_HEADER) ?? '';
    if (!key || key.length > ORDER_KEY_MAX) throw new ApiError('ORDER_NOT_FOUND');
    query = query.where('guest_key_hash', '=', sha256(key));
  }
  const order = await query.executeTakeFirst();
  if (!order) throw new ApiError('ORDER_NOT_FOUND');
  return order;
}
