import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CART_COOKIE, CART_COUNT_EVENT, CART_COUNT_STORAGE_KEY } from '../../src/config.ts';
import { useTransport } from '../../src/lib/api/browser.ts';
import {
  $cart,
  acknowledgePrices,
  addToCart,
  changeQuantity,
  loadCart,
  removeLine,
  resetCartForTests,
  undoRemove,
} from '../../src/stores/cart.ts';
import { $ui, resetLoading } from '../../src/stores/ui.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { installFakeBrowser } from './support/fake-browser.ts';

// The store talks to the real shop API, in process: no mock of our own API.
let shop: TestShop;
let browser: ReturnType<typeof installFakeBrowser>;
const local = new Map<string, string>();
const counts: number[] = [];

beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  useTransport(async (input, init) => shop.app.request(input instanceof Request ? input : String(input), init));
  // The window's events, as far as the count needs them.
  const bus = new EventTarget();
  Object.assign(globalThis, {
    addEventListener: bus.addEventListener.bind(bus),
    dispatchEvent: bus.dispatchEvent.bind(bus),
    localStorage: {
      getItem: (k: string) => local.get(k) ?? null,
      setItem: (k: string, v: string) => void local.set(k, v),
    },
  });
  addEventListener(CART_COUNT_EVENT, (e) => counts.push((e as CustomEvent<number>).detail));
});
afterAll(async () => {
  for (const k of ['localStorage', 'addEventListener', 'dispatchEvent'])
    delete (globalThis as Record<string, unknown>)[k];
  await shop.close();
});
beforeEach(() => {
  browser = installFakeBrowser('http://shop.test/en/cart');
  resetCartForTests();
  resetLoading();
  local.clear();
  counts.length = 0;
});
afterEach(() => browser.uninstall());

let next = 0;
/** A variant of the demo catalog with `stock` units, one no other test here uses. */
async function variant(stock: number) {
  const k = shop.deps.db.kysely;
  const v = await k
    .selectFrom('variants')
    .select(['id', 'sku', 'price'])
    .orderBy('id', 'desc')
    .offset(next++)
    .limit(1)
    .executeTakeFirstOrThrow();
  await k.updateTable('variants').set({ stock }).where('id', '=', v.id).execute();
  return v;
}

describe('$cart', () => {
  it('keeps the guest token in a 30-day cookie and caches the count for the header', async () => {
    const v = await variant(10);
    const cart = await addToCart(v.sku, 2);
    expect(cart.count).toBe(2);
    const cookie = browser.jar.get(CART_COOKIE);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cookie?.attributes).toMatchObject({ path: '/', samesite: 'Lax' });
    const days = (Date.parse(String(cookie?.attributes.expires)) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expect(local.get(CART_COUNT_STORAGE_KEY)).toBe('2');
    expect(counts.at(-1)).toBe(2);
  });

  it('shows a quantity change at once, refuses a second change of the same line meanwhile, then confirms', async () => {
    const v = await variant(10);
    const line = (await addToCart(v.sku, 1)).lines[0]!;
    const first = changeQuantity(line.id, 4);
    expect($cart.get().cart.lines[0]).toMatchObject({ quantity: 4, lineTotal: v.price * 4 });
    expect($cart.get().busy[line.id]).toBe(true);
    expect(await changeQuantity(line.id, 5)).toBe(false);
    expect(await first).toBe(true);
    expect($cart.get().busy[line.id]).toBeUndefined();
    expect($cart.get().cart).toMatchObject({ count: 4, subtotal: v.price * 4 });
    expect(local.get(CART_COUNT_STORAGE_KEY)).toBe('4');
  });

  it('rolls a refused change back and shows the error beside the line, not in the modal', async () => {
    const v = await variant(3);
    const line = (await addToCart(v.sku, 2)).lines[0]!;
    await changeQuantity(line.id, 5);
    const state = $cart.get();
    expect(state.cart.lines[0]?.quantity).toBe(2);
    expect(state.cart.count).toBe(2);
    expect(state.lineErrors[line.id]).toBe(
      'Not enough stock: only 3 of this option are left. Choose a smaller quantity.',
    );
    expect($ui.get().errorMessage).toBeNull();
    await changeQuantity(line.id, 3);
    expect($cart.get().lineErrors[line.id]).toBeUndefined();
  });

  it('removes a line and puts it back with its quantity', async () => {
    const [a, b] = [await variant(10), await variant(10)];
    await addToCart(a.sku, 1);
    const line = (await addToCart(b.sku, 3)).lines.find((l) => l.sku === b.sku)!;
    await removeLine(line.id);
    expect($cart.get().cart.lines.map((l) => l.sku)).toEqual([a.sku]);
    expect($cart.get().removed.map((l) => l.sku)).toEqual([b.sku]);
    await undoRemove(b.sku);
    expect($cart.get().cart.lines.find((l) => l.sku === b.sku)?.quantity).toBe(3);
    expect($cart.get().removed).toEqual([]);
  });

  it('reads a cart the server forgot as empty and drops its token', async () => {
    browser.setCookie(CART_COOKIE, 'Z'.repeat(22));
    await loadCart();
    expect($cart.get()).toMatchObject({ loaded: true, cart: { count: 0, lines: [] } });
    expect(browser.jar.has(CART_COOKIE)).toBe(false);
    expect($ui.get().errorMessage).toBeNull();
    expect(local.get(CART_COUNT_STORAGE_KEY)).toBe('0');
  });
});

describe('$cart (a moved price)', () => {
  it('tells the server once the notice is shown, and keeps it on this page while the price stays', async () => {
    const v = await variant(10);
    const line = (await addToCart(v.sku, 1)).lines[0]!;
    expect(line.priceChangedFrom).toBeNull();
    const k = shop.deps.db.kysely;
    await k
      .updateTable('cart_items')
      .set({ seen_price: v.price + 900 })
      .where('id', '=', line.id)
      .execute();
    await loadCart();
    expect($cart.get().cart.lines[0]).toMatchObject({ unitPrice: v.price, priceChangedFrom: v.price + 900 });
    await acknowledgePrices();
    const recorded = () => k.selectFrom('cart_items').select('seen_price').where('id', '=', line.id).executeTakeFirst();
    expect((await recorded())?.seen_price).toBe(v.price);
    // The next answer no longer reports it; this page still shows it.
    await changeQuantity(line.id, 2);
    expect($cart.get().cart.lines[0]).toMatchObject({ quantity: 2, priceChangedFrom: v.price + 900 });
    // Told once: a second call sends nothing.
    await k.updateTable('cart_items').set({ seen_price: 1 }).where('id', '=', line.id).execute();
    await acknowledgePrices();
    expect((await recorded())?.seen_price).toBe(1);
    // A new page view reads what the server says.
    resetCartForTests();
    await k.updateTable('cart_items').set({ seen_price: v.price }).where('id', '=', line.id).execute();
    await loadCart();
    expect($cart.get().cart.lines[0]?.priceChangedFrom).toBeNull();
  });
});
