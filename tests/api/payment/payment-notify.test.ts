import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { armFault } from '../../../src/server/common/faults.ts';
import { invoiceWorkSettled } from '../../../src/server/payment/invoicing.ts';
import { verifyCheckMac } from '../../../src/server/providers/ecpay/check-mac.ts';
import { ecpayConfig } from '../../../src/server/providers/ecpay/config.ts';
import { placeFixtureOrder } from '../../helpers/order-fixture.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import {
  createPaymentShop,
  NOTIFY,
  noticesOf,
  orderFacts,
  paidNotice,
  postForm,
  RETURN,
  startAttempt,
} from './payment-helpers.ts';

let shop: TestShop & { origin: string };
beforeAll(async () => {
  shop = await createPaymentShop();
});
afterAll(async () => {
  await invoiceWorkSettled();
  await shop.close();
});

/** A guest's card order with one attempt started: its MerchantTradeNo. */
async function orderWithAttempt(opts: Parameters<typeof placeFixtureOrder>[1] = {}) {
  const order = await placeFixtureOrder(shop, opts);
  const res = await startAttempt(shop, order.no, order.guestKey);
  expect(res.status).toBe(200);
  return { order, tradeNo: res.json.result.fields.MerchantTradeNo as string };
}

describe('POST /api/orders/{no}/payment', () => {
  it('answers the signed cashier form of a new attempt, a new MerchantTradeNo each time', async () => {
    const order = await placeFixtureOrder(shop);
    const a = await startAttempt(shop, order.no, order.guestKey);
    const b = await startAttempt(shop, order.no, order.guestKey);
    expect(a.status).toBe(200);
    const { action, fields } = a.json.result;
    expect(action).toBe(`${shop.origin}/api/sim/ecpay/Cashier/AioCheckOut/V5`);
    expect(fields.ChoosePayment).toBe('Credit');
    expect(fields.TotalAmount).toBe(String(order.total));
    expect(fields.ReturnURL).toBe(`${shop.origin}/api/payments/ecpay/notify`);
    expect(fields.OrderResultURL).toBe(`${shop.origin}/api/payments/ecpay/return`);
    expect(fields.ClientBackURL).toBe(`${shop.origin}/cart/result?no=${order.no}`);
    expect(fields.MerchantTradeNo).toMatch(/^[0-9A-Za-z]{1,20}$/);
    expect([...fields.ItemName].length).toBeLessThanOrEqual(400);
    expect([...fields.TradeDesc].length).toBeLessThanOrEqual(200);
    expect(verifyCheckMac(fields, ecpayConfig(shop.deps.env).payment, 'sha256')).toBe(true);
    expect(b.json.result.fields.MerchantTradeNo).not.toBe(fields.MerchantTradeNo);
    const attempts = await shop.deps.db.kysely
      .selectFrom('payment_attempts')
      .select(['merchant_trade_no', 'state', 'amount'])
      .where('order_id', '=', order.id)
      .execute();
    expect(attempts).toHaveLength(2);
    expect(attempts.every((x) => x.state === 'new' && x.amount === order.total)).toBe(true);
    const facts = await orderFacts(shop, order.id);
    expect(Number(facts.pay_deadline)).toBe(shop.clock.now() + 30 * 60_000);
  });

  it('asks ATM orders for PaymentInfoURL and keeps their deadline', async () => {
    const order = await placeFixtureOrder(shop, { payment: 'atm' });
    const before = await orderFacts(shop, order.id);
    const res = await startAttempt(shop, order.no, order.guestKey, 'en');
    expect(res.json.result.fields.ChoosePayment).toBe('ATM');
    expect(res.json.result.fields.PaymentInfoURL).toBe(`${shop.origin}/api/payments/ecpay/info`);
    expect((await orderFacts(shop, order.id)).pay_deadline).toBe(before.pay_deadline);
  });

  it('is 401 without a credential, 404 with another order key, and 409 for cash on delivery', async () => {
    const order = await placeFixtureOrder(shop);
    const other = await placeFixtureOrder(shop);
    expect((await shop.call('POST', `/api/orders/${order.no}/payment`)).json.code).toBe('UNAUTHENTICATED');
    const wrong = await startAttempt(shop, order.no, other.guestKey, 'en');
    expect(wrong.status).toBe(404);
    expect(wrong.json.message).toMatch(/not found/);
    const cod = await placeFixtureOrder(shop, { payment: 'cod' });
    const refused = await startAttempt(shop, cod.no, cod.guestKey);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('ORDER_NOT_PAYABLE');
    expect(refused.json.message).toMatch(/付款/);
  });
});

describe('POST /api/payments/ecpay/notify', () => {
  it('marks the order paid once for a good notice and answers 1|OK', async () => {
    const { order, tradeNo } = await orderWithAttempt();
    const res = await postForm(shop, NOTIFY, paidNotice(shop, tradeNo, order.total));
    expect(res).toMatchObject({ status: 200, text: '1|OK' });
    const facts = await orderFacts(shop, order.id);
    expect(facts.state).toBe('paid');
    expect(Number(facts.paid_at)).toBe(shop.clock.now());
    expect(facts.events).toEqual(['awaiting_payment', 'paid']);
    const attempt = await shop.deps.db.kysely
      .selectFrom('payment_attempts')
      .select(['state', 'trade_no'])
      .where('merchant_trade_no', '=', tradeNo)
      .executeTakeFirstOrThrow();
    expect(attempt).toEqual({ state: 'paid', trade_no: '2611211200001234' });
    expect(await noticesOf(shop, tradeNo)).toEqual([{ kind: 'notify', verified: 1, outcome: 'paid' }]);
  });

  it('pays once for 5 replays in sequence and 5 at once, answering 1|OK to every one', async () => {
    const { order, tradeNo } = await orderWithAttempt();
    const notice = paidNotice(shop, tradeNo, order.total);
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await postForm(shop, NOTIFY, notice)).text);
    const together = await Promise.all(Array.from({ length: 5 }, () => postForm(shop, NOTIFY, notice)));
    answers.push(...together.map((r) => r.text));
    expect(answers).toEqual(Array(10).fill('1|OK'));
    const facts = await orderFacts(shop, order.id);
    expect(facts.events.filter((s) => s === 'paid')).toHaveLength(1);
    const outcomes = (await noticesOf(shop, tradeNo)).map((n) => n.outcome);
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(9);
  });

  it('also pays once when 5 different servers race on the first notice', async () => {
    const { order, tradeNo } = await orderWithAttempt();
    const notice = paidNotice(shop, tradeNo, order.total);
    const res = await Promise.all(Array.from({ length: 5 }, () => postForm(shop, NOTIFY, notice)));
    expect(res.map((r) => r.text)).toEqual(Array(5).fill('1|OK'));
    expect((await orderFacts(shop, order.id)).events).toEqual(['awaiting_payment', 'paid']);
  });

  it.each([
    ['a wrong CheckMacValue', 'signature'],
    ['a wrong amount', 'amount'],
    ['another merchant', 'merchant'],
    ['an unknown MerchantTradeNo', 'unknown-trade'],
  ])('refuses %s, records it unverified and changes nothing', async (_what, reason) => {
    const { order, tradeNo } = await orderWithAttempt();
    let form = paidNotice(shop, tradeNo, order.total);
    if (reason === 'signature') form = { ...form, TradeAmt: String(order.total - 1) };
    if (reason === 'amount') form = paidNotice(shop, tradeNo, order.total - 1);
    if (reason === 'merchant') form = paidNotice(shop, tradeNo, order.total, { MerchantID: '2000132' });
    if (reason === 'unknown-trade') form = paidNotice(shop, 'SW0000000000NOSUCH1', order.total);
    const res = await postForm(shop, NOTIFY, form);
    expect(res.status).toBe(400);
    expect(res.text).not.toBe('1|OK');
    const facts = await orderFacts(shop, order.id);
    expect(facts.state).toBe('awaiting_payment');
    expect(facts.paid_at).toBeNull();
    const kept = await noticesOf(shop, form.MerchantTradeNo!);
    expect(kept).toEqual([{ kind: 'notify', verified: 0, outcome: `rejected:${reason}` }]);
  });

  it('refuses a body that is not a form and keeps it as received', async () => {
    const res = await shop.app.request(NOTIFY, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ MerchantTradeNo: 'SWJSON0001', RtnCode: '1' }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toBe('1|OK');
    const kept = await shop.deps.db.kysely
      .selectFrom('payment_notices')
      .select(['verified', 'outcome', 'body'])
      .where('outcome', '=', 'rejected:form')
      .execute();
    expect(kept).toHaveLength(1);
    expect(Number(kept[0]!.verified)).toBe(0);
    expect(JSON.parse(kept[0]!.body).raw).toContain('SWJSON0001');
  });

  it('keeps a declined card attempt as failed and lets the shopper try again', async () => {
    const { order, tradeNo } = await orderWithAttempt();
    const declined = paidNotice(shop, tradeNo, order.total, {
      RtnCode: '10100058',
      RtnMsg: '付款失敗',
      PaymentDate: '',
    });
    expect((await postForm(shop, NOTIFY, declined)).text).toBe('1|OK');
    expect((await orderFacts(shop, order.id)).state).toBe('awaiting_payment');
    const retry = await startAttempt(shop, order.no, order.guestKey);
    const next = retry.json.result.fields.MerchantTradeNo;
    expect(next).not.toBe(tradeNo);
    expect((await postForm(shop, NOTIFY, paidNotice(shop, next, order.total))).text).toBe('1|OK');
    expect((await orderFacts(shop, order.id)).state).toBe('paid');
  });

  it('answers 503 without 1|OK when the database fails before the change, then takes the resent notice', async () => {
    const { order, tradeNo } = await orderWithAttempt();
    const notice = paidNotice(shop, tradeNo, order.total);
    armFault('payment.notify', 1);
    const failed = await postForm(shop, NOTIFY, notice);
    expect(failed.status).toBe(503);
    expect(failed.text).not.toContain('1|OK');
    expect((await orderFacts(shop, order.id)).state).toBe('awaiting_payment');
    expect((await postForm(shop, NOTIFY, notice)).text).toBe('1|OK');
    expect((await orderFacts(shop, order.id)).state).toBe('paid');
  });

  it('never moves a paid order back on a later declined notice', async () => {
    const { order, tradeNo } = await orderWithAttempt();
    await postForm(shop, NOTIFY, paidNotice(shop, tradeNo, order.total));
    const declined = paidNotice(shop, tradeNo, order.total, { RtnCode: '10100058', RtnMsg: '付款失敗' });
    expect((await postForm(shop, NOTIFY, declined)).text).toBe('1|OK');
    expect((await orderFacts(shop, order.id)).state).toBe('paid');
  });
});

describe('POST /api/payments/ecpay/return', () => {
  it('sends the browser on to the result page in the order language', async () => {
    const zh = await orderWithAttempt();
    const res = await postForm(shop, RETURN, paidNotice(shop, zh.tradeNo, zh.order.total));
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/cart/result?no=${zh.order.no}`);
    const en = await orderWithAttempt({ locale: 'en' });
    expect((await postForm(shop, RETURN, paidNotice(shop, en.tradeNo, en.order.total))).location).toBe(
      `/en/cart/result?no=${en.order.no}`,
    );
  });

  it('refuses a return with a wrong signature', async () => {
    const { order, tradeNo } = await orderWithAttempt();
    const form = { ...paidNotice(shop, tradeNo, order.total), RtnCode: '2' };
    const res = await postForm(shop, RETURN, form);
    expect(res.status).toBe(400);
    expect(res.location).toBeNull();
  });
});
