import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RECONCILE_AFTER_MS } from '../../../src/config.ts';
import { armFault } from '../../../src/server/common/faults.ts';
import { reconcileForShop } from '../../../src/server/orders/order-admin.ts';
import { invoiceWorkSettled } from '../../../src/server/payment/invoicing.ts';
import { releaseUnpaid, sweepPayments } from '../../../src/server/payment/sweep.ts';
import { ecpayDateTime } from '../../../src/server/providers/ecpay/fields.ts';
import { formsOf, postForm as postPage } from '../../helpers/html-forms.ts';
import { placeFixtureOrder } from '../../helpers/order-fixture.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import {
  atmInfo,
  createPaymentShop,
  INFO,
  NOTIFY,
  noticesOf,
  orderFacts,
  paidNotice,
  postForm,
  startAttempt,
} from './payment-helpers.ts';

/**
 * A notice ECPay could not deliver is not a payment lost: the shop asks ECPay (QueryTradeInfo, here
 * the cashier simulator over HTTP) before it releases an order, and every few minutes while it waits.
 */
let shop: TestShop & { origin: string };
beforeAll(async () => {
  shop = await createPaymentShop();
});
afterEach(() => {
  armFault('payment.notify', 0);
  shop.deps.env.ECPAY_PAYMENT_BASE_URL = undefined;
});
afterAll(async () => {
  await invoiceWorkSettled();
  await shop.close();
});

/** An ATM account's expiry date two days from the test clock (yyyy/MM/dd, Taiwan time). */
const inTwoDays = () => ecpayDateTime(shop.clock.now() + 2 * 86_400_000).slice(0, 10);
const path = (url: string) => new URL(url, 'http://shop.test').pathname;
const k = () => shop.deps.db.kysely;
const stockOf = async (variantId: number) =>
  Number(
    (await k().selectFrom('variants').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow()).stock,
  );

/** A card order paid on the cashier simulator while the shop's notify route answers 503 to every notice. */
async function paidWhileNotifyDown() {
  const order = await placeFixtureOrder(shop, { payment: 'credit', stock: 10 });
  const start = await startAttempt(shop, order.no, order.guestKey);
  const { action, fields } = start.json.result;
  const cashier = await postPage(shop.app, path(action), fields);
  const card = formsOf(cashier.html).find((f) => f.action.endsWith('/card'))!;
  armFault('payment.notify', 1_000);
  const paid = await postPage(shop.app, path(card.action), {
    ...card.fields,
    cardNumber: '4311-9522-2222-2222',
    expiry: '12/30',
    cvc: '123',
  });
  expect(paid.status).toBe(200);
  armFault('payment.notify', 0);
  expect((await noticesOf(shop, fields.MerchantTradeNo)).every((n) => n.outcome !== 'paid')).toBe(true);
  expect((await orderFacts(shop, order.id)).state).toBe('awaiting_payment');
  return { order, tradeNo: fields.MerchantTradeNo as string };
}

describe('reconciliation with ECPay', () => {
  it('finds a card order paid while the notify route was failing, within the pass interval, and never releases it', async () => {
    const { order, tradeNo } = await paidWhileNotifyDown();
    // Too young to ask about yet: the pass leaves it.
    expect((await sweepPayments(shop.deps)).reconciled).toBe(0);
    shop.clock.advance(RECONCILE_AFTER_MS + 1);
    expect((await sweepPayments(shop.deps)).reconciled).toBe(1);
    await invoiceWorkSettled();
    const facts = await orderFacts(shop, order.id);
    expect(facts.state).toBe('paid');
    expect(facts.invoice_no).toMatch(/^[A-Z]{2}\d{8}$/);
    expect((await noticesOf(shop, tradeNo)).filter((n) => n.kind === 'reconcile')).toEqual([
      { kind: 'reconcile', verified: 1, outcome: 'paid' },
    ]);
    shop.clock.advance(60 * 60_000);
    expect(await releaseUnpaid(shop.deps)).toEqual([]);
    expect(await stockOf(order.variantId)).toBe(9);
    // ECPay's own resend, when it finally gets through, changes nothing.
    expect((await postForm(shop, NOTIFY, paidNotice(shop, tradeNo, order.total))).text).toBe('1|OK');
    expect((await orderFacts(shop, order.id)).events.filter((s) => s === 'paid')).toHaveLength(1);
  });

  it('asks before releasing at the deadline: a paid attempt pays the order instead', async () => {
    const { order } = await paidWhileNotifyDown();
    shop.clock.advance(30 * 60_000 + 1);
    expect(await releaseUnpaid(shop.deps)).toEqual([]);
    expect((await orderFacts(shop, order.id)).state).toBe('paid');
  });

  it('postpones the release while ECPay does not answer, and releases once it says not paid', async () => {
    const order = await placeFixtureOrder(shop, { payment: 'credit', quantity: 2, stock: 10 });
    const start = await startAttempt(shop, order.no, order.guestKey);
    await postPage(shop.app, path(start.json.result.action), start.json.result.fields);
    shop.clock.advance(30 * 60_000 + 1);
    shop.deps.env.ECPAY_PAYMENT_BASE_URL = 'http://127.0.0.1:9';
    expect(await releaseUnpaid(shop.deps)).toEqual([]);
    expect((await orderFacts(shop, order.id)).state).toBe('awaiting_payment');
    expect(await stockOf(order.variantId)).toBe(8);
    shop.deps.env.ECPAY_PAYMENT_BASE_URL = undefined;
    expect(await releaseUnpaid(shop.deps)).toEqual([order.no]);
    expect(await stockOf(order.variantId)).toBe(10);
  });

  it('lets the owner ask at once, whatever the attempt age, and prints what ECPay said', async () => {
    const { order, tradeNo } = await paidWhileNotifyDown();
    const [report] = await reconcileForShop(shop.deps, order.no);
    expect(report).toEqual({
      no: order.no,
      result: 'paid',
      checks: [{ merchantTradeNo: tradeNo, answer: 'paid', outcome: 'paid' }],
    });
    const unpaid = await placeFixtureOrder(shop, { payment: 'atm' });
    const start = await startAttempt(shop, unpaid.no, unpaid.guestKey);
    const all = await reconcileForShop(shop.deps);
    expect(all.find((r) => r.no === unpaid.no)).toEqual({
      no: unpaid.no,
      result: 'unpaid',
      checks: [{ merchantTradeNo: start.json.result.fields.MerchantTradeNo, answer: 'not-found' }],
    });
    expect(all.some((r) => r.no === order.no)).toBe(false);
    await expect(reconcileForShop(shop.deps, (await placeFixtureOrder(shop, { payment: 'atm' })).no)).rejects.toThrow(
      /no payment attempt/,
    );
  });
});

describe('ATM and store-code grace period', () => {
  it('pays an order whose ATM notice arrives 12 h after the expiry with an earlier PaymentDate', async () => {
    const order = await placeFixtureOrder(shop, { payment: 'atm', stock: 10 });
    const start = await startAttempt(shop, order.no, order.guestKey);
    const tradeNo = start.json.result.fields.MerchantTradeNo as string;
    const info = atmInfo(shop, tradeNo, order.total, inTwoDays());
    expect((await postForm(shop, INFO, info)).text).toBe('1|OK');
    const deadline = Number((await orderFacts(shop, order.id)).pay_deadline);
    shop.clock.t = deadline + 12 * 3_600_000;
    // ECPay says not paid yet (the simulator never saw this trade), but the grace period holds the stock.
    expect(await releaseUnpaid(shop.deps)).toEqual([]);
    expect(await stockOf(order.variantId)).toBe(9);
    // Paid twenty minutes before the account expired; ECPay reports it half a day later.
    const paidAt = ecpayDateTime(deadline - 20 * 60_000);
    const notice = paidNotice(shop, tradeNo, order.total, { PaymentType: 'ATM_TAISHIN', PaymentDate: paidAt });
    expect((await postForm(shop, NOTIFY, notice)).text).toBe('1|OK');
    expect((await orderFacts(shop, order.id)).state).toBe('paid');
  });

  it('releases an expired ATM order once the grace period is over and ECPay says not paid', async () => {
    const order = await placeFixtureOrder(shop, { payment: 'atm', stock: 10 });
    const start = await startAttempt(shop, order.no, order.guestKey);
    const tradeNo = start.json.result.fields.MerchantTradeNo as string;
    expect((await postForm(shop, INFO, atmInfo(shop, tradeNo, order.total, inTwoDays()))).text).toBe('1|OK');
    const deadline = Number((await orderFacts(shop, order.id)).pay_deadline);
    shop.clock.t = deadline + 24 * 3_600_000 + 1;
    expect(await releaseUnpaid(shop.deps)).toContain(order.no);
    expect(await stockOf(order.variantId)).toBe(10);
  });
});
