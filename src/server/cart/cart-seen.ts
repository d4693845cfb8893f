import type { Locale } from '../../config.ts';
import type { Deps } from '../context.ts';
import { type CartOwner, existingCartId } from './cart-owner.ts';
import { type Cart, readCart } from './cart-view.ts';

/** A line whose moved price the cart page has shown: its id and the unit price shown as the new one. */
export interface SeenPrice {
  id: number;
  price: number;
}

/**
 * The shopper has been shown these lines' moved prices (the cart page displayed them): each line's
 * recorded price becomes the price shown, so the change is not reported again. A line whose price
 * moved once more since it was shown keeps its record (the newer change is still to be shown), as
 * does a line of another cart. Answers the whole cart.
 */
export async function acknowledgePrices(
  deps: Deps,
  owner: CartOwner,
  seen: SeenPrice[],
  locale: Locale,
): Promise<Cart> {
  const k = deps.db.kysely;
  const cartId = await existingCartId(k, owner);
  if (cartId === undefined) return readCart(k, cartId, locale);
  await k.transaction().execute(async (trx) => {
    for (const line of seen) {
      const variant = trx.selectFrom('variants').select('id').where('price', '=', line.price);
      await trx
        .updateTable('cart_items')
        .set({ seen_price: line.price })
        .where('id', '=', line.id)
        .where('cart_id', '=', cartId)
        .where('variant_id', 'in', variant)
        .execute();
    }
  });
  return readCart(k, cartId, locale);
}
