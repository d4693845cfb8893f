import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { armFault } from '../../../src/server/common/faults.ts';
import { buildAioForm } from '../../../src/server/providers/ecpay/aio.ts';
import { sign } from '../../../src/server/providers/ecpay/check-mac.ts';
import { ecpayConfig, ecpayEndpoints } from '../../../src/server/providers/ecpay/config.ts';
import {
  type CreditAction,
  doCreditAction,
  EcpayCreditError,
  queryCreditTrade,
} from '../../../src/server/providers/ecpay/credit.ts';
import { newMerchantTradeNo } from '../../../src/server/providers/ecpay/fields.ts';
import { parsePaymentNotice } from '../../../src/server/providers/ecpay/notice.ts';
import { queryTrade } from '../../../src/server/providers/ecpay/query.ts';
import { chooseRefundAction } from '../../../src/server/providers/ecpay/refund-action.ts';
import { nextDailyClose } from '../../../src/server/providers/ecpay/simulator/credit.ts';
import { formsOf, postForm } from '../../helpers/html-forms.ts';
import { startReceiver } from '../../helpers/notice-receiver.ts';
import { createTestShop, listening, type TestShop } from '../../helpers/test-app.ts';

/**
 * CreditDetail/QueryTrade/V2 and DoAction against the payment simulator over real HTTP: card
 * trades paid through the simulated cashier, then queried, closed, refunded and given up as ECPay's
 * rules allow (developers.ecpay.com.tw 2885).
 */

let shop: TestShop & { origin: string };
let origin: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  shop = await listening(await createTestShop());
  origin = shop.origin;
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await shop.close();
});
afterEach(() => armFault('ecpay.refund.down', 0));

const account = () => ecpayConfig(shop.deps.env).payment;
const endpoints = () => ecpayEndpoints('simulator', origin);

let seq = 0;
/** Pays `amount` by the simulator's success card; the trade as its signed notice reports it. */
async function payByCard(amount: number, installments = '') {
  shop.clock.advance(1000);
  const form = buildAioForm(
    {
      merchantTradeNo: `${newMerchantTradeNo(shop.clock.now()).slice(0, 17)}${seq++}`,
      at: shop.clock.now(),
      totalAmount: amount,
      items: [{ name: 'Sennheiser HD 660S2', quantity: 1 }],
      tradeDesc: '聲林音響 訂單',
      method: 'Credit',
      origin: receiver.origin,
      clientBackPath: '/cart/result/',
    },
    account(),
    'simulator',
  );
  const { CheckMacValue: _mac, ...fields } = form.fields;
  const signed = installments ? sign({ ...fields, CreditInstallment: installments }, account(), 'sha256') : form.fields;
  const page = await postForm(shop.app, '/api/sim/ecpay/Cashier/AioCheckOut/V5', signed);
  expect(page.status).toBe(200);
  const card = formsOf(page.html).find((f) => f.action.endsWith('/card'))!;
  const before = receiver.received.length;
  const paid = await postForm(shop.app, card.action, {
    ...card.fields,
    cardNumber: '4311-9522-2222-2222',
    expiry: '12/30',
    cvc: '123',
  });
  expect(paid.status).toBe(200);
  const notice = receiver.received.slice(before).find((r) => r.path === '/api/payments/ecpay/notify')!;
  const parsed = parsePaymentNotice(notice.fields, account());
  expect(parsed.paid).toBe(true);
  expect(parsed.credit).toEqual({
    creditRefundId: Number(notice.fields.gwsr),
    installments: Number(notice.fields.stage),
  });
  return {
    merchantTradeNo: fields.MerchantTradeNo!,
    tradeNo: notice.fields.TradeNo!,
    gwsr: Number(notice.fields.gwsr),
    stage: Number(notice.fields.stage),
    amount,
  };
}
type Paid = Awaited<ReturnType<typeof payByCard>>;

const query = (t: Paid, over: { checkCode?: string; amount?: number } = {}) =>
  queryCreditTrade({
    url: endpoints().creditQuery,
    account: account(),
    creditRefundId: t.gwsr,
    amount: over.amount ?? t.amount,
    checkCode: over.checkCode ?? ecpayConfig(shop.deps.env).creditCheckCode,
  });
const act = (t: Paid, action: CreditAction, amount: number) =>
  doCreditAction({
    url: endpoints().creditAction,
    account: account(),
    merchantTradeNo: t.merchantTradeNo,
    tradeNo: t.tradeNo,
    action,
    amount,
  });
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof EcpayCreditError) return `${e.kind}:${e.rtnMsg}`;
    throw e;
  }
  return 'done';
}
/** Moves the test clock past ECPay's next daily close (20:15 Taiwan time). */
const pastDailyClose = () => {
  shop.clock.t = nextDailyClose(shop.clock.now()) + 60_000;
};

describe('the payment carries what a refund needs', () => {
  it('the notice and QueryTradeInfo give gwsr and stage (NeedExtraPaidInfo=Y)', async () => {
    const t = await payByCard(2400);
    expect(t.gwsr).toBeGreaterThan(0);
    expect(t.stage).toBe(0);
    const q = await queryTrade({
      url: endpoints().queryTrade,
      account: account(),
      merchantTradeNo: t.merchantTradeNo,
      now: shop.clock.now(),
    });
    expect(q.credit).toEqual({ creditRefundId: t.gwsr, installments: 0 });
  });
});

describe('QueryTrade/V2', () => {
  it('reports an authorised trade, refuses a wrong check code and knows no other authorisation', async () => {
    const t = await payByCard(3200);
    expect(await query(t)).toMatchObject({
      creditRefundId: t.gwsr,
      status: 'authorised',
      amount: 3200,
      closedAmount: 0,
      capturedAmount: 0,
      refundedAmount: 0,
    });
    expect(await refusal(query(t, { checkCode: '1' }))).toBe('refused:error');
    expect(await query({ ...t, gwsr: t.gwsr + 1 })).toBeNull();
    expect(await query(t, { amount: 3199 })).toBeNull();
  });

  it('closes the day’s authorised trades at 20:15 Taiwan time', async () => {
    const t = await payByCard(1500);
    pastDailyClose();
    expect(await query(t)).toMatchObject({ status: 'closed', closedAmount: 1500, capturedAmount: 1500 });
  });
});

describe('DoAction', () => {
  it('N gives up a whole authorisation, not a part; after it nothing more is done', async () => {
    const t = await payByCard(5000);
    expect(await refusal(act(t, 'N', 4000))).toMatch(/^refused:.*error_amount_N/);
    expect(await refusal(act(t, 'R', 5000))).toMatch(/^refused:.*error_amount_R/);
    expect(await act(t, 'N', 5000)).toMatchObject({ merchantTradeNo: t.merchantTradeNo, tradeNo: t.tradeNo });
    expect((await query(t))?.status).toBe('cancelled');
    expect(await refusal(act(t, 'N', 5000))).toMatch(/^refused:/);
    pastDailyClose();
    expect((await query(t))?.status).toBe('cancelled');
  });

  it('R refunds parts of a closed trade up to what stands closed, never more', async () => {
    const t = await payByCard(1000);
    pastDailyClose();
    await act(t, 'R', 300);
    expect(await query(t)).toMatchObject({ status: 'closing', closedAmount: 700, refundedAmount: 300 });
    expect(await refusal(act(t, 'R', 701))).toMatch(/^refused:.*error_amount_R/);
    await act(t, 'R', 700);
    pastDailyClose();
    expect(await query(t)).toMatchObject({
      status: 'closed',
      closedAmount: 0,
      capturedAmount: 1000,
      refundedAmount: 1000,
    });
    expect(await refusal(act(t, 'R', 1))).toMatch(/^refused:/);
  });

  it('of refunds racing on one trade, only what fits is done', async () => {
    const t = await payByCard(1000);
    pastDailyClose();
    const results = await Promise.all(Array.from({ length: 5 }, () => refusal(act(t, 'R', 600))));
    expect(results.filter((r) => r === 'done')).toHaveLength(1);
    expect((await query(t))?.refundedAmount).toBe(600);
  });

  it('C closes; N is refused on it until E cancels the close', async () => {
    const t = await payByCard(2000);
    await act(t, 'C', 2000);
    expect(await query(t)).toMatchObject({ status: 'closing', closedAmount: 2000 });
    expect(await refusal(act(t, 'N', 2000))).toMatch(/^refused:.*error_status_N/);
    await act(t, 'E', 2000);
    expect(await query(t)).toMatchObject({ status: 'authorised', closedAmount: 0 });
    await act(t, 'N', 2000);
    expect((await query(t))?.status).toBe('cancelled');
  });

  it('refunds an instalment sale only whole', async () => {
    // The simulator takes installments only of a merchant whose contract has them.
    shop.deps.env.ECPAY_INSTALLMENTS = [3];
    const t = await payByCard(12_000, '3');
    shop.deps.env.ECPAY_INSTALLMENTS = undefined;
    expect(t.stage).toBe(3);
    pastDailyClose();
    expect(await refusal(act(t, 'R', 4000))).toMatch(/^refused:/);
    await act(t, 'R', 12_000);
    expect((await query(t))?.refundedAmount).toBe(12_000);
  });

  it('refuses a form that is not signed by the merchant', async () => {
    const t = await payByCard(800);
    const res = await fetch(endpoints().creditAction, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        MerchantID: account().merchantId,
        MerchantTradeNo: t.merchantTradeNo,
        TradeNo: t.tradeNo,
        Action: 'N',
        TotalAmount: '800',
        CheckMacValue: '0'.repeat(64),
      }).toString(),
    });
    expect(Object.fromEntries(new URLSearchParams(await res.text()))).toMatchObject({ RtnCode: '0' });
    expect((await query(t))?.status).toBe('authorised');
  });
});

describe('ecpay.refund.down', () => {
  it('answers HTTP 503 and does nothing; the next call goes through', async () => {
    const t = await payByCard(900);
    armFault('ecpay.refund.down', 2);
    expect(await refusal(act(t, 'N', 900))).toBe('unreachable:');
    expect(await refusal(query(t))).toBe('unreachable:');
    expect((await query(t))?.status).toBe('authorised');
  });
});

describe('chooseRefundAction on what QueryTrade/V2 answers', () => {
  it('N for a whole authorised trade, R once closed, the refusal otherwise', async () => {
    const t = await payByCard(1800);
    const authorised = { ...(await query(t))!, installment: false };
    expect(chooseRefundAction(authorised, 1800)).toEqual({ action: 'N', amount: 1800 });
    expect(chooseRefundAction(authorised, 800)).toEqual({ refusal: 'partial-before-close', refundable: 1800 });
    pastDailyClose();
    const closed = { ...(await query(t))!, installment: false };
    const choice = chooseRefundAction(closed, 800);
    expect(choice).toEqual({ action: 'R', amount: 800 });
    if ('action' in choice) await act(t, choice.action, choice.amount);
    const after = { ...(await query(t))!, installment: false };
    expect(chooseRefundAction(after, 1001)).toEqual({ refusal: 'over-remaining', refundable: 1000 });
  });
});
