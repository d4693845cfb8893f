import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CART_COOKIE, COOKIE } from '../../src/config.ts';
import { useTransport } from '../../src/lib/api/browser.ts';
import { ordersApi } from '../../src/lib/api/orders.ts';
import { EMPTY_DRAFT, fieldOf } from '../../src/lib/checkout/draft.ts';
import { t } from '../../src/lib/i18n/messages/index.ts';
import { addToCart, resetCartForTests } from '../../src/stores/cart.ts';
import {
  $checkout,
  DRAFT_KEY,
  initCheckout,
  placeOrder,
  requote,
  resetCheckoutForTests,
  sendPhoneCode,
  updateDraft,
  verifyPhoneCode,
  withProfile,
} from '../../src/stores/checkout.ts';
import { $order, $orders, cancelOrder, loadOrder, loadOrders, resetOrdersForTests } from '../../src/stores/orders.ts';
import { resetLoading } from '../../src/stores/ui.ts';
import { createTestShop, TestClock, type TestShop } from '../helpers/test-app.ts';
import { installFakeBrowser } from './support/fake-browser.ts';

// The stores talk to the real shop API, in process; only the network between them can fail here.
let shop: TestShop;
let browser: ReturnType<typeof installFakeBrowser>;
/** When set, the next POST /api/orders reaches the server but its answer is lost on the way back. */
let loseNextOrderAnswer = false;
const orderKeys: string[] = [];

beforeAll(async () => {
  shop = await createTestShop({ seeded: true, clock: new TestClock(Date.now()) });
  useTransport(async (input, init) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), 'http://shop.test'), init);
    const path = new URL(req.url).pathname;
    const isOrder = req.method === 'POST' && path === '/api/orders';
    if (isOrder) orderKeys.push(req.headers.get('Idempotency-Key') ?? '');
    const res = await shop.app.request(req);
    if (isOrder && loseNextOrderAnswer) {
      loseNextOrderAnswer = false;
      throw new TypeError('fetch failed');
    }
    return res;
  });
});
afterAll(() => shop.close());
beforeEach(() => {
  browser = installFakeBrowser('http://shop.test/cart/checkout');
  resetCartForTests();
  resetCheckoutForTests();
  resetOrdersForTests();
  resetLoading();
  orderKeys.length = 0;
});
afterEach(() => browser.uninstall());

let next = 0;
/** An in-stock variant no other test here uses, with `stock` units, priced under the pay-at-pickup limit. */
async function variant(stock: number) {
  const k = shop.deps.db.kysely;
  const v = await k
    .selectFrom('variants')
    .select(['id', 'sku', 'price'])
    .where('price', '<', 15_000)
    .orderBy('id')
    .offset(next++)
    .limit(1)
    .executeTakeFirstOrThrow();
  await k.updateTable('variants').set({ stock }).where('id', '=', v.id).execute();
  return v;
}
const stock = async (id: number) =>
  (await shop.deps.db.kysely.selectFrom('variants').select('stock').where('id', '=', id).executeTakeFirstOrThrow())
    .stock;

async function smsCode(phone: string): Promise<string> {
  const res = await shop.call('GET', `/api/dev/sms-outbox?phone=${phone}`);
  return res.json.result.find((m: { purpose: string }) => m.purpose === 'checkout').code;
}

/** A guest's cart of one unit and a home-delivery, cash-on-delivery draft with a confirmed mobile. */
async function guestReady(phone: string) {
  const v = await variant(5);
  await addToCart(v.sku, 1);
  await initCheckout(null);
  updateDraft({
    name: '陳大文',
    phone,
    method: 'home',
    city: '臺北市',
    area: '大安區',
    zipcode: '106',
    addr: '復興南路一段 1 號',
  });
  await requote();
  updateDraft({ payment: 'cod' });
  await sendPhoneCode('zh-TW');
  await verifyPhoneCode(await smsCode(phone), 'zh-TW');
  return v;
}

describe('$checkout (guest)', () => {
  it('quotes the cart, asks for the mobile check, then places the order and goes to the result link', async () => {
    const v = await variant(5);
    await addToCart(v.sku, 2);
    await initCheckout(null);
    const quote = $checkout.get().quote;
    expect(quote?.lines.map((l) => [l.sku, l.quantity])).toEqual([[v.sku, 2]]);
    expect(quote?.subtotal).toBe(v.price * 2);

    // Nothing filled in: errors at their fields, the first one returned for focus.
    expect(await placeOrder('en', true)).toBe('receiver.name');
    expect($checkout.get().errors).toMatchObject({
      'receiver.name': t('en', 'auth.error.required'),
      'shipping.method': t('en', 'checkout.error.method'),
    });

    updateDraft({
      name: '陳大文',
      phone: '0911222333',
      method: 'home',
      city: '臺北市',
      area: '大安區',
      zipcode: '106',
    });
    updateDraft({ addr: '復興南路一段 1 號' });
    await requote();
    expect($checkout.get().quote?.paymentMethods.find((m) => m.code === 'cod')?.available).toBe(true);
    updateDraft({ payment: 'cod' });
    expect(await placeOrder('en', true)).toBe('phone.code');

    await sendPhoneCode('en');
    expect($checkout.get().codeSent).toBe(true);
    await verifyPhoneCode('000000', 'en');
    expect($checkout.get().errors['phone.code']).toBeTruthy();
    await verifyPhoneCode(await smsCode('0911222333'), 'en');
    expect($checkout.get().phoneCheck?.phone).toBe('0911222333');

    expect(await placeOrder('en', true)).toBeUndefined();
    const target = new URL(browser.assigned.at(-1) ?? '', 'http://shop.test');
    expect(target.pathname).toBe('/en/cart/result');
    expect(target.searchParams.get('no')).toMatch(/\w{6,}/);
    expect(target.searchParams.get('key')).toBeTruthy();
    expect(await stock(v.id)).toBe(3);
    expect(browser.storage.has(DRAFT_KEY)).toBe(false);
    // The button stays disabled while the result page loads.
    expect($checkout.get().placing).toBe(true);

    // The result page reads the order with the key of the link, and nobody reads it without.
    await loadOrder(target.searchParams.get('no') ?? '', target.searchParams.get('key') ?? '');
    expect($order.get().order).toMatchObject({
      state: 'processing',
      total: v.price * 2 + ($order.get().order?.shippingFee ?? 0),
    });
    await loadOrder(target.searchParams.get('no') ?? '');
    expect($order.get().order).toBeNull();
    expect([401, 403, 404]).toContain($order.get().error?.status);
  });

  it('sends the same Idempotency-Key again after a lost answer: one order, stock taken once', async () => {
    const v = await guestReady('0911222444');
    loseNextOrderAnswer = true;
    expect(await placeOrder('zh-TW', true)).toBeUndefined();
    expect($checkout.get().placing).toBe(false);
    expect(browser.assigned).toEqual([]);
    expect(await stock(v.id)).toBe(4);

    await placeOrder('zh-TW', true);
    expect(orderKeys).toHaveLength(2);
    expect(orderKeys[1]).toBe(orderKeys[0]);
    expect(browser.assigned.at(-1)).toMatch(/^\/cart\/result\?no=/);
    expect(await stock(v.id)).toBe(4);
  });

  it('places a guest order and cancels it with the link’s key: the stock comes back', async () => {
    const v = await guestReady('0911222555');
    await placeOrder('zh-TW', true);
    const target = new URL(browser.assigned.at(-1) ?? '', 'http://shop.test');
    const key = target.searchParams.get('key') ?? '';
    await loadOrder(target.searchParams.get('no') ?? '', key);
    expect($order.get().order?.canCancel).toBe(true);
    expect(await stock(v.id)).toBe(4);
    expect(await cancelOrder(key)).toBe(true);
    expect($order.get().order?.state).toBe('cancelled');
    expect($order.get().order?.timeline.map((e) => e.state)).toContain('cancelled');
    expect(await stock(v.id)).toBe(5);
    expect(await cancelOrder(key)).toBe(false);
    expect($order.get().cancelError).not.toBe('');
    expect(await stock(v.id)).toBe(5);
  });

  it('server field errors name the fields of the page', async () => {
    const v = await variant(5);
    await addToCart(v.sku, 1);
    await ordersApi.sendPhoneCode('0911222666');
    const { phoneProof } = await ordersApi.verifyPhone('0911222666', await smsCode('0911222666'));
    const error = await ordersApi
      .place(
        {
          receiver: { name: '陳大文', phone: '0911222666', email: '' },
          shipping: { method: 'home', zipcode: '106', city: '臺北市', area: '大安區', addr: '復興南路一段 1 號' },
          payment: 'cod',
          invoice: { type: 'company', taxId: '12345678', title: '聲林' },
        },
        'key-of-a-bad-invoice',
        phoneProof,
      )
      .catch((e) => e);
    expect(error.status).toBe(400);
    expect(Object.keys(error.fields).map(fieldOf)).toContain('invoice.taxId');
    expect(await stock(v.id)).toBe(5);
  });
});

describe('$orders (member)', () => {
  it('lists the member’s orders by state and pages', async () => {
    const login = await shop.call('POST', '/api/users/login', {
      body: { account: '0912345678', password: 'Soundwood-2026' },
    });
    browser.setCookie(COOKIE.accessToken, login.json.result.token);
    browser.jar.delete(CART_COOKIE);
    const v = await variant(5);
    await addToCart(v.sku, 1);
    await initCheckout(null);
    updateDraft({ name: '王小明', phone: '0912345678', method: 'shop' });
    await requote();
    const pay = $checkout.get().quote?.paymentMethods.find((m) => m.available);
    updateDraft({ payment: pay?.code });
    expect(await placeOrder('zh-TW', false)).toBeUndefined();
    const no = new URL(browser.assigned.at(-1) ?? '', 'http://shop.test').searchParams.get('no');

    await loadOrders(1, '');
    expect($orders.get().page?.items.map((o) => o.no)).toContain(no);
    expect($orders.get().page?.items[0]).toMatchObject({ no, count: 1 });
    await loadOrders(1, 'cancelled');
    expect($orders.get().page?.items.map((o) => o.no)).not.toContain(no);
    expect($orders.get().state).toBe('cancelled');
  });
});

describe('$checkout (changes since the cart)', () => {
  it('keeps a price change on screen, and an order at a price not yet seen is refused, then shown', async () => {
    browser.jar.delete(COOKIE.accessToken);
    const v = await variant(5);
    await addToCart(v.sku, 1);
    const k = shop.deps.db.kysely;
    await k
      .updateTable('variants')
      .set({ price: v.price + 300 })
      .where('id', '=', v.id)
      .execute();
    await initCheckout(null);
    expect($checkout.get().quote?.warnings.map((w) => w.code)).toEqual(['PRICE_CHANGED']);
    const firstReport = $checkout.get().quote?.warnings[0]?.message;
    updateDraft({ method: 'shop' });
    await requote();
    expect($checkout.get().quote?.warnings.map((w) => w.code)).toEqual(['PRICE_CHANGED']);
    expect($checkout.get().quote?.subtotal).toBe(v.price + 300);

    const pay = $checkout.get().quote?.paymentMethods.find((m) => m.available)?.code;
    updateDraft({ name: '陳大文', phone: '0911222777', payment: pay });
    await requote();
    await sendPhoneCode('en');
    await verifyPhoneCode(await smsCode('0911222777'), 'en');
    // The price moves again while the page is open: the order is refused rather than charged unseen.
    await k
      .updateTable('variants')
      .set({ price: v.price + 600 })
      .where('id', '=', v.id)
      .execute();
    await placeOrder('en', true);
    expect($checkout.get().errors).toEqual({});
    expect($checkout.get().message).not.toBe('');
    expect(browser.assigned).toEqual([]);
    await requote();
    expect($checkout.get().quote?.subtotal).toBe(v.price + 600);
    // The newer report of the same line replaces the older one.
    expect($checkout.get().quote?.warnings.map((w) => w.code)).toEqual(['PRICE_CHANGED']);
    expect($checkout.get().quote?.warnings[0]?.message).not.toBe(firstReport);
    expect(await placeOrder('en', true)).toBeUndefined();
    expect(browser.assigned.at(-1)).toMatch(/^\/en\/cart\/(result|payment)\?no=/);
  });

  it('fills a member’s blanks from the profile, the address only as a whole', () => {
    const u = {
      name: '王小明',
      phone: '0912345678',
      email: 'demo@soundwood.tw',
      city: '臺北市',
      area: '大安區',
      zipcode: '106',
      addr: '復興南路一段 1 號',
    } as Parameters<typeof withProfile>[1];
    const typed = withProfile({ ...EMPTY_DRAFT, name: 'Amy Lin', city: '高雄市' }, u);
    expect(typed).toMatchObject({ name: 'Amy Lin', phone: '0912345678', city: '高雄市', area: '', addr: '' });
    expect(withProfile(EMPTY_DRAFT, u)).toMatchObject({
      city: '臺北市',
      area: '大安區',
      zipcode: '106',
      addr: '復興南路一段 1 號',
    });
    expect(withProfile(EMPTY_DRAFT, null)).toEqual(EMPTY_DRAFT);
  });
});
