import { expect } from 'vitest';
import type { TestShop } from '../../helpers/test-app.ts';
import { okResult } from '../../helpers/wire-asserts.ts';

/** A variant of the demo catalog as a test needs it. */
export interface TestVariant {
  id: number;
  sku: string;
  price: number;
  productId: number;
  productSlug: string;
}

let cursor = 0;

/**
 * `n` variants of the demo catalog that no earlier call of this test file picked, each set to `stock`
 * units: a test owns what it picks.
 */
export async function pickVariants(shop: TestShop, n: number, stock = 10): Promise<TestVariant[]> {
  const skip = cursor;
  cursor += n;
  const k = shop.deps.db.kysely;
  const rows = await k
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.sku', 'v.price', 'p.id as product_id', 'p.slug'])
    .orderBy('v.id')
    .offset(skip)
    .limit(n)
    .execute();
  expect(rows).toHaveLength(n);
  await k
    .updateTable('variants')
    .set({ stock })
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  return rows.map((r) => ({ id: r.id, sku: r.sku, price: r.price, productId: r.product_id, productSlug: r.slug }));
}

export async function setStock(shop: TestShop, sku: string, stock: number): Promise<void> {
  await shop.deps.db.kysely.updateTable('variants').set({ stock }).where('sku', '=', sku).execute();
}

/** Request options of a guest holding `cartToken`, or a member holding `token`. */
export interface Who {
  cartToken?: string;
  token?: string;
  lang?: string;
}

function opts(who: Who, body?: unknown) {
  return {
    body,
    token: who.token,
    lang: who.lang,
    headers: who.cartToken ? { 'x-cart-token': who.cartToken } : undefined,
  };
}

/** Cart calls of one shopper. */
export const cartOf = (shop: TestShop, who: Who = {}) => ({
  get: () => shop.call('GET', '/api/cart', opts(who)),
  add: (sku: unknown, quantity: unknown) => shop.call('POST', '/api/cart/items', opts(who, { sku, quantity })),
  addRaw: (body: unknown) => shop.call('POST', '/api/cart/items', opts(who, body)),
  patch: (id: number | string, quantity: unknown) =>
    shop.call('PATCH', `/api/cart/items/${id}`, opts(who, { quantity })),
  remove: (id: number | string) => shop.call('DELETE', `/api/cart/items/${id}`, opts(who)),
  seen: (body: unknown) => shop.call('POST', '/api/cart/seen', opts(who, body)),
});

/** A new guest with one line of `sku`; returns the guest's cart token and the answer's cart. */
export async function newGuest(shop: TestShop, sku: string, quantity = 1) {
  const cart = okResult(await cartOf(shop).add(sku, quantity));
  expect(cart.cart_token).toMatch(/^[A-Za-z0-9_-]{22}$/);
  return { cartToken: cart.cart_token as string, cart };
}

export const CART_KEYS = ['can_checkout', 'count', 'lines', 'subtotal', 'warnings'];
export const LINE_KEYS = [
  'available',
  'brand_slug',
  'compare_at_price',
  'id',
  'image',
  'line_total',
  'name',
  'option_name',
  'option_value',
  'price_changed_from',
  'product_slug',
  'quantity',
  'sku',
  'stock_state',
  'unit_price',
];

/** How many variants of each price range were handed out. */
const taken = new Map<string, number>();

/** A variant priced from `min` to `max` (each call another one), with ample stock. */
export async function variantPriced(shop: TestShop, min: number, max: number, stock = 100): Promise<TestVariant> {
  const k = shop.deps.db.kysely;
  const range = `${min}-${max}`;
  const skip = taken.get(range) ?? 0;
  taken.set(range, skip + 1);
  const v = await k
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.sku', 'v.price', 'p.id as product_id', 'p.slug'])
    .where('v.price', '>=', min)
    .where('v.price', '<=', max)
    .where('p.withdrawn_at', 'is', null)
    .orderBy('v.id')
    .offset(skip)
    .limit(1)
    .executeTakeFirstOrThrow();
  await k.updateTable('variants').set({ stock }).where('id', '=', v.id).execute();
  await k.updateTable('products').set({ stock }).where('id', '=', v.product_id).execute();
  return { id: v.id, sku: v.sku, price: v.price, productId: v.product_id, productSlug: v.slug };
}
