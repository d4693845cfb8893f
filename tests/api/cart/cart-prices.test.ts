import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFailure, okResult } from '../../helpers/wire-asserts.ts';
import { freshIp, registerMember } from '../accounts/users-helpers.ts';
import { bodyFor, memberBuyer, order, quote } from '../orders/orders-helpers.ts';
import { cartOf, newGuest, pickVariants, type TestVariant } from './cart-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

async function setPrice(v: TestVariant, price: number): Promise<void> {
  await shop.deps.db.kysely.updateTable('variants').set({ price }).where('id', '=', v.id).execute();
}

const moved = (cart: { lines: { sku: string; price_changed_from: number | null }[] }) =>
  Object.fromEntries(cart.lines.map((l) => [l.sku, l.price_changed_from]));

describe('a moved price in GET /api/cart (price_changed_from)', () => {
  it('is null while unchanged, the price when added once it moves, and stays until the page says it was shown', async () => {
    const [a, b] = await pickVariants(shop, 2);
    const { cartToken, cart } = await newGuest(shop, a!.sku, 2);
    const guest = cartOf(shop, { cartToken });
    expect(moved(cart)).toEqual({ [a!.sku]: null });
    okResult(await guest.add(b!.sku, 1));
    await setPrice(a!, a!.price - 700);
    const read = okResult(await guest.get());
    expect(moved(read)).toEqual({ [a!.sku]: a!.price, [b!.sku]: null });
    const line = read.lines.find((l: { sku: string }) => l.sku === a!.sku);
    expect(line).toMatchObject({ unit_price: a!.price - 700, line_total: (a!.price - 700) * 2 });
    // Reading is not seeing: the header's count and other reads leave it reported.
    expect(moved(okResult(await guest.get()))[a!.sku]).toBe(a!.price);

    const seen = okResult(await guest.seen({ lines: [{ id: line.id, price: a!.price - 700 }] }));
    expect(moved(seen)).toEqual({ [a!.sku]: null, [b!.sku]: null });
    expect(seen.warnings).toEqual([]);
    expect(moved(okResult(await guest.get()))[a!.sku]).toBeNull();
  });

  it('keeps reporting a price that moved again after the page showed it', async () => {
    const [a] = await pickVariants(shop, 1);
    const { cartToken, cart } = await newGuest(shop, a!.sku);
    const guest = cartOf(shop, { cartToken });
    await setPrice(a!, a!.price + 100);
    await setPrice(a!, a!.price + 200);
    const after = okResult(await guest.seen({ lines: [{ id: cart.lines[0].id, price: a!.price + 100 }] }));
    expect(moved(after)[a!.sku]).toBe(a!.price);
    expect(after.lines[0].unit_price).toBe(a!.price + 200);
  });

  it('acknowledges only lines of the caller’s own cart, and refuses a malformed list', async () => {
    const [a] = await pickVariants(shop, 1);
    const mine = await newGuest(shop, a!.sku);
    const theirs = await newGuest(shop, a!.sku);
    await setPrice(a!, a!.price + 300);
    const line = theirs.cart.lines[0].id;
    okResult(await cartOf(shop, { cartToken: mine.cartToken }).seen({ lines: [{ id: line, price: a!.price + 300 }] }));
    expect(moved(okResult(await cartOf(shop, { cartToken: theirs.cartToken }).get()))[a!.sku]).toBe(a!.price);
    const guest = cartOf(shop, { cartToken: mine.cartToken });
    for (const body of [{ lines: [] }, { lines: [{ id: 0, price: 1 }] }, { lines: [{ id: line, price: 1.5 }] }, {}])
      expectFailure(await guest.seen(body), 400, 'VALIDATION_FAILED');
    expectFailure(await guest.seen({ lines: [{ id: line, price: 1, sku: 'x' }] }), 400, 'UNKNOWN_FIELD');
    expectFailure(
      await cartOf(shop, { cartToken: 'A'.repeat(22) }).seen({ lines: [{ id: line, price: 1 }] }),
      404,
      'CART_NOT_FOUND',
    );
  });

  it('works the same for a member’s cart, and the login merge keeps a guest line’s recorded price', async () => {
    const [a, b] = await pickVariants(shop, 2);
    const m = await registerMember(shop);
    const member = cartOf(shop, { token: m.token });
    const own = okResult(await member.add(a!.sku, 1));
    await setPrice(a!, a!.price + 50);
    expect(moved(okResult(await member.get()))[a!.sku]).toBe(a!.price);
    okResult(await member.seen({ lines: [{ id: own.lines[0].id, price: a!.price + 50 }] }));
    expect(moved(okResult(await member.get()))[a!.sku]).toBeNull();

    const { cartToken } = await newGuest(shop, b!.sku, 1);
    await setPrice(b!, b!.price + 400);
    const login = await shop.call('POST', '/api/users/login', {
      body: { account: m.phone, password: m.password },
      ip: freshIp(),
      headers: { 'x-cart-token': cartToken },
    });
    const merged = okResult(await cartOf(shop, { token: okResult(login).token }).get());
    expect(moved(merged)).toEqual({ [a!.sku]: null, [b!.sku]: b!.price });
  });
});

describe('a moved price in the quote (price_changed_from)', () => {
  it('answers each line’s earlier price once, and the order is placed at the current price', async () => {
    const [a, b] = await pickVariants(shop, 2);
    const buyer = await memberBuyer(shop, [
      [a!, 1],
      [b!, 2],
    ]);
    const first = okResult(await quote(shop, buyer, { shipping: { method: 'home' } }));
    expect(moved(first)).toEqual({ [a!.sku]: null, [b!.sku]: null });
    await setPrice(b!, b!.price + 250);
    const q = okResult(await quote(shop, buyer, { shipping: { method: 'home' } }, 'en'));
    expect(moved(q)).toEqual({ [a!.sku]: null, [b!.sku]: b!.price });
    expect(q.lines.find((l: { sku: string }) => l.sku === b!.sku).unit_price).toBe(b!.price + 250);
    // The checkout page displays what the quote answers: the change is not reported twice.
    expect(moved(okResult(await quote(shop, buyer, { shipping: { method: 'home' } })))[b!.sku]).toBeNull();
    const placed = await order(shop, buyer, bodyFor(buyer));
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    expect(placed.json.result.subtotal).toBe(a!.price + (b!.price + 250) * 2);
  });
});
