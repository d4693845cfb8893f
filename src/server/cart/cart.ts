import type { Kysely } from 'kysely';
import { CART_MAX_LINES, CART_MAX_QUANTITY, type Locale } from '../../config.ts';
import { ApiError } from '../common/errors.ts';
import type { Deps } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { type CartOwner, ensureCart, existingCartId, touchCart } from './cart-owner.ts';
import { type Cart, readCart } from './cart-view.ts';

/** A variant as the cart rules see it; the price always comes from here, never from the client. */
interface Shelf {
  variantId: number;
  price: number;
  stock: number;
}

/** A variant by SKU; an unknown or withdrawn SKU is a 404. */
async function shelfBySku(k: Kysely<Database>, sku: string): Promise<Shelf> {
  const row = await k
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.price', 'v.stock', 'p.withdrawn_at'])
    .where('v.sku', '=', sku)
    .executeTakeFirst();
  if (!row || row.withdrawn_at !== null) throw new ApiError('PRODUCT_UNAVAILABLE');
  return { variantId: row.id, price: row.price, stock: row.stock };
}

/** Refuses a line quantity the shelf cannot fill: 409 with how many are left. */
function checkStock(stock: number, quantity: number): void {
  if (stock <= 0) throw new ApiError('SOLD_OUT');
  if (quantity > stock) throw new ApiError('OUT_OF_STOCK', { params: { available: stock } });
}

/** The owner's whole cart. */
export async function getCart(deps: Deps, owner: CartOwner, locale: Locale): Promise<Cart> {
  const k = deps.db.kysely;
  return readCart(k, await existingCartId(k, owner), locale);
}

/**
 * Adds `quantity` of a SKU: to the line of that variant when there is one, else as a new line. The
 * line may hold at most 99 and at most the stock; a cart at most 50 lines. All or nothing.
 */
export async function addItem(
  deps: Deps,
  owner: CartOwner,
  input: { sku: string; quantity: number },
  locale: Locale,
): Promise<Cart> {
  const now = deps.clock.now();
  return deps.db.kysely.transaction().execute(async (trx) => {
    const shelf = await shelfBySku(trx, input.sku);
    checkStock(shelf.stock, 1);
    const { cartId, newToken } = await ensureCart(trx, owner, now);
    const line = await trx
      .selectFrom('cart_items')
      .select(['id', 'quantity'])
      .where('cart_id', '=', cartId)
      .where('variant_id', '=', shelf.variantId)
      .executeTakeFirst();
    const inCart = line?.quantity ?? 0;
    const quantity = inCart + input.quantity;
    if (quantity > CART_MAX_QUANTITY)
      throw new ApiError('CART_LINE_LIMIT', { params: { max: CART_MAX_QUANTITY, in_cart: inCart } });
    checkStock(shelf.stock, quantity);
    if (line) {
      await trx
        .updateTable('cart_items')
        .set({ quantity, seen_price: shelf.price, updated_at: now })
        .where('id', '=', line.id)
        .execute();
    } else {
      const lines = await trx
        .selectFrom('cart_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('cart_id', '=', cartId)
        .executeTakeFirstOrThrow();
      if (Number(lines.n) >= CART_MAX_LINES) throw new ApiError('CART_FULL', { params: { max: CART_MAX_LINES } });
      await trx
        .insertInto('cart_items')
        .values({
          cart_id: cartId,
          variant_id: shelf.variantId,
          quantity,
          seen_price: shelf.price,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await touchCart(trx, cartId, now);
    const cart = await readCart(trx, cartId, locale);
    return newToken ? { ...cart, cart_token: newToken } : cart;
  });
}

/** The line `lineId` of the owner's cart with its variant, or a 404 (another cart's line included). */
async function ownLine(k: Kysely<Database>, owner: CartOwner, lineId: number) {
  const cartId = await existingCartId(k, owner);
  if (cartId === undefined) throw new ApiError('CART_LINE_NOT_FOUND');
  const row = await k
    .selectFrom('cart_items as ci')
    .innerJoin('variants as v', 'v.id', 'ci.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['ci.id', 'v.price', 'v.stock', 'p.withdrawn_at'])
    .where('ci.id', '=', lineId)
    .where('ci.cart_id', '=', cartId)
    .executeTakeFirst();
  if (!row) throw new ApiError('CART_LINE_NOT_FOUND');
  return { cartId, row };
}

/** Sets a line's quantity (1 to 99, at most the stock); the shopper has now seen today's price. */
export async function setQuantity(
  deps: Deps,
  owner: CartOwner,
  lineId: number,
  quantity: number,
  locale: Locale,
): Promise<Cart> {
  const now = deps.clock.now();
  return deps.db.kysely.transaction().execute(async (trx) => {
    const { cartId, row } = await ownLine(trx, owner, lineId);
    if (row.withdrawn_at !== null) throw new ApiError('PRODUCT_UNAVAILABLE');
    checkStock(row.stock, quantity);
    await trx
      .updateTable('cart_items')
      .set({ quantity, seen_price: row.price, updated_at: now })
      .where('id', '=', lineId)
      .execute();
    await touchCart(trx, cartId, now);
    return readCart(trx, cartId, locale);
  });
}

/** Removes a line from the owner's cart. */
export async function removeItem(deps: Deps, owner: CartOwner, lineId: number, locale: Locale): Promise<Cart> {
  const now = deps.clock.now();
  return deps.db.kysely.transaction().execute(async (trx) => {
    const { cartId } = await ownLine(trx, owner, lineId);
    await trx.deleteFrom('cart_items').where('id', '=', lineId).where('cart_id', '=', cartId).execute();
    await touchCart(trx, cartId, now);
    return readCart(trx, cartId, locale);
  });
}
