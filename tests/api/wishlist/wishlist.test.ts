import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WISHLIST_MAX } from '../../../src/config.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFailure, expectPaged, okResult } from '../../helpers/wire-asserts.ts';
import { registerMember } from '../accounts/users-helpers.ts';
import { pickVariants, setStock } from '../cart/cart-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

const put = (token: string | undefined, sku: string, lang?: string) =>
  shop.call('PUT', `/api/wishlist/${encodeURIComponent(sku)}`, { token, lang });
const del = (token: string, sku: string) => shop.call('DELETE', `/api/wishlist/${encodeURIComponent(sku)}`, { token });
const list = (token: string, query = '', lang?: string) => shop.call('GET', `/api/wishlist${query}`, { token, lang });

describe('the wishlist', () => {
  it('is a member’s: saves once, lists newest first with today’s price and stock, removes', async () => {
    const [a, b, c] = await pickVariants(shop, 3, 10);
    const m = await registerMember(shop);
    expectFailure(await list(''), 401, 'UNAUTHENTICATED');
    expectFailure(await put(undefined, a!.sku), 401, 'UNAUTHENTICATED');
    expect(okResult(await put(m.token, a!.sku))).toEqual({ sku: a!.sku, count: 1, saved: true });
    shop.clock.advance(1000);
    okResult(await put(m.token, b!.sku));
    shop.clock.advance(1000);
    okResult(await put(m.token, c!.sku));
    // Saving again changes nothing and keeps its place.
    expect(okResult(await put(m.token, a!.sku)).count).toBe(3);
    const all = okResult(await list(m.token));
    expectPaged(all, 3, 1, 12);
    expect(all.data.map((i: { sku: string }) => i.sku)).toEqual([c!.sku, b!.sku, a!.sku]);
    expect(Object.keys(all.data[0]).sort()).toEqual([
      'added_at',
      'compare_at_price',
      'image',
      'option',
      'price',
      'product',
      'sku',
      'stock_state',
    ]);
    // The price and stock shown are the shop's now.
    await shop.deps.db.kysely.updateTable('variants').set({ price: 1234 }).where('sku', '=', b!.sku).execute();
    await setStock(shop, b!.sku, 0);
    const page2 = okResult(await list(m.token, '?page=2&page_size=1'));
    expectPaged(page2, 3, 2, 1);
    expect(page2.data[0]).toMatchObject({ sku: b!.sku, price: 1234, stock_state: 'out' });
    const narrowed = okResult(await list(m.token, `?skus=${encodeURIComponent(`${a!.sku},NOPE`)}`));
    expect(narrowed.data.map((i: { sku: string }) => i.sku)).toEqual([a!.sku]);
    const byProduct = okResult(await list(m.token, `?products=${a!.productSlug}`));
    expect(byProduct.data.map((i: { sku: string }) => i.sku)).toContain(a!.sku);
    expect(okResult(await del(m.token, b!.sku))).toEqual({ sku: b!.sku, count: 2, saved: false });
    expect(okResult(await del(m.token, b!.sku)).count).toBe(2);
    // Another member's list is their own.
    const other = await registerMember(shop);
    expect(okResult(await list(other.token)).total).toBe(0);
  });

  it('merges a guest’s saved taps at login: each PUT once, what the member had stays, a gone SKU is skipped', async () => {
    const [had, tapped] = await pickVariants(shop, 2, 5);
    const m = await registerMember(shop);
    okResult(await put(m.token, had!.sku));
    // The browser kept these while logged out; after login it PUTs each (as src/stores/wishlist.ts does).
    const guestTaps = [tapped!.sku, had!.sku, 'GONE-SKU'];
    const answers = await Promise.all(guestTaps.map((sku) => put(m.token, sku)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 404]);
    expectFailure(answers[2]!, 404, 'PRODUCT_UNAVAILABLE');
    const merged = okResult(await list(m.token));
    expect(merged.data.map((i: { sku: string }) => i.sku).sort()).toEqual([had!.sku, tapped!.sku].sort());
  });

  it(`holds at most ${WISHLIST_MAX} variants`, async () => {
    const m = await registerMember(shop);
    const member = await shop.deps.db.kysely
      .selectFrom('sessions')
      .select('member_id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const variants = await shop.deps.db.kysely
      .selectFrom('variants')
      .select('id')
      .orderBy('id', 'desc')
      .limit(WISHLIST_MAX)
      .execute();
    expect(variants).toHaveLength(WISHLIST_MAX);
    await shop.deps.db.kysely
      .insertInto('wishlist_items')
      .values(variants.map((v) => ({ user_id: member.member_id, variant_id: v.id, created_at: 1 })))
      .execute();
    const [more] = await pickVariants(shop, 1, 5);
    const r = await put(m.token, more!.sku, 'en');
    expectFailure(r, 409, 'WISHLIST_FULL');
    expect(r.json.message).toBe(`A wishlist holds at most ${WISHLIST_MAX} items. Remove some first.`);
  });

  it('says what is wrong in the request’s language', async () => {
    const m = await registerMember(shop);
    const zh = await list(m.token, '?page=0');
    expectFailure(zh, 400, 'VALIDATION_FAILED');
    expect(zh.json.errors.page).toBe('格式不正確。');
    const en = await list(m.token, '?page_size=x&skus=a%20b', 'en');
    expectFailure(en, 400, 'VALIDATION_FAILED');
    expect(en.json.errors).toMatchObject({ page_size: 'Enter a number.', 'skus.0': 'Choose a product option.' });
    const unknown = await put(m.token, 'NO-SUCH', 'en');
    expect(unknown.json.message).toBe('This product is no longer sold or does not exist. Choose another one.');
    expectFailure(await list(m.token, '?colour=red'), 400, 'UNKNOWN_FIELD');
  });
});
