import { CART_MAX_LINES, CART_MAX_QUANTITY } from '../../config.ts';
import { findSession } from '../accounts/sessions.ts';
import { sha256, TOKEN_RE } from '../common/tokens.ts';
import type { Deps } from '../context.ts';
import { ensureCart, GUEST_CART_TTL_MS } from './cart-owner.ts';
import { putStore, readStore } from './cart-store.ts';

/**
 * Moves a guest cart into the cart of the member who just logged in or signed up (by the new
 * session's token), once: quantities of one variant are added, then capped by stock and by 99;
 * sold-out and withdrawn variants stay out; the guest token stops working. A convenience store the
 * guest chose on the map comes along and replaces the member cart's: it is the shopper's latest
 * choice, usually made just before logging in to check out. The guest cart is deleted
 * by a conditional delete inside the transaction, so of two logins at once only one merges.
 * Returns whether a merge happened; an unknown, expired or already merged token merges nothing.
 */
export async function mergeGuestCart(deps: Deps, sessionToken: string, guestToken: string | undefined) {
  if (!guestToken || !TOKEN_RE.test(guestToken)) return false;
  const session = await findSession(deps, sessionToken);
  if (!session) return false;
  const now = deps.clock.now();
  const owner = { kind: 'member', memberId: session.member_id } as const;
  return deps.db.kysely.transaction().execute(async (trx) => {
    const guest = await trx
      .selectFrom('carts')
      .select('id')
      .where('token_hash', '=', sha256(guestToken))
      .where('updated_at', '>', now - GUEST_CART_TTL_MS)
      .executeTakeFirst();
    if (!guest) return false;
    const guestLines = await trx
      .selectFrom('cart_items as ci')
      .innerJoin('variants as v', 'v.id', 'ci.variant_id')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['ci.variant_id', 'ci.quantity', 'ci.seen_price', 'v.stock', 'p.withdrawn_at'])
      .where('ci.cart_id', '=', guest.id)
      .orderBy('ci.created_at')
      .orderBy('ci.id')
      .execute();
    const guestStore = await readStore(trx, guest.id);
    // The claim: whoever deletes the guest cart merges it; a second login finds nothing to delete.
    const claimed = await trx.deleteFrom('carts').where('id', '=', guest.id).executeTakeFirst();
    if (Number(claimed.numDeletedRows) !== 1) return false;
    const { cartId } = await ensureCart(trx, owner, now);
    if (guestStore) await putStore(trx, cartId, guestStore);
    const own = await trx
      .selectFrom('cart_items')
      .select(['id', 'variant_id', 'quantity'])
      .where('cart_id', '=', cartId)
      .execute();
    const byVariant = new Map(own.map((l) => [l.variant_id, l]));
    let lineCount = own.length;
    for (const g of guestLines) {
      if (g.withdrawn_at !== null || g.stock <= 0) continue;
      const mine = byVariant.get(g.variant_id);
      const quantity = Math.min((mine?.quantity ?? 0) + g.quantity, CART_MAX_QUANTITY, g.stock);
      if (mine) {
        if (quantity > mine.quantity)
          await trx.updateTable('cart_items').set({ quantity, updated_at: now }).where('id', '=', mine.id).execute();
        continue;
      }
      if (lineCount >= CART_MAX_LINES) continue;
      lineCount++;
      await trx
        .insertInto('cart_items')
        .values({
          cart_id: cartId,
          variant_id: g.variant_id,
          quantity,
          seen_price: g.seen_price,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await trx.updateTable('carts').set({ updated_at: now }).where('id', '=', cartId).execute();
    return true;
  });
}
