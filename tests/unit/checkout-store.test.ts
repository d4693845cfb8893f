import { describe, expect, it } from 'vitest';
import { ordersApi } from '../../src/lib/api/orders.ts';
import { fieldOf } from '../../src/lib/checkout/draft.ts';
import { DRAFT_KEY } from '../../src/lib/checkout/draft-storage.ts';
import { t } from '../../src/lib/i18n/messages/index.ts';
import { addToCart } from '../../src/stores/cart.ts';
import { $checkout, initCheckout, requote, updateDraft } from '../../src/stores/checkout.ts';
import { placeOrder, sendPhoneCode, verifyPhoneCode } from '../../src/stores/checkout-order.ts';
import { $order, cancelOrder, keptGuestKey, loadOrder } from '../../src/stores/orders.ts';
import { checkoutShop } from './support/checkout-shop.ts';

// The stores talk to the real shop API, in process: no mock of our own API; only the network
// between them fails, on purpose.
const { env, variant, stock, smsCode } = checkoutShop();

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
    const target = new URL(env.browser.assigned.at(-1) ?? '', 'http://shop.test');
    expect(target.pathname).toBe('/en/cart/result');
    expect(target.searchParams.get('no')).toMatch(/\w{6,}/);
    expect(target.searchParams.get('key')).toBeTruthy();
    expect(await stock(v.id)).toBe(3);
    expect(env.browser.storage.has(DRAFT_KEY)).toBe(false);
    // The tab keeps the key for the way back from the cashier, for this order only.
    expect(keptGuestKey(target.searchParams.get('no') ?? '')).toBe(target.searchParams.get('key'));
    expect(keptGuestKey('20260101-OTHER')).toBeUndefined();
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
    env.loseNextOrderAnswer = true;
    expect(await placeOrder('zh-TW', true)).toBeUndefined();
    expect($checkout.get().placing).toBe(false);
    expect(env.browser.assigned).toEqual([]);
    expect(await stock(v.id)).toBe(4);

    await placeOrder('zh-TW', true);
    expect(env.orderKeys).toHaveLength(2);
    expect(env.orderKeys[1]).toBe(env.orderKeys[0]);
    expect(env.browser.assigned.at(-1)).toMatch(/^\/cart\/result\?no=/);
    expect(await stock(v.id)).toBe(4);
  });

  it('places a guest order and cancels it with the link’s key: the stock comes back', async () => {
    const v = await guestReady('0911222555');
    await placeOrder('zh-TW', true);
    const target = new URL(env.browser.assigned.at(-1) ?? '', 'http://shop.test');
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
