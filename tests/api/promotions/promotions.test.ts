import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseUnpaid } from '../../../src/server/payment/sweep.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFailure, okResult } from '../../helpers/wire-asserts.ts';
import { registerMember } from '../accounts/users-helpers.ts';
import { cartOf, variantPriced } from '../cart/cart-helpers.ts';
import { type Buyer, bodyFor, guestBuyer, memberBuyer, newKey, order, quote } from '../orders/orders-helpers.ts';
import { newCode, usedOf } from './promotions-helpers.ts';

/** Promotions across the quote and the order, on the demo shop with its anniversary promotions running. */
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true, promotions: true });
});
afterAll(() => shop.close());

const HOME = { shipping: { method: 'home', city: '臺北市' } };
const couponError = (r: { status: number; json: { errors?: Record<string, string> } }) => {
  expectFailure(r, 422, 'COUPON_REFUSED');
  return r.json.errors?.coupon ?? '';
};

describe('the quote', () => {
  it('applies the anniversary code (any case) instead of the spend-more discount, which it does not combine with', async () => {
    const v = await variantPriced(shop, 4_000, 5_000);
    const buyer = await memberBuyer(shop, [[v, 1]]);
    const plain = okResult(await quote(shop, buyer, HOME));
    expect(plain.discounts).toEqual([{ kind: 'auto', code: null, name: '週年慶滿額折', amount: 300 }]);
    expect(plain.discount_total).toBe(300);
    expect(plain.total).toBe(plain.subtotal + plain.shipping_fee - 300);
    expect(plain.nudge).toEqual({
      need: 6_000 - v.price,
      off: 800,
      name: '週年慶滿額折',
      message: `再買 NT$${(6_000 - v.price).toLocaleString('en-US')} 享折 NT$800`,
    });
    const coded = okResult(await quote(shop, buyer, { ...HOME, coupon: ' anniv2026 ' }, 'en'));
    const off = Math.floor(v.price / 10);
    expect(coded.discounts).toEqual([
      { kind: 'coupon', code: 'ANNIV2026', name: 'Anniversary code: 10% off', amount: off },
    ]);
    expect(coded.total).toBe(coded.subtotal + coded.shipping_fee - off);
    expect(coded.lines[0].discount).toBe(off);
    expect(coded.nudge).toBeNull();
  });

  it('refuses a code with its reason beside the field, in the shopper language', async () => {
    const v = await variantPriced(shop, 1_000, 2_000);
    const buyer = await memberBuyer(shop, [[v, 1]]);
    const expired = await newCode(shop, { off: '100', to: '2026-11-20' });
    const early = await newCode(shop, { off: '100', from: '2026-11-22' });
    const minimum = await newCode(shop, { off: '100', min: '99999' });
    const otherBrand = await newCode(shop, { off: '100', brands: 'no-such-brand' });
    const members = await newCode(shop, { off: '100', membersOnly: true });
    const cases: [string, string, string][] = [
      ['NOPE-CODE', '找不到這個優惠碼', 'This code does not exist'],
      [expired, '已過期', 'has expired'],
      [early, '還沒開始使用', 'cannot be used yet'],
      [minimum, '須滿 NT$99,999', 'needs NT$99,999'],
      [otherBrand, '沒有適用', 'does not apply to the products'],
    ];
    for (const [code, zh, en] of cases) {
      expect(couponError(await quote(shop, buyer, { ...HOME, coupon: code }))).toContain(zh);
      expect(couponError(await quote(shop, buyer, { ...HOME, coupon: code }, 'en'))).toContain(en);
    }
    const guest = await guestBuyer(shop, [[v, 1]]);
    expect(couponError(await quote(shop, guest, { ...HOME, coupon: members }))).toContain('限會員使用');
    expect(okResult(await quote(shop, buyer, { ...HOME, coupon: members })).discount_total).toBe(100);
  });

  it('refuses a code used up, one the member already used, and a first-order code after a first order', async () => {
    const v = await variantPriced(shop, 1_000, 2_000);
    const once = await newCode(shop, { off: '50', uses: '1' });
    const perMember = await newCode(shop, { off: '50', perMember: '1' });
    const first = await newCode(shop, { off: '50', firstOrder: true });
    const a = await memberBuyer(shop, [[v, 1]]);
    expect((await order(shop, a, bodyFor(a, { coupon: once }))).status).toBe(201);
    const b = await memberBuyer(shop, [[v, 1]]);
    expect(couponError(await quote(shop, b, { ...HOME, coupon: once }))).toContain('已經被用完');
    expect(okResult(await quote(shop, b, { ...HOME, coupon: first })).discount_total).toBe(50);
    expect((await order(shop, b, bodyFor(b, { coupon: perMember }))).status).toBe(201);
    okResult(await cartOf(shop, { token: b.token }).add(v.sku, 1));
    expect(couponError(await quote(shop, b, { ...HOME, coupon: perMember }))).toContain('您已用過');
    expect(couponError(await quote(shop, b, { ...HOME, coupon: first }))).toContain('只限首次購物');
  });
});

describe('the order', () => {
  it('keeps what the quote showed: the same discounts, lines that add up, and the total ECPay is asked for', async () => {
    const [v, w] = [await variantPriced(shop, 2_000, 3_000), await variantPriced(shop, 300, 900)];
    const buyer = await memberBuyer(shop, [
      [v, 2],
      [w, 3],
    ]);
    const body = bodyFor(buyer, { coupon: 'Anniv2026', payment: 'credit' });
    const q = okResult(await quote(shop, buyer, { shipping: body.shipping, payment: 'credit', coupon: 'Anniv2026' }));
    const placed = await order(shop, buyer, body);
    expect(placed.status).toBe(201);
    const o = placed.json.result;
    expect(o.discounts).toEqual(q.discounts);
    expect(o.discount_total).toBe(q.discount_total);
    expect(o.total).toBe(q.total);
    expect(o.total).toBe(o.subtotal + o.shipping_fee - o.discount_total);
    expect(o.lines.reduce((s: number, l: { discount: number }) => s + l.discount, 0)).toBe(o.discount_total);
    const pay = await shop.call('POST', `/api/orders/${o.no}/payment`, { token: buyer.token });
    expect(pay.status).toBe(200);
    expect(pay.json.result.fields.TotalAmount).toBe(String(o.total));
    const seen = okResult(await shop.call('GET', `/api/orders/${o.no}`, { token: buyer.token, lang: 'en' }));
    expect(seen.discounts).toEqual([
      { kind: 'coupon', code: 'ANNIV2026', name: 'Anniversary code: 10% off', amount: o.discount_total },
    ]);
  });

  it('replays the same discount for the same Idempotency-Key, using the code once', async () => {
    const v = await variantPriced(shop, 1_000, 2_000);
    const code = await newCode(shop, { off: '120', uses: '5' });
    const buyer = await memberBuyer(shop, [[v, 1]]);
    const key = newKey();
    const first = await order(shop, buyer, bodyFor(buyer, { coupon: code }), { key });
    const again = await order(shop, buyer, bodyFor(buyer, { coupon: code }), { key });
    expect(first.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(first.json.result.discount_total).toBe(120);
    expect(await usedOf(shop, code)).toBe(1);
  });

  it('refuses the code in the order when it cannot be used, taking no stock and placing nothing', async () => {
    const v = await variantPriced(shop, 1_000, 2_000, 7);
    const code = await newCode(shop, { off: '100', min: '99999' });
    const buyer = await memberBuyer(shop, [[v, 1]]);
    expect(couponError(await order(shop, buyer, bodyFor(buyer, { coupon: code })))).toContain('須滿');
    const stock = await shop.deps.db.kysely
      .selectFrom('variants')
      .select('stock')
      .where('id', '=', v.id)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(7);
    const mine = okResult(await shop.call('GET', '/api/orders', { token: buyer.token }));
    expect(mine.total).toBe(0);
  });
});

describe('exactly once', () => {
  it('gives the last use to one of 20 concurrent orders; the others are refused and take nothing', async () => {
    const v = await variantPriced(shop, 1_000, 2_000, 100);
    const code = await newCode(shop, { off: '200', uses: '1' });
    const buyers: Buyer[] = [];
    for (let i = 0; i < 20; i++) buyers.push(await memberBuyer(shop, [[v, 1]]));
    const answers = await Promise.all(buyers.map((b) => order(shop, b, bodyFor(b, { coupon: code }))));
    const placed = answers.filter((a) => a.status === 201);
    expect(placed).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) expect(couponError(a)).toContain('用完');
    expect(placed[0]!.json.result.discount_total).toBe(200);
    expect(await usedOf(shop, code)).toBe(1);
    const stock = await shop.deps.db.kysely
      .selectFrom('variants')
      .select('stock')
      .where('id', '=', v.id)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(99);
  });

  it('holds a per-member limit across two tabs', async () => {
    const v = await variantPriced(shop, 1_000, 2_000);
    const code = await newCode(shop, { off: '80', perMember: '1' });
    const { token, phone } = await registerMember(shop);
    const buyer = { token, phone };
    okResult(await cartOf(shop, { token }).add(v.sku, 2));
    // Two tabs order one item each at the same moment, both with the code.
    const tabs = await Promise.all([
      order(shop, buyer, bodyFor(buyer, { coupon: code })),
      order(shop, buyer, bodyFor(buyer, { coupon: code })),
    ]);
    expect(tabs.filter((t) => t.status === 201)).toHaveLength(1);
    expect(await usedOf(shop, code)).toBe(1);
  });

  it('gives a use back once when its order is cancelled, twice over or not', async () => {
    const v = await variantPriced(shop, 1_000, 2_000);
    const code = await newCode(shop, { off: '90', uses: '1' });
    const a = await memberBuyer(shop, [[v, 1]]);
    const no = okResult({ ...(await order(shop, a, bodyFor(a, { coupon: code }))), status: 200 }).no;
    expect(await usedOf(shop, code)).toBe(1);
    await Promise.all([
      shop.call('POST', `/api/orders/${no}/cancel`, { token: a.token, body: {} }),
      shop.call('POST', `/api/orders/${no}/cancel`, { token: a.token, body: {} }),
    ]);
    expect(await usedOf(shop, code)).toBe(0);
    const b = await memberBuyer(shop, [[v, 1]]);
    expect((await order(shop, b, bodyFor(b, { coupon: code }))).status).toBe(201);
    expect(await usedOf(shop, code)).toBe(1);
  });

  it('gives a use back when an unpaid order expires', async () => {
    const v = await variantPriced(shop, 1_000, 2_000);
    const code = await newCode(shop, { off: '70', uses: '3' });
    const a = await memberBuyer(shop, [[v, 1]]);
    expect((await order(shop, a, bodyFor(a, { coupon: code, payment: 'credit' }))).status).toBe(201);
    expect(await usedOf(shop, code)).toBe(1);
    shop.clock.advance(31 * 60_000);
    expect((await releaseUnpaid(shop.deps)).length).toBeGreaterThanOrEqual(1);
    expect(await usedOf(shop, code)).toBe(0);
  });
});
