import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestShop } from '../../helpers/test-app.ts';
import { okResult } from '../../helpers/wire-asserts.ts';
import { freshIp, freshPhone, lastCode, registerMember } from '../accounts/users-helpers.ts';
import { cartOf, type TestVariant } from '../cart/cart-helpers.ts';

/** A valid home-delivery, cash-on-delivery order body; parts may be replaced. */
export function orderBody(over: Record<string, unknown> = {}) {
  return {
    receiver: { name: '王小明', phone: '0912345678', email: 'demo@soundwood.tw' },
    shipping: { method: 'home', zipcode: '106', city: '臺北市', area: '大安區', addr: '復興南路一段 1 號' },
    payment: 'cod',
    invoice: { type: 'member' },
    note: '',
    ...over,
  };
}

/** Who calls: a member's token, or a guest's cart token and phone proof. */
export interface Buyer {
  token?: string;
  cartToken?: string;
  proof?: string;
  phone: string;
}

export function headersOf(b: Buyer, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...(b.cartToken ? { 'x-cart-token': b.cartToken } : {}),
    ...(b.proof ? { 'x-phone-proof': b.proof } : {}),
    ...extra,
  };
}

export const newKey = () => `k-${randomUUID()}`;

/** POST /api/orders as `b`, with a fresh Idempotency-Key unless one is given. */
export function order(shop: TestShop, b: Buyer, body: unknown, opts: { key?: string; lang?: string } = {}) {
  return shop.call('POST', '/api/orders', {
    body,
    token: b.token,
    lang: opts.lang,
    headers: headersOf(b, { 'idempotency-key': opts.key ?? newKey() }),
  });
}

export function quote(shop: TestShop, b: Buyer, body: unknown, lang?: string) {
  return shop.call('POST', '/api/checkout/quote', { body, token: b.token, lang, headers: headersOf(b) });
}

/** A new member with `quantity` of each variant in the cart. */
export async function memberBuyer(shop: TestShop, items: [TestVariant, number][]): Promise<Buyer> {
  const { token, phone } = await registerMember(shop);
  for (const [v, n] of items) okResult(await cartOf(shop, { token }).add(v.sku, n));
  return { token, phone };
}

/** Confirms `phone` by SMS code as a guest and returns the proof. */
export async function phoneProof(shop: TestShop, phone: string): Promise<string> {
  const ip = freshIp();
  okResult(await shop.call('POST', '/api/checkout/phone/send', { body: { phone }, ip }));
  const code = await lastCode(shop, phone, 'checkout');
  const r = okResult(await shop.call('POST', '/api/checkout/phone/verify', { body: { phone, code }, ip }));
  expect(r.phone_proof).toMatch(/^[A-Za-z0-9_-]{22}$/);
  return r.phone_proof;
}

/** A new guest with these lines in a cart and a confirmed phone. */
export async function guestBuyer(shop: TestShop, items: [TestVariant, number][]): Promise<Buyer> {
  let cartToken: string | undefined;
  for (const [v, n] of items) {
    const cart = okResult(await cartOf(shop, { cartToken }).add(v.sku, n));
    cartToken ??= cart.cart_token;
  }
  const phone = freshPhone();
  return { cartToken, phone, proof: await phoneProof(shop, phone) };
}

/** The body of `b` with their own phone as the receiver's. */
export const bodyFor = (b: Buyer, over: Record<string, unknown> = {}) => {
  const base = orderBody(over);
  return { ...base, receiver: { ...base.receiver, phone: b.phone, ...((over.receiver as object) ?? {}) } };
};

/** A variant of a product over a convenience store's limits (a floorstander or the like). */
export async function bulkyVariant(shop: TestShop, stock = 10): Promise<TestVariant> {
  const k = shop.deps.db.kysely;
  const row = await k
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.sku', 'v.price', 'p.id as product_id', 'p.slug'])
    .where('p.weight_g', '>', 5000)
    .where('p.withdrawn_at', 'is', null)
    .orderBy('v.id', 'desc')
    .executeTakeFirstOrThrow();
  await k.updateTable('variants').set({ stock }).where('id', '=', row.id).execute();
  return { id: row.id, sku: row.sku, price: row.price, productId: row.product_id, productSlug: row.slug };
}
