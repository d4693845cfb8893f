import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CARD_PAY_TIMEOUT_MS } from '../../../src/config.ts';
import { invoiceWorkSettled } from '../../../src/server/payment/invoicing.ts';
import { releaseUnpaid } from '../../../src/server/payment/sweep.ts';
import { formsOf, postForm as postPage } from '../../helpers/html-forms.ts';
import { placeFixtureOrder } from '../../helpers/order-fixture.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { expectFailure, okResult } from '../../helpers/wire-asserts.ts';
import { variantPriced } from '../cart/cart-helpers.ts';
import { bodyFor, memberBuyer, order, quote } from '../orders/orders-helpers.ts';
import { createPaymentShop, noticesOf, orderFacts, postForm, startAttempt } from './payment-helpers.ts';

/** Apple Pay, TWQR and card bonus points: switched on one by one, paid through the cashier simulator. */
let shop: TestShop & { origin: string };
beforeAll(async () => {
  shop = await createPaymentShop();
});
afterEach(() => {
  const env = shop.deps.env;
  env.ECPAY_APPLE_PAY = '0';
  env.ECPAY_TWQR = '0';
  env.ECPAY_REDEEM = '0';
  env.ECPAY_LIMIT_TWQR = undefined;
});
afterAll(async () => {
  await invoiceWorkSettled();
  await shop.close();
});

const path = (url: string) => new URL(url, 'http://shop.test').pathname;
const codes = (q: { payment_methods: { code: string }[] }) => q.payment_methods.map((m) => m.code);
const home = { shipping: { method: 'home', city: '臺北市' } };

/** A fixture order of `payment`, its attempt's form, and the cashier page it opens. */
async function atCashier(payment: 'credit' | 'apple_pay' | 'twqr', lang = 'zh-TW') {
  const o = await placeFixtureOrder(shop, { payment, stock: 10 });
  const start = await startAttempt(shop, o.no, o.guestKey, lang);
  const { action, fields } = start.json.result;
  const page = await postPage(shop.app, path(action), fields, lang);
  return { o, fields: fields as Record<string, string>, page };
}

describe('switched off', () => {
  it('Apple Pay and TWQR are not offered, and an order by them is 422 on payment in the caller language', async () => {
    const v = await variantPriced(shop, 1_000, 5_000);
    const buyer = await memberBuyer(shop, [[v, 1]]);
    const q = okResult(await quote(shop, buyer, home));
    expect(codes(q)).not.toContain('apple_pay');
    expect(codes(q)).not.toContain('twqr');
    const zh = await order(shop, buyer, bodyFor(buyer, { payment: 'apple_pay' }));
    expectFailure(zh, 422, 'PAYMENT_NOT_OFFERED');
    expect(zh.json.errors.payment).toBe('這個方式目前暫停提供。');
    const en = await order(shop, buyer, bodyFor(buyer, { payment: 'twqr' }), { lang: 'en' });
    expectFailure(en, 422, 'PAYMENT_NOT_OFFERED');
    expect(en.json.errors.payment).toBe('This method is not offered at the moment.');
  });

  it('the cashier simulator refuses Apple Pay of a merchant without it', async () => {
    shop.deps.env.ECPAY_APPLE_PAY = '1';
    const o = await placeFixtureOrder(shop, { payment: 'apple_pay', stock: 10 });
    const { action, fields } = (await startAttempt(shop, o.no, o.guestKey)).json.result;
    shop.deps.env.ECPAY_APPLE_PAY = '0';
    const page = await postPage(shop.app, path(action), fields, 'en');
    expect(page.status).toBe(400);
    expect(page.html).toContain('The merchant has not enabled ApplePay');
  });
});

describe('Apple Pay', () => {
  it('is offered when on, asks ChoosePayment=ApplePay, and is paid and returned as a card', async () => {
    shop.deps.env.ECPAY_APPLE_PAY = '1';
    const v = await variantPriced(shop, 1_000, 5_000);
    const buyer = await memberBuyer(shop, [[v, 1]]);
    expect(codes(okResult(await quote(shop, buyer, home)))).toContain('apple_pay');
    const placed = await order(shop, buyer, bodyFor(buyer, { payment: 'apple_pay' }));
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    expect(placed.json.result.state).toBe('awaiting_payment');

    const { o, fields, page } = await atCashier('apple_pay');
    expect(fields).toMatchObject({ ChoosePayment: 'ApplePay', NeedExtraPaidInfo: 'Y' });
    expect(fields.OrderResultURL).toMatch(/\/api\/payments\/ecpay\/return$/);
    expect(fields.CreditInstallment).toBeUndefined();
    const pay = formsOf(page.html).find((f) => f.action.endsWith('/applepay'))!;
    const paid = await postPage(shop.app, path(pay.action), pay.fields);
    expect(paid.html).toContain('1|OK');
    expect((await orderFacts(shop, o.id)).state).toBe('paid');
    const back = formsOf(paid.html).find((f) => f.id === 'auto')!;
    const res = await postForm(shop, path(back.action), back.fields);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/cart/result?no=${o.no}`);
    expect((await noticesOf(shop, fields.MerchantTradeNo!)).map((n) => n.outcome)).toEqual(['paid', 'returned']);
  });
});

describe('TWQR', () => {
  it('asks ChoosePayment=TWQR and is paid when the wallet confirms', async () => {
    shop.deps.env.ECPAY_TWQR = '1';
    const { o, fields, page } = await atCashier('twqr', 'en');
    expect(fields.ChoosePayment).toBe('TWQR');
    expect(page.html).toContain('Taiwan Pay');
    const pay = formsOf(page.html).find((f) => f.action.endsWith('/twqr'))!;
    expect((await postPage(shop.app, path(pay.action), pay.fields)).html).toContain('1|OK');
    expect((await orderFacts(shop, o.id)).state).toBe('paid');
  });

  it('a code not paid in time releases the order and its stock, once ECPay says it was not paid', async () => {
    shop.deps.env.ECPAY_TWQR = '1';
    const { o } = await atCashier('twqr');
    shop.clock.advance(CARD_PAY_TIMEOUT_MS + 1);
    expect(await releaseUnpaid(shop.deps)).toContain(o.no);
    expect((await orderFacts(shop, o.id)).state).toBe('cancelled');
    const stock = await shop.deps.db.kysely
      .selectFrom('variants')
      .select('stock')
      .where('id', '=', o.variantId)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(10);
  });

  it('has its own amount limit, with the same clear refusal', async () => {
    shop.deps.env.ECPAY_TWQR = '1';
    shop.deps.env.ECPAY_LIMIT_TWQR = { min: 5, max: 500 };
    const v = await variantPriced(shop, 1_000, 5_000);
    const buyer = await memberBuyer(shop, [[v, 1]]);
    const q = okResult(await quote(shop, buyer, { ...home, payment: 'twqr' }, 'en'));
    const twqr = q.payment_methods.find((m: { code: string }) => m.code === 'twqr');
    expect(twqr).toMatchObject({ available: false, name: 'TWQR mobile wallet' });
    expect(twqr.reason).toContain('NT$500');
    expectFailure(await order(shop, buyer, bodyFor(buyer, { payment: 'twqr' })), 409, 'PAYMENT_UNAVAILABLE');
  });
});

describe('card bonus points', () => {
  it('Redeem=Y on a card paid at once; the amount redeemed is kept and shown', async () => {
    shop.deps.env.ECPAY_REDEEM = '1';
    const { o, fields, page } = await atCashier('credit');
    expect(fields.Redeem).toBe('Y');
    const card = formsOf(page.html).find((f) => f.action.endsWith('/card'))!;
    const paid = await postPage(shop.app, path(card.action), {
      ...card.fields,
      cardNumber: '4311952222222222',
      expiry: '12/30',
      cvc: '123',
      redeem: '1',
    });
    expect(paid.html).toContain('1|OK');
    const shown = await shop.call('GET', `/api/orders/${o.no}`, { headers: { 'x-order-key': o.guestKey } });
    const redeemed = Math.floor(o.total / 10);
    expect(shown.json.result.payment).toMatchObject({
      installments: null,
      redeemed: { amount: redeemed, points: redeemed * 10 },
    });
  });

  it('not asked for when off', async () => {
    const { fields } = await atCashier('credit');
    expect(fields.Redeem).toBeUndefined();
  });
});
