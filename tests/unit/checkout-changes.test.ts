import { describe, expect, it } from 'vitest';
import { CART_COOKIE, COOKIE } from '../../src/config.ts';
import { EMPTY_DRAFT } from '../../src/lib/checkout/draft.ts';
import { addToCart } from '../../src/stores/cart.ts';
import { $checkout, initCheckout, requote, updateDraft, withProfile } from '../../src/stores/checkout.ts';
import { placeOrder, sendPhoneCode, verifyPhoneCode } from '../../src/stores/checkout-order.ts';
import { $orders, loadOrders } from '../../src/stores/orders.ts';
import { checkoutShop } from './support/checkout-shop.ts';

// The stores talk to the real shop API, in process: no mock of our own API.
const { env, variant, smsCode } = checkoutShop();

describe('$orders (member)', () => {
  it('lists the member’s orders by state and pages', async () => {
    const login = await env.shop.call('POST', '/api/users/login', {
      body: { account: '0912345678', password: 'Soundwood-2026' },
    });
    env.browser.setCookie(COOKIE.accessToken, login.json.result.token);
    env.browser.jar.delete(CART_COOKIE);
    const v = await variant(5);
    await addToCart(v.sku, 1);
    await initCheckout(null);
    updateDraft({ name: '王小明', phone: '0912345678', method: 'shop' });
    await requote();
    const pay = $checkout.get().quote?.paymentMethods.find((m) => m.available);
    updateDraft({ payment: pay?.code });
    expect(await placeOrder('zh-TW', false)).toBeUndefined();
    const no = new URL(env.browser.assigned.at(-1) ?? '', 'http://shop.test').searchParams.get('no');

    await loadOrders(1, '');
    expect($orders.get().page?.data.map((o) => o.no)).toContain(no);
    expect($orders.get().page?.data[0]).toMatchObject({ no, count: 1 });
    await loadOrders(1, 'cancelled');
    expect($orders.get().page?.data.map((o) => o.no)).not.toContain(no);
    expect($orders.get().state).toBe('cancelled');
  });
});

describe('$checkout (changes since the cart)', () => {
  it('keeps a price change on screen, and an order at a price not yet seen is refused, then shown', async () => {
    env.browser.jar.delete(COOKIE.accessToken);
    const v = await variant(5);
    await addToCart(v.sku, 1);
    const k = env.shop.deps.db.kysely;
    await k
      .updateTable('variants')
      .set({ price: v.price + 300 })
      .where('id', '=', v.id)
      .execute();
    await initCheckout(null);
    expect($checkout.get().quote?.warnings.map((w) => w.code)).toEqual(['PRICE_CHANGED']);
    expect($checkout.get().quote?.lines[0]).toMatchObject({ unitPrice: v.price + 300, priceChangedFrom: v.price });
    const firstReport = $checkout.get().quote?.warnings[0]?.message;
    updateDraft({ method: 'shop' });
    await requote();
    expect($checkout.get().quote?.warnings.map((w) => w.code)).toEqual(['PRICE_CHANGED']);
    // The server reported it once; the line keeps its price then and now on this page.
    expect($checkout.get().quote?.lines[0]?.priceChangedFrom).toBe(v.price);
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
    expect(env.browser.assigned).toEqual([]);
    await requote();
    expect($checkout.get().quote?.subtotal).toBe(v.price + 600);
    // The newer report of the same line replaces the older one.
    expect($checkout.get().quote?.warnings.map((w) => w.code)).toEqual(['PRICE_CHANGED']);
    expect($checkout.get().quote?.warnings[0]?.message).not.toBe(firstReport);
    expect(await placeOrder('en', true)).toBeUndefined();
    expect(env.browser.assigned.at(-1)).toMatch(/^\/en\/cart\/(result|payment)\?no=/);
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

describe('$checkout (a forgotten guest cart)', () => {
  it('reads as the empty cart and drops the token', async () => {
    env.browser.jar.delete(COOKIE.accessToken);
    env.browser.setCookie(CART_COOKIE, 'AAAAAAAAAAAAAAAAAAAAAA');
    await initCheckout(null);
    expect($checkout.get().quote?.lines).toEqual([]);
    expect(env.browser.jar.has(CART_COOKIE)).toBe(false);
  });
});
