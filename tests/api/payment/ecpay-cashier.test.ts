import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AioMethod, buildAioForm } from '../../../src/server/providers/ecpay/aio.ts';
import { sign } from '../../../src/server/providers/ecpay/check-mac.ts';
import { ecpayConfig } from '../../../src/server/providers/ecpay/config.ts';
import { ecpayDateTime, newMerchantTradeNo } from '../../../src/server/providers/ecpay/fields.ts';
import { parsePaymentInfo, parsePaymentNotice } from '../../../src/server/providers/ecpay/notice.ts';
import { NOTICE_RESENDS } from '../../../src/server/providers/ecpay/simulator/deliver.ts';
import { formsOf, postForm } from '../../helpers/html-forms.ts';
import { startReceiver } from '../../helpers/notice-receiver.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

const NOTIFY = '/api/payments/ecpay/notify';
const INFO = '/api/payments/ecpay/info';
const RETURN = '/api/payments/ecpay/return';
const SUCCESS_CARD = '4311-9522-2222-2222';
const DECLINED_CARD = '4000-2211-1111-1112';

let shop: TestShop;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  shop = await createTestShop();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await shop.close();
});
beforeEach(() => {
  receiver.received.length = 0;
});

const account = () => ecpayConfig(shop.deps.env).payment;

function aio(method: AioMethod | 'ALL', amount = 12_800) {
  const form = buildAioForm(
    {
      merchantTradeNo: newMerchantTradeNo(shop.clock.now()),
      at: shop.clock.now(),
      totalAmount: amount,
      items: [
        { name: 'Sennheiser HD 660S2', quantity: 1 },
        { name: '耳機架 "Oak"', quantity: 2 },
      ],
      tradeDesc: '聲林音響 訂單',
      method: method === 'ALL' ? 'Credit' : method,
      origin: receiver.origin,
      clientBackPath: '/cart/result/',
      customField1: 'A0001',
    },
    account(),
    'simulator',
  );
  if (method === 'ALL') {
    const { CheckMacValue: _m, ...rest } = form.fields;
    return {
      ...form,
      fields: sign({ ...rest, ChoosePayment: 'ALL', PaymentInfoURL: `${receiver.origin}${INFO}` }, account(), 'sha256'),
    };
  }
  return form;
}

async function openCashier(method: AioMethod | 'ALL', lang = 'zh-TW', amount = 12_800) {
  const form = aio(method, amount);
  expect(form.action).toBe(`${receiver.origin}/api/sim/ecpay/Cashier/AioCheckOut/V5`);
  const page = await postForm(shop.app, '/api/sim/ecpay/cashier', form.fields, lang);
  expect(page.status).toBe(200);
  return { form, page, forms: formsOf(page.html) };
}

const cardForm = (forms: ReturnType<typeof formsOf>) => forms.find((f) => f.action.endsWith('/card'))!;

describe('credit card', () => {
  it('pays with the success card: signed notice to ReturnURL, then the browser to OrderResultURL', async () => {
    const { form, page, forms } = await openCashier('Credit');
    expect(page.html).toContain('Sennheiser HD 660S2 x 1');
    expect(page.html).toContain('NT$12,800');
    expect(forms.some((f) => f.action.endsWith('/atm'))).toBe(false);
    const card = cardForm(forms);
    const paid = await postForm(shop.app, card.action, {
      ...card.fields,
      cardNumber: SUCCESS_CARD,
      expiry: '12/30',
      cvc: '123',
    });
    expect(paid.status).toBe(200);

    const [notice] = receiver.at(NOTIFY);
    expect(receiver.at(NOTIFY)).toHaveLength(1);
    expect(notice!.contentType).toBe('application/x-www-form-urlencoded');
    for (const name of [
      'MerchantID',
      'MerchantTradeNo',
      'RtnCode',
      'RtnMsg',
      'TradeNo',
      'TradeAmt',
      'PaymentDate',
      'PaymentType',
      'PaymentTypeChargeFee',
      'TradeDate',
      'SimulatePaid',
      'CheckMacValue',
    ])
      expect(notice!.fields, name).toHaveProperty(name);
    expect(notice!.fields.SimulatePaid).toBe('0');
    const parsed = parsePaymentNotice(notice!.fields, account());
    expect(parsed).toMatchObject({
      paid: true,
      merchantTradeNo: form.fields.MerchantTradeNo,
      amount: 12_800,
      paymentType: 'Credit_CreditCard',
      paymentDate: shop.clock.now() - (shop.clock.now() % 1000),
      customField1: 'A0001',
    });
    expect(parsed.chargeFee).toBeGreaterThan(0);
    expect(paid.html).toContain('已通知商店（收到 1|OK）');

    const back = formsOf(paid.html).find((f) => f.id === 'auto')!;
    expect(back.action).toBe(`${receiver.origin}${RETURN}`);
    expect(back.fields).toEqual(notice!.fields);
    expect(parsePaymentNotice(back.fields, account()).tradeNo).toBe(parsed.tradeNo);

    const again = await postForm(shop.app, card.action, {
      ...card.fields,
      cardNumber: SUCCESS_CARD,
      expiry: '12/30',
      cvc: '123',
    });
    expect(again.status).toBe(400);
    expect(receiver.at(NOTIFY)).toHaveLength(1);
  });

  it('declines the failing card and says so to the shop', async () => {
    const { forms } = await openCashier('Credit', 'en');
    const card = cardForm(forms);
    const res = await postForm(
      shop.app,
      card.action,
      { ...card.fields, cardNumber: DECLINED_CARD, expiry: '01/29', cvc: '000' },
      'en',
    );
    expect(res.html).toContain('the card was declined');
    const notice = parsePaymentNotice(receiver.at(NOTIFY)[0]!.fields, account());
    expect(notice.paid).toBe(false);
    expect(notice.rtnCode).not.toBe(1);
    expect(parsePaymentNotice(formsOf(res.html).find((f) => f.id === 'auto')!.fields, account()).paid).toBe(false);
  });

  it('shows each card error beside its field and keeps the trade open', async () => {
    const { forms } = await openCashier('Credit');
    const card = cardForm(forms);
    // The test clock is in November 2026: 10/26 has expired.
    const res = await postForm(shop.app, card.action, {
      ...card.fields,
      cardNumber: '4311 9522',
      expiry: '10/26',
      cvc: '12',
    });
    expect(res.status).toBe(400);
    expect(res.html).toContain('請輸入 16 位數卡號');
    expect(res.html).toContain('請輸入未過期的有效期限');
    expect(res.html).toContain('請輸入 3 位數安全碼');
    expect(res.html).toContain('aria-describedby="cardNumber-error"');
    expect(formsOf(res.html).find((f) => f.action.endsWith('/card'))?.fields.cardNumber).toBe('4311 9522');
    expect(receiver.received).toHaveLength(0);
    const ok = await postForm(shop.app, card.action, {
      ...card.fields,
      cardNumber: SUCCESS_CARD,
      expiry: '11/26',
      cvc: '123',
    });
    expect(ok.status).toBe(200);
    expect(parsePaymentNotice(receiver.at(NOTIFY)[0]!.fields, account()).paid).toBe(true);
  });
});

describe('ATM and store codes', () => {
  it('issues an ATM account to PaymentInfoURL, then notifies ReturnURL after the transfer', async () => {
    const { forms } = await openCashier('ATM');
    expect(forms.some((f) => f.action.endsWith('/card'))).toBe(false);
    const atm = forms.find((f) => f.action.endsWith('/atm'))!;
    const issued = await postForm(shop.app, atm.action, atm.fields);
    expect(issued.status).toBe(200);
    const info = parsePaymentInfo(receiver.at(INFO)[0]!.fields, account());
    expect(info).toMatchObject({ issued: true, paymentType: 'ATM_TAISHIN', amount: 12_800, cvs: null });
    expect(info.atm?.bankCode).toBe('812');
    expect(info.atm?.account).toMatch(/^\d{16}$/);
    expect(receiver.at(INFO)[0]!.fields.ExpireDate).toBe(ecpayDateTime(shop.clock.now() + 3 * 86_400_000).slice(0, 10));
    expect(issued.html).toContain(info.atm!.account);
    expect(receiver.at(NOTIFY)).toHaveLength(0);

    const transfer = formsOf(issued.html).find((f) => f.action.endsWith('/transfer'))!;
    shop.clock.advance(3_600_000);
    const done = await postForm(shop.app, transfer.action, transfer.fields);
    expect(done.status).toBe(200);
    const paid = parsePaymentNotice(receiver.at(NOTIFY)[0]!.fields, account());
    expect(paid).toMatchObject({ paid: true, paymentType: 'ATM_TAISHIN', tradeNo: info.tradeNo, amount: 12_800 });
    expect(paid.paymentDate).toBe(shop.clock.now() - (shop.clock.now() % 1000));
    expect((await postForm(shop.app, transfer.action, transfer.fields)).status).toBe(400);
    expect(receiver.at(NOTIFY)).toHaveLength(1);
  });

  it('issues a store payment code when the shopper picks it among all methods', async () => {
    const { forms } = await openCashier('ALL', 'zh-TW', 3_200);
    expect(forms.some((f) => f.action.endsWith('/card'))).toBe(true);
    const cvs = forms.find((f) => f.action.endsWith('/cvs'))!;
    const issued = await postForm(shop.app, cvs.action, cvs.fields);
    const info = parsePaymentInfo(receiver.at(INFO)[0]!.fields, account());
    expect(info).toMatchObject({ issued: true, paymentType: 'CVS_CVS', atm: null });
    expect(info.cvs?.paymentNo).toMatch(/^LLL\d{11}$/);
    expect(info.expiresAt).toBe(shop.clock.now() - (shop.clock.now() % 1000) + 10_080 * 60_000);
    // The ATM option is gone once a code was issued.
    const atm = forms.find((f) => f.action.endsWith('/atm'))!;
    expect((await postForm(shop.app, atm.action, atm.fields)).status).toBe(400);
    const transfer = formsOf(issued.html).find((f) => f.action.endsWith('/transfer'))!;
    await postForm(shop.app, transfer.action, transfer.fields);
    expect(parsePaymentNotice(receiver.at(NOTIFY)[0]!.fields, account())).toMatchObject({
      paid: true,
      paymentType: 'CVS_CVS',
    });
  });
});

describe('notice delivery', () => {
  /** Waits until the receiver has `n` notices at `path`, or `ms` passed. */
  async function noticesAt(path: string, n: number, ms = 5_000) {
    const until = Date.now() + ms;
    while (receiver.at(path).length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    return receiver.at(path);
  }

  it('resends on ECPay schedule until the shop answers 1|OK', async () => {
    shop.deps.env.ECPAY_SIM_RESEND_MS = 20;
    receiver.reply(NOTIFY, 'ERR', '0|database busy');
    const { forms } = await openCashier('Credit');
    const card = cardForm(forms);
    const res = await postForm(shop.app, card.action, {
      ...card.fields,
      cardNumber: SUCCESS_CARD,
      expiry: '12/30',
      cvc: '123',
    });
    // One post at once, as ECPay: the page says so and that ECPay resends.
    expect(res.html).toContain('商店沒有回應 1|OK（回應：ERR）');
    expect(res.html).toContain('一天最多 4 次');
    expect(await noticesAt(NOTIFY, 3)).toHaveLength(3);
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.at(NOTIFY)).toHaveLength(3);
    expect(new Set(receiver.at(NOTIFY).map((r) => r.fields.CheckMacValue)).size).toBe(1);
  });

  it('gives up after ECPay 4 resends a day', async () => {
    shop.deps.env.ECPAY_SIM_RESEND_MS = 10;
    receiver.reply(NOTIFY, ...Array.from({ length: NOTICE_RESENDS + 3 }, () => 'ERR'));
    const { forms } = await openCashier('Credit', 'en');
    const card = cardForm(forms);
    const res = await postForm(
      shop.app,
      card.action,
      { ...card.fields, cardNumber: SUCCESS_CARD, expiry: '12/30', cvc: '123' },
      'en',
    );
    expect(res.html).toContain('did not answer 1|OK (answer: ERR)');
    expect(await noticesAt(NOTIFY, 1 + NOTICE_RESENDS)).toHaveLength(1 + NOTICE_RESENDS);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.at(NOTIFY)).toHaveLength(1 + NOTICE_RESENDS);
    receiver.reply(NOTIFY);
  });
});

describe('amount limits', () => {
  it('refuses a store code above NT$6,000 as ECPay does, and offers only the methods that take the amount', async () => {
    const tooMuch = aio('CVS', 25_000);
    const refused = await postForm(shop.app, '/api/sim/ecpay/Cashier/AioCheckOut/V5', tooMuch.fields, 'en');
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('(33 to 6000 dollars)');
    expect((await postForm(shop.app, '/api/sim/ecpay/Cashier/AioCheckOut/V5', aio('Credit', 4).fields)).status).toBe(
      400,
    );
    const { forms } = await openCashier('ALL', 'zh-TW', 25_000);
    const actions = forms.map((f) => f.action.split('/').at(-1));
    expect(actions).toContain('card');
    expect(actions).toContain('atm');
    expect(actions).not.toContain('cvs');
    const token = forms.find((f) => f.action.endsWith('/card'))!.fields.token!;
    expect((await postForm(shop.app, '/api/sim/ecpay/cashier/cvs', { token })).status).toBe(400);
  });
});

describe('bad requests', () => {
  it('refuses a bad CheckMacValue, a changed amount, another merchant, a reused number and an unsupported method', async () => {
    const form = aio('Credit');
    const badMac = await postForm(shop.app, '/api/sim/ecpay/cashier', { ...form.fields, TotalAmount: '1' }, 'en');
    expect(badMac.status).toBe(400);
    expect(badMac.html).toContain('CheckMacValue check failed');
    const noMac = await postForm(shop.app, '/api/sim/ecpay/cashier', { ...form.fields, CheckMacValue: '' });
    expect(noMac.status).toBe(400);
    const { CheckMacValue: _m, ...rest } = form.fields;
    const other = sign({ ...rest, MerchantID: '2000132' }, account(), 'sha256');
    expect((await postForm(shop.app, '/api/sim/ecpay/cashier', other)).html).toContain('特店編號與設定不符');
    const webAtm = sign({ ...rest, ChoosePayment: 'WebATM' }, account(), 'sha256');
    expect((await postForm(shop.app, '/api/sim/ecpay/cashier', webAtm)).status).toBe(400);
    const noReturn = sign({ ...rest, ReturnURL: 'not a url' }, account(), 'sha256');
    const noReturnPage = await postForm(shop.app, '/api/sim/ecpay/cashier', noReturn);
    expect(noReturnPage.status).toBe(400);
    expect(noReturnPage.html).toContain('ReturnURL');

    expect((await postForm(shop.app, '/api/sim/ecpay/cashier', form.fields)).status).toBe(200);
    const reused = await postForm(shop.app, '/api/sim/ecpay/cashier', form.fields);
    expect(reused.status).toBe(400);
    expect(reused.html).toContain('MerchantTradeNo 已使用過');
    expect(
      (await postForm(shop.app, '/api/sim/ecpay/cashier/card', { token: 'nope', cardNumber: '', expiry: '', cvc: '' }))
        .status,
    ).toBe(400);
    expect(receiver.received).toHaveLength(0);
  });

  it('accepts one of two identical forms posted at once', async () => {
    const form = aio('Credit');
    const both = await Promise.all([1, 2].map(() => postForm(shop.app, '/api/sim/ecpay/cashier', form.fields)));
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('is refused in production unless ALLOW_SIMULATORS=1', async () => {
    const prod = await createTestShop({ env: { NODE_ENV: 'production' } });
    try {
      const res = await postForm(prod.app, '/api/sim/ecpay/cashier', aio('Credit').fields);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.html).code).toBe('SIMULATOR_OFF');
    } finally {
      await prod.close();
    }
  });
});
