import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_TOKEN_MAX_AGE_MS } from '../../../src/config.ts';
import { sweep } from '../../../src/server/ops/maintenance.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFailure, okResult } from '../../helpers/wire-asserts.ts';
import { freshIp, lastCode, registerMember } from '../accounts/users-helpers.ts';
import { cartOf, newGuest, pickVariants, setStock } from './cart-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

/** Logs `phone` in, sending `cartToken` as a guest cart to merge; returns the new session token. */
async function loginWith(phone: string, password: string, cartToken?: string): Promise<string> {
  const r = await shop.call('POST', '/api/users/login', {
    body: { account: phone, password },
    ip: freshIp(),
    headers: cartToken ? { 'x-cart-token': cartToken } : undefined,
  });
  return okResult(r).token;
}

const quantities = (cart: { lines: { sku: string; quantity: number }[] }) =>
  Object.fromEntries(cart.lines.map((l) => [l.sku, l.quantity]));

describe('member carts', () => {
  it('belong to the member on every device, whatever cart token comes along', async () => {
    const [a] = await pickVariants(shop, 1);
    const m = await registerMember(shop);
    const added = okResult(await cartOf(shop, { token: m.token }).add(a!.sku, 2));
    expect(added.cart_token).toBeUndefined();
    const other = await loginWith(m.phone, m.password);
    expect(quantities(okResult(await cartOf(shop, { token: other }).get()))).toEqual({ [a!.sku]: 2 });
    const guest = await newGuest(shop, a!.sku);
    const both = okResult(await cartOf(shop, { token: other, cartToken: guest.cartToken }).get());
    expect(both.count).toBe(2);
  });

  it('do not reach another member’s lines', async () => {
    const [a] = await pickVariants(shop, 1);
    const one = await registerMember(shop);
    const two = await registerMember(shop);
    const line = okResult(await cartOf(shop, { token: one.token }).add(a!.sku, 1)).lines[0].id;
    expectFailure(await cartOf(shop, { token: two.token }).patch(line, 2), 404, 'CART_LINE_NOT_FOUND');
    expectFailure(await cartOf(shop, { token: two.token }).remove(line), 404, 'CART_LINE_NOT_FOUND');
    okResult(await cartOf(shop, { token: two.token }).add(a!.sku, 1));
    expectFailure(await cartOf(shop, { token: two.token }).remove(line), 404, 'CART_LINE_NOT_FOUND');
  });
});

describe('guest cart merge on login and sign-up', () => {
  it('adds quantities of one variant, caps them by stock and 99, and retires the guest token', async () => {
    const [a, b, c, d, e] = await pickVariants(shop, 5, 200);
    const m = await registerMember(shop);
    const member = cartOf(shop, { token: m.token });
    okResult(await member.add(a!.sku, 1));
    okResult(await member.add(c!.sku, 90));
    okResult(await member.add(d!.sku, 2));
    const { cartToken } = await newGuest(shop, a!.sku, 2);
    const guest = cartOf(shop, { cartToken });
    okResult(await guest.add(b!.sku, 4));
    okResult(await guest.add(c!.sku, 20));
    okResult(await guest.add(d!.sku, 5));
    okResult(await guest.add(e!.sku, 1));
    await setStock(shop, d!.sku, 6);
    await setStock(shop, e!.sku, 0);

    const token = await loginWith(m.phone, m.password, cartToken);
    const merged = okResult(await cartOf(shop, { token }).get());
    expect(quantities(merged)).toEqual({ [a!.sku]: 3, [c!.sku]: 99, [d!.sku]: 6, [b!.sku]: 4 });
    expectFailure(await guest.get(), 404, 'CART_NOT_FOUND');
    // A second login with the same (now retired) token merges nothing.
    const again = await loginWith(m.phone, m.password, cartToken);
    expect(quantities(okResult(await cartOf(shop, { token: again }).get()))).toEqual(quantities(merged));
  });

  it('merges once when two tabs log in at once with the same guest cart', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = await pickVariants(shop, 2, 50);
      const m = await registerMember(shop);
      okResult(await cartOf(shop, { token: m.token }).add(a!.sku, 1));
      const { cartToken } = await newGuest(shop, a!.sku, 2);
      okResult(await cartOf(shop, { cartToken }).add(b!.sku, 3));
      const tokens = await Promise.all([
        loginWith(m.phone, m.password, cartToken),
        loginWith(m.phone, m.password, cartToken),
        loginWith(m.phone, m.password, cartToken),
      ]);
      const cart = okResult(await cartOf(shop, { token: tokens[0] }).get());
      expect(quantities(cart)).toEqual({ [a!.sku]: 3, [b!.sku]: 3 });
    }
  });

  it('merges on sign-up', async () => {
    const [a] = await pickVariants(shop, 1);
    const { cartToken } = await newGuest(shop, a!.sku, 2);
    const phone = `09${String(Date.now()).slice(-8)}`;
    const ip = freshIp();
    okResult(await shop.call('POST', '/api/users/send-otp/phone', { body: { phone, purpose: 'register' }, ip }));
    const code = await lastCode(shop, phone, 'register');
    const r = await shop.call('POST', '/api/users/register', {
      body: { name: '購物車會員', phone, password: 'correct horse battery', code },
      ip,
      headers: { 'x-cart-token': cartToken },
    });
    const cart = okResult(await cartOf(shop, { token: okResult(r).token }).get());
    expect(quantities(cart)).toEqual({ [a!.sku]: 2 });
    expectFailure(await cartOf(shop, { cartToken }).get(), 404, 'CART_NOT_FOUND');
  });

  it('lets a login through with a made-up or malformed cart token', async () => {
    const m = await registerMember(shop);
    for (const bogus of ['C'.repeat(22), 'not-a-token'])
      expect(await loginWith(m.phone, m.password, bogus)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('sweeping', () => {
  it('forgets guest carts unused for 30 days and keeps newer guest carts and member carts', async () => {
    const [a, b, c] = await pickVariants(shop, 3);
    const old = await newGuest(shop, a!.sku);
    const m = await registerMember(shop);
    okResult(await cartOf(shop, { token: m.token }).add(c!.sku, 1));
    shop.clock.advance(CART_TOKEN_MAX_AGE_MS / 2);
    const recent = await newGuest(shop, b!.sku);
    shop.clock.advance(CART_TOKEN_MAX_AGE_MS / 2);
    expectFailure(await cartOf(shop, { cartToken: old.cartToken }).get(), 404, 'CART_NOT_FOUND');
    const removed = await sweep(shop.deps);
    expect(removed.guestCarts).toBeGreaterThanOrEqual(1);
    const k = shop.deps.db.kysely;
    const oldLine = await k.selectFrom('cart_items').select('id').where('id', '=', old.cart.lines[0].id).execute();
    expect(oldLine).toEqual([]);
    expect(okResult(await cartOf(shop, { cartToken: recent.cartToken }).get()).count).toBe(1);
    const login = await loginWith(m.phone, m.password);
    expect(okResult(await cartOf(shop, { token: login }).get()).count).toBe(1);
  });
});
