import type { Context } from 'hono';
import { CART_TOKEN_HEADER } from '../../config.ts';
import { authenticate } from '../accounts/auth.ts';
import type { AppEnv } from '../context.ts';
import { existingCartId, guestOwner } from './cart-owner.ts';

/** Who is checking out: a member (Bearer) or a guest, and the cart they check out, if any. */
export interface Shopper {
  memberId: number | null;
  cartId: number | undefined;
}

/**
 * The member of a Bearer token (a bad token is a 401), else the guest of the `X-Cart-Token` header
 * (a token that names no live cart is a 404); a guest without a token has no cart yet.
 */
export async function shopperOf(c: Context<AppEnv>): Promise<Shopper> {
  const deps = c.get('deps');
  const k = deps.db.kysely;
  if (c.req.header('authorization')) {
    const memberId = (await authenticate(c)).id;
    return { memberId, cartId: await existingCartId(k, { kind: 'member', memberId }) };
  }
  const owner = await guestOwner(k, c.req.header(CART_TOKEN_HEADER), deps.clock.now());
  return { memberId: null, cartId: owner.kind === 'guest' ? owner.cartId : undefined };
}
