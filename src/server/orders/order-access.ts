import type { Context } from 'hono';
import { authenticate } from '../accounts/auth.ts';
import { ApiError } from '../common/errors.ts';
import { sha256, TOKEN_RE } from '../common/tokens.ts';
import type { AppEnv } from '../context.ts';
import { ORDER_NO_RE } from './order-no.ts';

export const ORDER_KEY_HEADER = 'X-Order-Key';

/**
 * The id of order `no` if the caller may see it: the member who placed it (Bearer), or whoever holds
 * its guest key (`X-Order-Key`). Another member's order, a wrong key or no such order are the same
 * 404 ORDER_NOT_FOUND; a caller with neither credential is a 401.
 */
export async function accessibleOrder(c: Context<AppEnv>, no: string): Promise<number> {
  const k = c.get('deps').db.kysely;
  const key = c.req.header(ORDER_KEY_HEADER);
  if (c.req.header('authorization')) {
    const member = await authenticate(c);
    if (!ORDER_NO_RE.test(no)) throw new ApiError('ORDER_NOT_FOUND');
    const row = await k
      .selectFrom('orders')
      .select('id')
      .where('no', '=', no)
      .where('member_id', '=', member.id)
      .executeTakeFirst();
    if (row) return row.id;
  }
  if (key === undefined) {
    if (c.req.header('authorization')) throw new ApiError('ORDER_NOT_FOUND');
    throw new ApiError('UNAUTHENTICATED');
  }
  if (!TOKEN_RE.test(key) || !ORDER_NO_RE.test(no)) throw new ApiError('ORDER_NOT_FOUND');
  const hash = sha256(key);
  // The key given at checkout, or one a resent placed mail gave.
  const row = await k
    .selectFrom('orders as o')
    .select('o.id')
    .where('o.no', '=', no)
    .where((eb) =>
      eb.or([
        eb('o.guest_key_hash', '=', hash),
        eb.exists(
          eb
            .selectFrom('order_guest_keys as g')
            .select('g.order_id')
            .whereRef('g.order_id', '=', 'o.id')
            .where('g.key_hash', '=', hash),
        ),
      ]),
    )
    .executeTakeFirst();
  if (!row) throw new ApiError('ORDER_NOT_FOUND');
  return row.id;
}
