import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { armFault } from '../../../src/server/common/faults.ts';
import { invoiceWorkSettled } from '../../../src/server/payment/invoicing.ts';
import { reconcileOrder } from '../../../src/server/payment/reconcile.ts';
import { formsOf, postForm as postPage } from '../../helpers/html-forms.ts';
import { placeFixtureOrder } from '../../helpers/order-fixture.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { expectFailure, okResult } from '../../helpers/wire-asserts.ts';
import { variantPriced } from '../cart/cart-helpers.ts';
import { type Buyer, bodyFor, memberBuyer, order, quote } from '../orders/orders-helpers.ts';
import { createPaymentShop, NOTIFY, noticesOf, orderFacts, paidNotice, postForm } from './payment-helpers.ts';

/**
 * Card installments end to end: the quote's plans, the order's choice and its refusals, the cashier
 * form's CreditInstallment, the simulator's refusals and its notice's stage/stast/staed, checked
 * against the attempt and kept, and the reconcile path.
 */
let shop: TestShop & { origin: string };
beforeAll(async () => {
  shop = await createPaymentShop();
});
const contract = () => {
  shop.deps.env.ECPAY_INSTALLMENTS = [3, 6, 12];
  shop.deps.env.INSTALLMENT_MIN_AMOUNT = { 3: 3_000, 6: 6_000, 12: 12_000 };
  shop.deps.env.INSTALLMENT_INTEREST_FREE = '1';
};
afterEach(() => {
  armFault('payment.notify', 0);
  contract();
});
afterAll(async () => {
  await invoiceWorkSettled();
  await shop.close();
});
beforeAll(contract);

const path = (url: string) => new URL(url, 'http://shop.test').pathname;
const k = () => shop.deps.db.kysely;
const homeCard = { shipping: { method: 'home', city: '臺北市' }, payment: 'credit' };

async function buyerOf(min: number, max: number): Promise<{ buyer: Buyer; variantId: number }> {
  const v = await variantPriced(shop, min, max);
  return { buyer: await memberBuyer(shop, [[v, 1]]), variantId: v.id };
}

const stockOf = async (variantId: number) =>
  Number(
    (await k().selectFrom('variants').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow()).stock,
  );

/** The member's order: its cashier form, posted to the simulator, and the card page's form. */
async function cashierOf(buyer: Buyer, no: string) {
  const start = await shop.call('POST', `/api/orders/${no}/payment`, { token: buyer.token });
  const { action, fields } = start.json.result;
  const page = await postPage(shop.app, path(action), fields);
  return { fields: fields as Record<string, string>, page };
}

const payCard = (form: { action: string; fields: Record<string, string> }) =>
  postPage(shop.app, path(form.action), {
    ...form.fields,
    cardNumber: '4311952222222222',
    expiry: '12/30',
    cvc: '123',
  });

describe('the quote', () => {
  it('lists the periods the total reaches, in whole dollars with the remainder on the first payment', async () => {
    const { buyer } = await buyerOf(12_500, 40_000);
    const q = okResult(await quote(shop, buyer, homeCard));
    expect(q.installments.map((p: { periods: number }) => p.periods)).toEqual([3, 6, 12]);
    for (const plan of q.installments) {
      expect(plan.per_payment).toBe(Math.floor(q.total / plan.periods));
      expect(plan.first_payment + plan.per_payment * (plan.periods - 1)).toBe(q.total);
      expect(plan.first_payment).toBeGreaterThanOrEqual(plan.per_payment);
      expect(plan.interest_free).toBe(true);
    }
  });

  it('leaves out a period whose minimum the total does not reach, and offers none without a contract', async () => {
    const { buyer } = await buyerOf(6_500, 9_000);
    const q = okResult(await quote(shop, buyer, homeCard));
    expect(q.installments.map((p: { periods: number }) => p.periods)).toEqual([3, 6]);
    shop.deps.env.ECPAY_INSTALLMENTS = undefined;
    expect(okResult(await quote(shop, buyer, homeCard)).installments).toEqual([]);
  });
});

describe('an order in 12 installments', () => {
  it('asks ECPay for CreditInstallment=12, is paid through the simulator and shows its installments', async () => {
    const { buyer } = await buyerOf(12_500, 40_000);
    const placed = await order(shop, buyer, bodyFor(buyer, { payment: 'credit', installments: 12 }));
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    const o = placed.json.result;
    expect(o.payment.installments).toBeNull();
    const { fields, page } = await cashierOf(buyer, o.no);
    expect(fields).toMatchObject({ ChoosePayment: 'Credit', CreditInstallment: '12', NeedExtraPaidInfo: 'Y' });
    expect(fields.Redeem).toBeUndefined();
    expect(page.html).toContain('12');
    const card = formsOf(page.html).find((f) => f.action.endsWith('/card'))!;
    const paid = await payCard(card);
    expect(paid.html).toContain('1|OK');
    const shown = okResult(await shop.call('GET', `/api/orders/${o.no}`, { token: buyer.token }));
    const per = Math.floor(o.total / 12);
    expect(shown.state).toBe('paid');
    expect(shown.payment).toMatchObject({
      installments: 12,
      per_payment: per,
      first_payment: o.total - per * 11,
      redeemed: null,
    });
    // What `npm run orders -- show` prints and the console's order page reads.
    const { showForShop } = await import('../../../src/server/orders/order-admin.ts');
    expect((await showForShop(shop.deps, o.no)).payment).toMatchObject({ method: 'credit', installments: 12 });
  });
});

describe('refusals: 422 with the field in the caller language, nothing stored', () => {
  async function refused(body: Record<string, unknown>, lang: string, code: string, field: string) {
    const { buyer, variantId } = await buyerOf(6_500, 9_000);
    const before = await stockOf(variantId);
    const orders = await k().selectFrom('orders').select('id').execute();
    const res = await order(shop, buyer, bodyFor(buyer, body), { lang });
    expectFailure(res, 422, code);
    expect(typeof res.json.errors?.[field]).toBe('string');
    expect(await stockOf(variantId)).toBe(before);
    expect(await k().selectFrom('orders').select('id').execute()).toHaveLength(orders.length);
    return res.json.errors[field] as string;
  }

  it('a period the shop does not offer', async () => {
    expect(
      await refused({ payment: 'credit', installments: 24 }, 'zh-TW', 'INSTALLMENTS_UNAVAILABLE', 'installments'),
    ).toContain('24');
    expect(
      await refused({ payment: 'credit', installments: 24 }, 'en', 'INSTALLMENTS_UNAVAILABLE', 'installments'),
    ).toMatch(/does not offer 24 installments/);
  });

  it('a total below the period minimum', async () => {
    expect(
      await refused({ payment: 'credit', installments: 12 }, 'zh-TW', 'INSTALLMENTS_UNAVAILABLE', 'installments'),
    ).toContain('NT$12,000');
    expect(
      await refused({ payment: 'credit', installments: 12 }, 'en', 'INSTALLMENTS_UNAVAILABLE', 'installments'),
    ).toMatch(/at least NT\$12,000/);
  });

  it('installments with another method than card', async () => {
    expect(
      await refused({ payment: 'atm', installments: 3 }, 'en', 'INSTALLMENTS_UNAVAILABLE', 'installments'),
    ).toMatch(/card payment only/);
  });

  it('a period outside ECPay list is a validation error', async () => {
    const { buyer } = await buyerOf(6_500, 9_000);
    const res = await order(shop, buyer, bodyFor(buyer, { payment: 'credit', installments: 5 }));
    expect(res.status).toBe(400);
    expect(res.json.errors).toHaveProperty('installments');
  });
});

describe('the notice', () => {
  async function installmentAttempt() {
    const o = await placeFixtureOrder(shop, { payment: 'credit', stock: 10 });
    await k().updateTable('orders').set({ installments: 3 }).where('id', '=', o.id).execute();
    const start = await shop.call('POST', `/api/orders/${o.no}/payment`, { headers: { 'x-order-key': o.guestKey } });
    const { fields } = start.json.result;
    expect(fields.CreditInstallment).toBe('3');
    return { o, tradeNo: fields.MerchantTradeNo as string };
  }

  it('whose installments disagree with the attempt is refused like a forged one, and changes nothing', async () => {
    const { o, tradeNo } = await installmentAttempt();
    const one = await postForm(shop, NOTIFY, paidNotice(shop, tradeNo, o.total, { gwsr: '12345678', stage: '0' }));
    expect(one.text).toBe('0|installments');
    const six = await postForm(
      shop,
      NOTIFY,
      paidNotice(shop, tradeNo, o.total, { gwsr: '12345678', stage: '6', stast: '0', staed: '0' }),
    );
    expect(six.text).toBe('0|installments');
    const badSum = await postForm(
      shop,
      NOTIFY,
      paidNotice(shop, tradeNo, o.total, { gwsr: '12345678', stage: '3', stast: '1', staed: '1' }),
    );
    expect(badSum.text).toBe('0|installments');
    expect((await orderFacts(shop, o.id)).state).toBe('awaiting_payment');
    expect((await noticesOf(shop, tradeNo)).map((n) => `${n.verified}:${n.outcome}`)).toEqual([
      '0:rejected:installments',
      '0:rejected:installments',
      '0:rejected:installments',
    ]);
  });

  it('that agrees is applied and its payments kept', async () => {
    const { o, tradeNo } = await installmentAttempt();
    const per = Math.floor(o.total / 3);
    const first = o.total - per * 2;
    const res = await postForm(
      shop,
      NOTIFY,
      paidNotice(shop, tradeNo, o.total, { gwsr: '12345679', stage: '3', stast: String(first), staed: String(per) }),
    );
    expect(res.text).toBe('1|OK');
    const attempt = await k()
      .selectFrom('payment_attempts')
      .select(['installments', 'first_payment', 'per_payment'])
      .where('merchant_trade_no', '=', tradeNo)
      .executeTakeFirstOrThrow();
    expect(attempt).toEqual({ installments: 3, first_payment: first, per_payment: per });
  });

  it('of points redeemed that the attempt did not ask for is refused', async () => {
    const o = await placeFixtureOrder(shop, { payment: 'credit', stock: 10 });
    const { fields } = (
      await shop.call('POST', `/api/orders/${o.no}/payment`, { headers: { 'x-order-key': o.guestKey } })
    ).json.result;
    const res = await postForm(
      shop,
      NOTIFY,
      paidNotice(shop, fields.MerchantTradeNo, o.total, { gwsr: '12345670', red_dan: '100', red_de_amt: '10' }),
    );
    expect(res.text).toBe('0|redeem');
  });
});

describe('the cashier simulator refuses what ECPay refuses', () => {
  async function cashierPage(over: Record<string, string>) {
    const o = await placeFixtureOrder(shop, { payment: 'credit', stock: 10 });
    if (over.installments)
      await k()
        .updateTable('orders')
        .set({ installments: Number(over.installments) })
        .where('id', '=', o.id)
        .execute();
    const { action, fields } = (
      await shop.call('POST', `/api/orders/${o.no}/payment`, { headers: { 'x-order-key': o.guestKey } })
    ).json.result;
    return { o, page: await postPage(shop.app, path(action), fields, 'en') };
  }

  it('a period the merchant has not enabled', async () => {
    // The simulator reads the shop's own settings as the merchant's contract, which lacks 18.
    const { page } = await cashierPage({ installments: '18' });
    expect(page.status).toBe(400);
    expect(page.html).toContain('The merchant has not enabled 18 installments');
  });

  it('an installment below its minimum', async () => {
    shop.deps.env.INSTALLMENT_MIN_AMOUNT = { 3: 1 };
    const { page: ok } = await cashierPage({ installments: '3' });
    expect(ok.status).toBe(200);
    shop.deps.env.INSTALLMENT_MIN_AMOUNT = { 3: 10_000_000 };
    const { page } = await cashierPage({ installments: '3' });
    expect(page.status).toBe(400);
    expect(page.html).toContain('3 installments need at least 10000000 dollars');
  });
});

describe('reconcile', () => {
  it('pays an installment order found paid at ECPay and keeps its installments', async () => {
    const o = await placeFixtureOrder(shop, { payment: 'credit', stock: 10 });
    await k().updateTable('orders').set({ installments: 3 }).where('id', '=', o.id).execute();
    shop.deps.env.INSTALLMENT_MIN_AMOUNT = {};
    const { action, fields } = (
      await shop.call('POST', `/api/orders/${o.no}/payment`, { headers: { 'x-order-key': o.guestKey } })
    ).json.result;
    const page = await postPage(shop.app, path(action), fields);
    const card = formsOf(page.html).find((f) => f.action.endsWith('/card'))!;
    armFault('payment.notify', 1_000);
    await payCard(card);
    armFault('payment.notify', 0);
    expect((await orderFacts(shop, o.id)).state).toBe('awaiting_payment');
    expect((await reconcileOrder(shop.deps, o.id)).result).toBe('paid');
    const attempt = await k()
      .selectFrom('payment_attempts')
      .select(['state', 'installments', 'first_payment', 'per_payment'])
      .where('merchant_trade_no', '=', fields.MerchantTradeNo)
      .executeTakeFirstOrThrow();
    const per = Math.floor(o.total / 3);
    expect(attempt).toEqual({ state: 'paid', installments: 3, first_payment: o.total - per * 2, per_payment: per });
  });
});
