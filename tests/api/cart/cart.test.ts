import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../src/server/common/tokens.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFailure, okResult } from '../../helpers/wire-asserts.ts';
import { CART_KEYS, cartOf, LINE_KEYS, newGuest, pickVariants, setStock } from './cart-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

describe('GET /api/cart', () => {
  it('answers an empty cart to a shopper without a cart, never cached', async () => {
    const r = await cartOf(shop).get();
    expect(okResult(r)).toEqual({ lines: [], count: 0, subtotal: 0, warnings: [], can_checkout: false });
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a cart token that names no cart (made up, malformed) with 404', async () => {
    expectFailure(await cartOf(shop, { cartToken: 'A'.repeat(22) }).get(), 404, 'CART_NOT_FOUND');
    const bad = await cartOf(shop, { cartToken: 'not a token', lang: 'en' }).get();
    expectFailure(bad, 404, 'CART_NOT_FOUND');
    expect(bad.json.message).toMatch(/cart was not found/);
  });

  it('refuses a bad Bearer token with 401 rather than answering a guest cart', async () => {
    expectFailure(await cartOf(shop, { token: 'B'.repeat(22) }).get(), 401, 'UNAUTHENTICATED');
  });
});

describe('POST /api/cart/items', () => {
  it('issues a guest cart token on the first add, stores only its hash, and answers the whole cart', async () => {
    const [v] = await pickVariants(shop, 1);
    const { cartToken, cart } = await newGuest(shop, v!.sku, 2);
    expect(Object.keys(cart).sort()).toEqual([...CART_KEYS, 'cart_token'].sort());
    expect(cart.count).toBe(2);
    expect(cart.subtotal).toBe(v!.price * 2);
    expect(cart.can_checkout).toBe(true);
    const [line] = cart.lines;
    expect(Object.keys(line).sort()).toEqual(LINE_KEYS);
    expect(line).toMatchObject({
      sku: v!.sku,
      product_slug: v!.productSlug,
      unit_price: v!.price,
      quantity: 2,
      line_total: v!.price * 2,
      stock_state: 'in_stock',
      available: 10,
    });
    expect(line.name.length).toBeGreaterThan(0);
    expect(line.image.src).toMatch(/^\//);
    const stored = await shop.deps.db.kysely.selectFrom('carts').select('token_hash').execute();
    const hashes = stored.map((r) => r.token_hash);
    expect(hashes).toContain(sha256(cartToken));
    expect(hashes).not.toContain(cartToken);
    const again = okResult(await cartOf(shop, { cartToken }).get());
    expect(again.cart_token).toBeUndefined();
    expect(again.lines).toEqual(cart.lines);
  });

  it('adds to the line of a variant already in the cart', async () => {
    const [v] = await pickVariants(shop, 1);
    const { cartToken } = await newGuest(shop, v!.sku, 2);
    const cart = okResult(await cartOf(shop, { cartToken }).add(v!.sku, 3));
    expect(cart.cart_token).toBeUndefined();
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0].quantity).toBe(5);
    expect(cart.count).toBe(5);
  });

  it('names the product and option in the request language', async () => {
    const [v] = await pickVariants(shop, 1);
    const { cartToken, cart } = await newGuest(shop, v!.sku);
    const en = okResult(await cartOf(shop, { cartToken, lang: 'en' }).get());
    const row = await shop.deps.db.kysely
      .selectFrom('products')
      .select(['name_zh', 'name_en'])
      .where('id', '=', v!.productId)
      .executeTakeFirstOrThrow();
    expect(cart.lines[0].name).toBe(row.name_zh);
    expect(en.lines[0].name).toBe(row.name_en);
  });

  it.each([
    ['zero', 0],
    ['100', 100],
    ['a fraction', 1.5],
    ['a string', '2'],
    ['a negative', -1],
    ['nothing', undefined],
  ])('refuses %s as a quantity with 400 beside the field, and changes nothing', async (_, quantity) => {
    const [v] = await pickVariants(shop, 1, 200);
    const { cartToken } = await newGuest(shop, v!.sku);
    const r = await cartOf(shop, { cartToken, lang: 'en' }).add(v!.sku, quantity);
    expectFailure(r, 400, 'VALIDATION_FAILED');
    expect(r.json.errors).toEqual({
      quantity:
        quantity === undefined
          ? 'This field is required.'
          : typeof quantity === 'string'
            ? 'This field must be a number, not text.'
            : 'The quantity is a whole number from 1 to 99.',
    });
    const zh = await cartOf(shop, { cartToken }).add(v!.sku, 0);
    expect(zh.json.errors.quantity).toBe('數量須為 1 到 99 的整數。');
    expect(okResult(await cartOf(shop, { cartToken }).get()).count).toBe(1);
  });

  it('ignores prices from the client: a price key is refused and totals come from the database', async () => {
    const [v] = await pickVariants(shop, 1);
    const r = await cartOf(shop).addRaw({ sku: v!.sku, quantity: 1, unit_price: 1 });
    expectFailure(r, 400, 'UNKNOWN_FIELD');
    expect(Object.keys(r.json.errors)).toEqual(['unit_price']);
    const { cartToken } = await newGuest(shop, v!.sku, 3);
    await shop.deps.db.kysely.updateTable('variants').set({ price: 4321 }).where('id', '=', v!.id).execute();
    const cart = okResult(await cartOf(shop, { cartToken }).get());
    expect(cart.lines[0]).toMatchObject({ unit_price: 4321, line_total: 4321 * 3 });
    expect(cart.subtotal).toBe(4321 * 3);
  });

  it('answers 409 with how many are left when the quantity passes the stock', async () => {
    const [v] = await pickVariants(shop, 1, 3);
    const r = await cartOf(shop).add(v!.sku, 4);
    expectFailure(r, 409, 'OUT_OF_STOCK');
    expect(r.json.message).toBe('庫存不足：這個規格目前只剩 3 件，請減少數量。');
    const { cartToken } = await newGuest(shop, v!.sku, 2);
    const more = await cartOf(shop, { cartToken, lang: 'en' }).add(v!.sku, 2);
    expectFailure(more, 409, 'OUT_OF_STOCK');
    expect(more.json.message).toBe('Not enough stock: only 3 of this option are left. Choose a smaller quantity.');
    expect(okResult(await cartOf(shop, { cartToken }).get()).lines[0].quantity).toBe(2);
  });

  it('refuses a sold-out variant with 409 and creates no cart', async () => {
    const [v] = await pickVariants(shop, 1, 0);
    const before = await shop.deps.db.kysely.selectFrom('carts').select('id').execute();
    expectFailure(await cartOf(shop).add(v!.sku, 1), 409, 'SOLD_OUT');
    const after = await shop.deps.db.kysely.selectFrom('carts').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('answers 404 for an unknown SKU and for a withdrawn product', async () => {
    expectFailure(await cartOf(shop).add('NO-SUCH-SKU', 1), 404, 'PRODUCT_UNAVAILABLE');
    const [v] = await pickVariants(shop, 1);
    await shop.deps.db.kysely.updateTable('products').set({ withdrawn_at: 1 }).where('id', '=', v!.productId).execute();
    try {
      expectFailure(await cartOf(shop).add(v!.sku, 1), 404, 'PRODUCT_UNAVAILABLE');
    } finally {
      await shop.deps.db.kysely
        .updateTable('products')
        .set({ withdrawn_at: null })
        .where('id', '=', v!.productId)
        .execute();
    }
  });

  it('caps a line at 99 units, counting what is already in the cart', async () => {
    const [v] = await pickVariants(shop, 1, 500);
    const { cartToken } = await newGuest(shop, v!.sku, 60);
    const r = await cartOf(shop, { cartToken, lang: 'en' }).add(v!.sku, 40);
    expectFailure(r, 409, 'CART_LINE_LIMIT');
    expect(r.json.message).toBe('Each item is limited to 99; your cart already has 60.');
    expect(okResult(await cartOf(shop, { cartToken }).add(v!.sku, 39)).lines[0].quantity).toBe(99);
  });

  it('holds at most 50 lines', async () => {
    const vs = await pickVariants(shop, 51);
    const { cartToken } = await newGuest(shop, vs[0]!.sku);
    const guest = cartOf(shop, { cartToken });
    for (const v of vs.slice(1, 50)) expect((await guest.add(v.sku, 1)).status).toBe(200);
    expectFailure(await guest.add(vs[50]!.sku, 1), 409, 'CART_FULL');
    const cart = okResult(await guest.get());
    expect(cart.lines).toHaveLength(50);
    // A variant already in the full cart can still grow.
    expect(okResult(await guest.add(vs[0]!.sku, 1)).count).toBe(51);
  });
});

describe('PATCH and DELETE /api/cart/items/{id}', () => {
  it('changes a quantity within 1 to 99 and the stock', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const { cartToken, cart } = await newGuest(shop, v!.sku);
    const guest = cartOf(shop, { cartToken });
    const id = cart.lines[0].id;
    expect(okResult(await guest.patch(id, 4))).toMatchObject({ count: 4, subtotal: v!.price * 4 });
    expectFailure(await guest.patch(id, 6), 409, 'OUT_OF_STOCK');
    for (const q of [0, 100, 2.5, '3', -2]) expectFailure(await guest.patch(id, q), 400, 'VALIDATION_FAILED');
    expect(okResult(await guest.get()).lines[0].quantity).toBe(4);
  });

  it('removes a line', async () => {
    const [a, b] = await pickVariants(shop, 2);
    const { cartToken, cart } = await newGuest(shop, a!.sku);
    const guest = cartOf(shop, { cartToken });
    okResult(await guest.add(b!.sku, 2));
    const after = okResult(await guest.remove(cart.lines[0].id));
    expect(after.lines.map((l: { sku: string }) => l.sku)).toEqual([b!.sku]);
    expectFailure(await guest.remove(cart.lines[0].id), 404, 'CART_LINE_NOT_FOUND');
  });

  it('answers 404 for another cart’s line, a made-up id and a foreign cart token', async () => {
    const [a, b] = await pickVariants(shop, 2);
    const mine = await newGuest(shop, a!.sku);
    const theirs = await newGuest(shop, b!.sku);
    const guest = cartOf(shop, { cartToken: mine.cartToken });
    const foreignLine = theirs.cart.lines[0].id;
    expectFailure(await guest.patch(foreignLine, 2), 404, 'CART_LINE_NOT_FOUND');
    expectFailure(await guest.remove(foreignLine), 404, 'CART_LINE_NOT_FOUND');
    for (const id of ['999999999', 'abc', '0', '-1'])
      expectFailure(await guest.patch(id, 1), 404, 'CART_LINE_NOT_FOUND');
    expectFailure(await cartOf(shop).remove(foreignLine), 404, 'CART_LINE_NOT_FOUND');
    expectFailure(await cartOf(shop, { cartToken: 'x'.repeat(22) }).remove(foreignLine), 404, 'CART_NOT_FOUND');
    expect(okResult(await cartOf(shop, { cartToken: theirs.cartToken }).get()).count).toBe(1);
  });
});

describe('warnings', () => {
  it('reports a changed price until the shopper changes the line, and keeps it in the subtotal', async () => {
    const [v] = await pickVariants(shop, 1);
    const { cartToken, cart } = await newGuest(shop, v!.sku, 2);
    const guest = cartOf(shop, { cartToken, lang: 'en' });
    await shop.deps.db.kysely
      .updateTable('variants')
      .set({ price: v!.price + 1000 })
      .where('id', '=', v!.id)
      .execute();
    const now = okResult(await guest.get());
    expect(now.warnings).toEqual([
      {
        line_id: cart.lines[0].id,
        code: 'PRICE_CHANGED',
        message: `The price changed from NT$${v!.price.toLocaleString('en-US')} to NT$${(v!.price + 1000).toLocaleString('en-US')}.`,
        previous_price: v!.price,
        price: v!.price + 1000,
      },
    ]);
    expect(now.can_checkout).toBe(true);
    expect(now.subtotal).toBe((v!.price + 1000) * 2);
    expect(okResult(await guest.patch(cart.lines[0].id, 1)).warnings).toEqual([]);
  });

  it('reports short stock, sold out and withdrawn lines beside their lines and keeps them out of the subtotal', async () => {
    const picked = await pickVariants(shop, 16);
    const [a, b, c, d] = picked.filter((v, i) => picked.findIndex((w) => w.productId === v.productId) === i);
    const { cartToken } = await newGuest(shop, a!.sku, 5);
    const guest = cartOf(shop, { cartToken });
    for (const v of [b!, c!, d!]) okResult(await guest.add(v.sku, 1));
    await setStock(shop, a!.sku, 2);
    await setStock(shop, b!.sku, 0);
    await shop.deps.db.kysely.updateTable('products').set({ withdrawn_at: 1 }).where('id', '=', c!.productId).execute();
    try {
      const cart = okResult(await guest.get());
      const state = Object.fromEntries(
        cart.lines.map((l: { sku: string; stock_state: string }) => [l.sku, l.stock_state]),
      );
      expect(state[a!.sku]).toBe('short');
      expect(state[b!.sku]).toBe('sold_out');
      expect(state[c!.sku]).toBe('withdrawn');
      expect(cart.warnings.map((w: { code: string }) => w.code).sort()).toEqual([
        'SOLD_OUT',
        'STOCK_SHORT',
        'WITHDRAWN',
      ]);
      expect(cart.warnings.find((w: { code: string }) => w.code === 'STOCK_SHORT')).toMatchObject({
        available: 2,
        message: '庫存只剩 2 件，請減少數量後再結帳。',
      });
      expect(cart.subtotal).toBe(d!.price);
      expect(cart.can_checkout).toBe(false);
      const short = cart.lines.find((l: { sku: string }) => l.sku === a!.sku);
      expectFailure(await guest.patch(short.id, 3), 409, 'OUT_OF_STOCK');
      expect(okResult(await guest.patch(short.id, 2)).warnings).toHaveLength(2);
      const gone = cart.lines.find((l: { sku: string }) => l.sku === c!.sku);
      expectFailure(await guest.patch(gone.id, 1), 404, 'PRODUCT_UNAVAILABLE');
      expect(okResult(await guest.remove(gone.id)).lines).toHaveLength(3);
    } finally {
      await shop.deps.db.kysely
        .updateTable('products')
        .set({ withdrawn_at: null })
        .where('id', '=', c!.productId)
        .execute();
    }
  });
});
