import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFailure, okResult } from '../../helpers/wire-asserts.ts';
import { variantPriced } from '../cart/cart-helpers.ts';
import { bodyFor, memberBuyer, order, quote } from '../orders/orders-helpers.ts';

/** ECPay's cashier takes each method only within its amounts: the shop never offers what it would refuse. */
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

const methodOf = (
  q: { payment_methods: { code: string; available: boolean; reason: string | null }[] },
  code: string,
) => q.payment_methods.find((m) => m.code === code)!;

describe('payment amount limits', () => {
  it('a NT$25,000 quote offers ATM and card but not the store code, and says why in each language', async () => {
    const v = await variantPriced(shop, 5_000, 12_500);
    const buyer = await memberBuyer(shop, [[v, Math.ceil(25_000 / v.price)]]);
    const body = { shipping: { method: 'home', city: '臺北市' }, payment: 'cvs_code' };
    const zh = okResult(await quote(shop, buyer, body, 'zh-TW'));
    expect(zh.total).toBeGreaterThanOrEqual(25_000);
    expect(methodOf(zh, 'cvs_code').available).toBe(false);
    expect(methodOf(zh, 'cvs_code').reason).toContain('NT$6,000');
    expect(methodOf(zh, 'cvs_code').reason).toContain('付款方式');
    expect(methodOf(zh, 'atm').available).toBe(true);
    expect(methodOf(zh, 'credit').available).toBe(true);
    expect(zh.can_order).toBe(false);
    const en = okResult(await quote(shop, buyer, body, 'en'));
    expect(methodOf(en, 'cvs_code').reason).toMatch(/NT\$33 to NT\$6,000.*Choose another payment method/);
  });

  it('an order by store code above its limit is refused and takes no stock', async () => {
    const v = await variantPriced(shop, 6_001, 49_000);
    const buyer = await memberBuyer(shop, [[v, 1]]);
    const before = await shop.deps.db.kysely
      .selectFrom('variants')
      .select('stock')
      .where('id', '=', v.id)
      .executeTakeFirstOrThrow();
    const res = await order(shop, buyer, bodyFor(buyer, { payment: 'cvs_code' }));
    expectFailure(res, 409, 'PAYMENT_UNAVAILABLE');
    const after = await shop.deps.db.kysely
      .selectFrom('variants')
      .select('stock')
      .where('id', '=', v.id)
      .executeTakeFirstOrThrow();
    expect(after.stock).toBe(before.stock);
  });

  it('takes its limits from the configuration', async () => {
    const v = await variantPriced(shop, 1_000, 5_000);
    const buyer = await memberBuyer(shop, [[v, 1]]);
    const body = { shipping: { method: 'home', city: '臺北市' }, payment: 'atm' };
    expect(methodOf(okResult(await quote(shop, buyer, body)), 'atm').available).toBe(true);
    shop.deps.env.ECPAY_LIMIT_ATM = { min: 11, max: 500 };
    try {
      const q = okResult(await quote(shop, buyer, body, 'en'));
      expect(methodOf(q, 'atm')).toMatchObject({ available: false });
      expect(methodOf(q, 'atm').reason).toContain('NT$500');
    } finally {
      shop.deps.env.ECPAY_LIMIT_ATM = undefined;
    }
  });
});
