import type { Context } from 'hono';
import { CART_TOKEN_HEADER } from '../../config.ts';
import { log } from '../common/log.ts';
import type { AppEnv } from '../context.ts';
import { mergeGuestCart } from './cart-merge.ts';

/**
 * The login and sign-up hook: merges the guest cart of the request's `X-Cart-Token` into the new
 * session's member cart. The login itself has succeeded by then, so a failed merge is logged and
 * the guest cart stays as it was (the merge is one transaction).
 */
export async function mergeCartInto(c: Context<AppEnv>, sessionToken: string): Promise<void> {
  const guestToken = c.req.header(CART_TOKEN_HEADER);
  if (!guestToken) return;
  try {
    await mergeGuestCart(c.get('deps'), sessionToken, guestToken);
  } catch (err) {
    log.error({ event: 'cart_merge_failed', requestId: c.get('requestId'), err }, 'guest cart merge failed');
  }
}
