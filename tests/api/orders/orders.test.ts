import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECPAY_AMOUNT_LIMITS } from '../../../src/config.ts';
import { CVS_FREE_OVER, HOME_FREE_OVER, HOME_OUTLYING_FEE } from '../../../src/server/seed/shipping.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFailure, okResult } from '../../helpers/wire-asserts.ts';
import { cartOf, pickVariants } from '../cart/cart-helpers.ts';
import { stockOf } from './orders-fixtures.ts';
import { bodyFor, bulkyVariant, memberBuyer, order, orderBody, quote } from './orders-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

const ORDER_KEYS = [
  'can_cancel',
  'can_pay',
  'cancel_needs_shop',
  'count',
  'created_at',
  'discount_total',
  'discounts',
  'invoice',
  'lines',
  'no',
  'note',
  'payment',
  'receiver',
  'shipment',
  'shipping',
  'shipping_fee',
  'state',
  'subtotal',
  'timeline',
  'total',
];

describe('POST /api/checkout/quote', () => {
  it('quotes the cart: lines, subtotal, the fee of the chosen method and every method with its fee', async () => {
    const [a, b] = await pickVariants(shop, 2);
    const buyer = await memberBuyer(shop, [
      [a!, 1],
      [b!, 2],
    ]);
    const subtotal = a!.price + b!.price * 2;
    const q = okResult(await quote(shop, buyer, { shipping: { method: 'home', city: '台北市' } }));
    expect(Object.keys(q).sort()).toEqual(
      [
        'can_order',
        'count',
        'discount_total',
        'discounts',
        'free_shipping_over',
        'installments',
        'lines',
        'nudge',
        'payment_methods',
        'shipping_fee',
        'shipping_methods',
        'store',
        'subtotal',
        'total',
        'warnings',
      ].sort(),
    );
    expect(Object.keys(q.lines[0]).sort()).toEqual(
      [
        'brand_slug',
        'discount',
        'image',
        'line_total',
        'name',
        'option_name',
        'option_value',
        'price_changed_from',
        'product_slug',
        'quantity',
        'sku',
        'unit_price',
      ].sort(),
    );
    expect(Object.keys(q.payment_methods[0]).sort()).toEqual(['available', 'code', 'name', 'reason']);
    expect(q.lines.map((l: { sku: string }) => l.sku)).toEqual([a!.sku, b!.sku]);
    expect(q.subtotal).toBe(subtotal);
    expect(q.count).toBe(3);
    const home = q.shipping_methods.find((m: { code: string }) => m.code === 'home');
    const expectedFee = subtotal >= HOME_FREE_OVER ? 0 : 100;
    expect(home).toEqual({ code: 'home', name: '宅配到府', available: true, reason: null, fee: expectedFee });
    expect(q.shipping_fee).toBe(expectedFee);
    expect(q.total).toBe(subtotal + expectedFee);
    expect(q.free_shipping_over).toBe(HOME_FREE_OVER);
    expect(q.shipping_methods.map((m: { code: string }) => m.code)).toEqual(['home', 'cvs', 'shop']);
    expect(q.store).toBeNull();
    expect(q.can_order).toBe(false);
    const codes = (m: { code: string; available: boolean }[]) => m.filter((x) => x.available).map((x) => x.code);
    // The store code only within the cashier's limits (NT$33 to NT$6,000).
    const cvsCode = q.total <= ECPAY_AMOUNT_LIMITS.cvs_code.max ? ['cvs_code'] : [];
    expect(codes(q.payment_methods)).toEqual(['credit', 'atm', ...cvsCode, 'cod']);
    const withPay = okResult(await quote(shop, buyer, { shipping: { method: 'home' }, payment: 'cod' }));
    expect(withPay.can_order).toBe(true);
  });

  it('charges the `price` variable under the free threshold and nothing from it on', async () => {
    const [v] = await pickVariants(shop, 1);
    await shop.deps.db.kysely.updateTable('variants').set({ price: 990 }).where('id', '=', v!.id).execute();
    const buyer = await memberBuyer(shop, [[{ ...v!, price: 990 }, 1]]);
    await shop.deps.db.kysely.updateTable('sys_vars').set({ data: '120' }).where('code', '=', 'price').execute();
    try {
      const q = okResult(await quote(shop, buyer, { shipping: { method: 'home' } }));
      expect(q).toMatchObject({ subtotal: 990, shipping_fee: 120, total: 1110 });
      const cvs = q.shipping_methods.find((m: { code: string }) => m.code === 'cvs');
      expect(cvs).toMatchObject({ available: true, fee: 60 });
      await cartOf(shop, { token: buyer.token }).add(v!.sku, 3);
      const free = okResult(await quote(shop, buyer, { shipping: { method: 'cvs' } }));
      expect(free.subtotal).toBe(3960);
      expect(free.subtotal).toBeGreaterThanOrEqual(CVS_FREE_OVER);
      expect(free.shipping_fee).toBe(0);
      expect(free.shipping_methods.find((m: { code: string }) => m.code === 'home').fee).toBe(0);
    } finally {
      await shop.deps.db.kysely.updateTable('sys_vars').set({ data: '100' }).where('code', '=', 'price').execute();
    }
  });

  it('charges the outlying-island fee for Penghu, Kinmen and Matsu', async () => {
    const [v] = await pickVariants(shop, 1);
    const buyer = await memberBuyer(shop, [[v!, 1]]);
    const q = okResult(await quote(shop, buyer, { shipping: { method: 'home', city: '金門縣' } }));
    expect(q.shipping_fee).toBe(HOME_OUTLYING_FEE);
    expect(q.free_shipping_over).toBeNull();
  });

  it('refuses store pickup for a cart over 5 kg or 45 cm, saying why, and pay at pickup with it', async () => {
    const bulky = await bulkyVariant(shop);
    const buyer = await memberBuyer(shop, [[bulky, 1]]);
    const q = okResult(await quote(shop, buyer, { shipping: { method: 'cvs' } }, 'en'));
    const cvs = q.shipping_methods.find((m: { code: string }) => m.code === 'cvs');
    expect(cvs.available).toBe(false);
    expect(cvs.reason).toMatch(/Store pickup takes parcels up to (5 kg|45 cm)/);
    expect(q.can_order).toBe(false);
    const zh = okResult(await quote(shop, buyer, {}));
    expect(zh.shipping_methods.find((m: { code: string }) => m.code === 'cvs').reason).toMatch(/超商取貨包裹/);
    expect(zh.payment_methods.find((m: { code: string }) => m.code === 'cod').reason).toBe('貨到付款只適用宅配到府。');
  });

  it('offers pay at pickup only up to NT$20,000', async () => {
    const [v] = await pickVariants(shop, 1, 50);
    await shop.deps.db.kysely.updateTable('variants').set({ price: 7000 }).where('id', '=', v!.id).execute();
    const buyer = await memberBuyer(shop, [[v!, 2]]);
    const ok2 = okResult(await quote(shop, buyer, { shipping: { method: 'shop' } }));
    expect(ok2.payment_methods.find((m: { code: string }) => m.code === 'pickup_pay').available).toBe(true);
    await cartOf(shop, { token: buyer.token }).add(v!.sku, 1);
    const over = okResult(await quote(shop, buyer, { shipping: { method: 'shop' } }, 'en'));
    expect(over.total).toBe(21000);
    const pp = over.payment_methods.find((m: { code: string }) => m.code === 'pickup_pay');
    expect(pp).toMatchObject({ available: false });
    expect(pp.reason).toContain('NT$20,000');
  });

  it('reports a price change once; ordering at a price the shopper has not seen is a 409', async () => {
    const [v] = await pickVariants(shop, 1);
    const buyer = await memberBuyer(shop, [[v!, 1]]);
    await shop.deps.db.kysely
      .updateTable('variants')
      .set({ price: v!.price + 500 })
      .where('id', '=', v!.id)
      .execute();
    expectFailure(await order(shop, buyer, bodyFor(buyer)), 409, 'PRICE_CHANGED');
    const q = okResult(await quote(shop, buyer, { shipping: { method: 'home' } }));
    expect(q.warnings.map((w: { code: string }) => w.code)).toEqual(['PRICE_CHANGED']);
    const again = okResult(await quote(shop, buyer, { shipping: { method: 'home' } }));
    expect(again.warnings).toEqual([]);
    const placed = await order(shop, buyer, bodyFor(buyer));
    expect(placed.status).toBe(201);
    expect(placed.json.result.subtotal).toBe(v!.price + 500);
  });
});

describe('POST /api/orders', () => {
  it('places a cash-on-delivery order: processing, stock taken, lines leave the cart, totals from the database', async () => {
    const [a, b] = await pickVariants(shop, 2, 5);
    const buyer = await memberBuyer(shop, [
      [a!, 2],
      [b!, 1],
    ]);
    const before = await stockOf(shop, a!.id);
    const r = await order(shop, buyer, bodyFor(buyer, { note: '請下午送達' }));
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    const o = r.json.result;
    expect(Object.keys(o).sort()).toEqual(ORDER_KEYS);
    expect(Object.keys(o.payment).sort()).toEqual([
      'atm',
      'cvs_code',
      'deadline',
      'failed',
      'first_payment',
      'installments',
      'method',
      'paid_at',
      'per_payment',
      'redeemed',
    ]);
    expect(o.invoice).toEqual({
      type: 'member',
      carrier: '',
      code: '',
      tax_id: '',
      title: '',
      number: null,
      random_code: null,
      issued_at: null,
      voided: false,
    });
    expect(Object.keys(o.shipping).sort()).toEqual(
      ['addr', 'area', 'carrier', 'city', 'method', 'store', 'tracking_no', 'zipcode'].sort(),
    );
    expect(Object.keys(o.lines[0]).sort()).toEqual(
      [
        'brand_slug',
        'compare_at_price',
        'discount',
        'image_src',
        'line_total',
        'name',
        'option_name',
        'option_value',
        'product_slug',
        'quantity',
        'sku',
        'unit_price',
      ].sort(),
    );
    expect(o.no).toMatch(/^\d{8}-[2-9A-HJ-NP-Z]{7}$/);
    expect(o.state).toBe('processing');
    expect(o.subtotal).toBe(a!.price * 2 + b!.price);
    expect(o.total).toBe(o.subtotal + o.shipping_fee);
    expect(o.count).toBe(3);
    expect(o.lines.map((l: { sku: string; quantity: number }) => [l.sku, l.quantity])).toEqual([
      [a!.sku, 2],
      [b!.sku, 1],
    ]);
    expect(o.receiver).toEqual({ name: '王小明', phone: buyer.phone, email: 'demo@soundwood.tw' });
    expect(o.shipping).toMatchObject({ method: 'home', zipcode: '106', city: '臺北市', area: '大安區', store: null });
    expect(o.payment).toMatchObject({ method: 'cod', paid_at: null, deadline: null });
    expect(o.timeline).toEqual([{ state: 'processing', at: shop.clock.now(), note: '' }]);
    expect(o.note).toBe('請下午送達');
    expect(o.can_cancel).toBe(true);
    expect(o.can_pay).toBe(false);
    expect(o.guest_key).toBeUndefined();
    const sameProduct = a!.productId === b!.productId ? 1 : 0;
    expect(await stockOf(shop, a!.id)).toEqual({ variant: 3, product: before.product - 2 - sameProduct });
    expect((await stockOf(shop, b!.id)).variant).toBe(4);
    const cart = okResult(await cartOf(shop, { token: buyer.token }).get());
    expect(cart.lines).toEqual([]);
    const sms = await shop.deps.db.kysely
      .selectFrom('sms_outbox')
      .select(['purpose', 'text'])
      .where('phone', '=', buyer.phone)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(sms.purpose).toBe('order');
    expect(sms.text).toContain(o.no);
    expect(sms.text).toContain(`/member/orders/${o.no}`);
  });

  it('starts a card order awaiting payment with a 30-minute deadline, and ATM with 3 days', async () => {
    const [a, b] = await pickVariants(shop, 2);
    const card = await memberBuyer(shop, [[a!, 1]]);
    const o = (await order(shop, card, bodyFor(card, { payment: 'credit' }))).json.result;
    expect(o.state).toBe('awaiting_payment');
    expect(o.payment.deadline).toBe(shop.clock.now() + 30 * 60_000);
    expect(o.can_pay).toBe(true);
    const atm = await memberBuyer(shop, [[b!, 1]]);
    const o2 = (await order(shop, atm, bodyFor(atm, { payment: 'atm' }))).json.result;
    expect(o2.payment.deadline).toBe(shop.clock.now() + 3 * 86_400_000);
  });

  it('refuses cash on delivery with shop pickup, and store pickup without a store, changing nothing', async () => {
    const [v] = await pickVariants(shop, 1, 3);
    const buyer = await memberBuyer(shop, [[v!, 1]]);
    const cod = await order(shop, buyer, bodyFor(buyer, { shipping: { method: 'shop' }, payment: 'cod' }), {
      lang: 'en',
    });
    expectFailure(cod, 409, 'PAYMENT_UNAVAILABLE');
    expect(cod.json.message).toBe('This payment method cannot be used: Cash on delivery is for home delivery only.');
    const cvs = await order(shop, buyer, bodyFor(buyer, { shipping: { method: 'cvs' }, payment: 'credit' }));
    expectFailure(cvs, 409, 'SHIPPING_UNAVAILABLE');
    expect(cvs.json.message).toContain('請先在地圖上選擇取貨門市');
    expect((await stockOf(shop, v!.id)).variant).toBe(3);
    expect(okResult(await cartOf(shop, { token: buyer.token }).get()).lines).toHaveLength(1);
  });

  it('says what is short when the stock ran out after the cart, and keeps everything as it was', async () => {
    const [a, b] = await pickVariants(shop, 2, 5);
    const buyer = await memberBuyer(shop, [
      [a!, 1],
      [b!, 3],
    ]);
    await shop.deps.db.kysely.updateTable('variants').set({ stock: 2 }).where('id', '=', b!.id).execute();
    const r = await order(shop, buyer, bodyFor(buyer), { lang: 'en' });
    expectFailure(r, 409, 'OUT_OF_STOCK');
    expect(r.json.message).toContain('only 2');
    expect(r.json.errors[`lines.${b!.sku}`]).toMatch(/only 2 left/);
    expect((await stockOf(shop, a!.id)).variant).toBe(5);
    expect((await stockOf(shop, b!.id)).variant).toBe(2);
    expect(okResult(await cartOf(shop, { token: buyer.token }).get()).lines).toHaveLength(2);
  });

  it('refuses an empty cart, a missing Idempotency-Key, and a request without a cart or login', async () => {
    const buyer = await memberBuyer(shop, []);
    expectFailure(await order(shop, buyer, bodyFor(buyer)), 409, 'CART_EMPTY');
    const noKey = await shop.call('POST', '/api/orders', { body: bodyFor(buyer), token: buyer.token });
    expectFailure(noKey, 400, 'IDEMPOTENCY_KEY_MISSING');
    const shortKey = await order(shop, buyer, bodyFor(buyer), { key: 'abc' });
    expectFailure(shortKey, 400, 'IDEMPOTENCY_KEY_MISSING');
    expectFailure(await order(shop, { phone: '0912345678' }, orderBody()), 401, 'PHONE_PROOF_REQUIRED');
  });
});
