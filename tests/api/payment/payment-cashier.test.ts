import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceWorkSettled } from '../../../src/server/payment/invoicing.ts';
import { formsOf, postForm as postPage } from '../../helpers/html-forms.ts';
import { placeFixtureOrder } from '../../helpers/order-fixture.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { createPaymentShop, noticesOf, orderFacts, postForm, startAttempt } from './payment-helpers.ts';

/**
 * The whole loop through the cashier simulator: the shop's form goes to the cashier, which calls the
 * shop's notify and info URLs over HTTP with real signatures and returns the browser through /return.
 */
let shop: TestShop & { origin: string };
beforeAll(async () => {
  shop = await createPaymentShop();
});
afterAll(async () => {
  await invoiceWorkSettled();
  await shop.close();
});

const path = (url: string) => new URL(url, 'http://shop.test').pathname;

async function cashier(payment: 'credit' | 'atm' | 'cvs_code', lang = 'zh-TW') {
  const order = await placeFixtureOrder(shop, { payment });
  const start = await startAttempt(shop, order.no, order.guestKey, lang);
  const { action, fields } = start.json.result;
  const page = await postPage(shop.app, path(action), fields, lang);
  expect(page.status).toBe(200);
  return { order, tradeNo: fields.MerchantTradeNo as string, forms: formsOf(page.html) };
}

describe('through the cashier simulator', () => {
  it('a card payment marks the order paid, issues its invoice and returns the browser to the result page', async () => {
    const { order, tradeNo, forms } = await cashier('credit');
    const card = forms.find((f) => f.action.endsWith('/card'))!;
    const paid = await postPage(shop.app, path(card.action), {
      ...card.fields,
      cardNumber: '4311-9522-2222-2222',
      expiry: '12/30',
      cvc: '123',
    });
    expect(paid.html).toContain('1|OK');
    expect((await orderFacts(shop, order.id)).state).toBe('paid');
    const back = formsOf(paid.html).find((f) => f.id === 'auto')!;
    const res = await postForm(shop, path(back.action), back.fields);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/cart/result?no=${order.no}`);
    await invoiceWorkSettled();
    expect((await orderFacts(shop, order.id)).invoice_no).toMatch(/^[A-Z]{2}\d{8}$/);
    expect((await noticesOf(shop, tradeNo)).map((n) => `${n.kind}:${n.outcome}`)).toEqual([
      'notify:paid',
      'return:returned',
    ]);
  });

  it('a declined card leaves the order unpaid with a failed attempt; a new attempt pays it', async () => {
    const { order, forms } = await cashier('credit', 'en');
    const card = forms.find((f) => f.action.endsWith('/card'))!;
    await postPage(shop.app, path(card.action), {
      ...card.fields,
      cardNumber: '4000-2211-1111-1112',
      expiry: '12/30',
      cvc: '123',
    });
    const failed = await orderFacts(shop, order.id);
    expect(failed.state).toBe('awaiting_payment');
    const retry = await startAttempt(shop, order.no, order.guestKey);
    const { action, fields } = retry.json.result;
    const page = await postPage(shop.app, path(action), fields);
    const card2 = formsOf(page.html).find((f) => f.action.endsWith('/card'))!;
    await postPage(shop.app, path(card2.action), {
      ...card2.fields,
      cardNumber: '4311952222222222',
      expiry: '12/30',
      cvc: '123',
    });
    expect((await orderFacts(shop, order.id)).state).toBe('paid');
    const states = await shop.deps.db.kysely
      .selectFrom('payment_attempts')
      .select('state')
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(states.map((s) => s.state)).toEqual(['failed', 'paid']);
  });

  it('an ATM attempt keeps the issued account, and the transfer pays the order', async () => {
    const { order, tradeNo, forms } = await cashier('atm');
    const atm = forms.find((f) => f.action.endsWith('/atm'))!;
    const issued = await postPage(shop.app, path(atm.action), atm.fields);
    const attempt = await shop.deps.db.kysely
      .selectFrom('payment_attempts')
      .select(['state', 'bank_code', 'v_account'])
      .where('merchant_trade_no', '=', tradeNo)
      .executeTakeFirstOrThrow();
    expect(attempt.state).toBe('issued');
    expect(issued.html).toContain(attempt.v_account);
    const transfer = formsOf(issued.html).find((f) => f.action.endsWith('/transfer'))!;
    await postPage(shop.app, path(transfer.action), transfer.fields);
    const facts = await orderFacts(shop, order.id);
    expect(facts.state).toBe('paid');
    expect(facts.events).toEqual(['awaiting_payment', 'paid']);
  });

  it('a store-code attempt keeps the code and moves the order release to the code expiry', async () => {
    const { order, tradeNo, forms } = await cashier('cvs_code');
    const cvs = forms.find((f) => f.action.endsWith('/cvs'))!;
    await postPage(shop.app, path(cvs.action), cvs.fields);
    const attempt = await shop.deps.db.kysely
      .selectFrom('payment_attempts')
      .select(['state', 'payment_no', 'expires_at'])
      .where('merchant_trade_no', '=', tradeNo)
      .executeTakeFirstOrThrow();
    expect(attempt.state).toBe('issued');
    expect(attempt.payment_no).toMatch(/^LLL\d{11}$/);
    // The code is valid 7 days (StoreExpireDate in minutes), to the second in Taiwan time.
    const now = shop.clock.now();
    expect(Number(attempt.expires_at)).toBe(now - (now % 1000) + 10_080 * 60_000);
    expect(Number((await orderFacts(shop, order.id)).pay_deadline)).toBe(Number(attempt.expires_at));
  });
});
