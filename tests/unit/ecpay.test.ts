import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../src/server/env.ts';
import { buildAioForm } from '../../src/server/providers/ecpay/aio.ts';
import { checkMacValue, dotnetUrlEncode, sign, verifyCheckMac } from '../../src/server/providers/ecpay/check-mac.ts';
import {
  assertEcpayServingConfig,
  ecpayConfig,
  ecpayEndpoints,
  STAGE_ACCOUNTS,
} from '../../src/server/providers/ecpay/config.ts';
import {
  ecpayDateTime,
  fitText,
  itemNameOf,
  newMerchantTradeNo,
  parseEcpayDateTime,
} from '../../src/server/providers/ecpay/fields.ts';
import {
  EcpayNoticeError,
  formFields,
  parsePaymentInfo,
  parsePaymentNotice,
} from '../../src/server/providers/ecpay/notice.ts';

const stage = STAGE_ACCOUNTS.payment;

describe('CheckMacValue', () => {
  it('matches the known-answer vector of taiwan.md (stage merchant 3002607)', () => {
    const params = {
      TradeDesc: '促銷方案',
      PaymentType: 'aio',
      MerchantTradeDate: '2023/03/12 15:30:23',
      MerchantTradeNo: 'ecpay20230312153023',
      MerchantID: '3002607',
      ReturnURL: 'https://www.ecpay.com.tw/receive.php',
      ItemName: 'Apple iphone 15',
      TotalAmount: '30000',
      ChoosePayment: 'ALL',
      EncryptType: '1',
    };
    expect(checkMacValue(params, stage, 'sha256')).toBe(
      '6C51C9E6888DE861FD62FB1DD17029FC742634498FD813DC43D4243B5685B840',
    );
    // A CheckMacValue already in the parameters is left out of its own hash.
    expect(checkMacValue({ ...params, CheckMacValue: 'X' }, stage, 'sha256')).toBe(
      checkMacValue(params, stage, 'sha256'),
    );
  });

  it.each([
    ['a b', 'a+b'],
    ['~', '%7e'],
    ["'", '%27'],
    ['*', '*'],
    ['-_.!()', '-_.!()'],
    ['中文', '%E4%B8%AD%E6%96%87'],
    ['a&b=c', 'a%26b%3Dc'],
    ['https://x.tw/a?b', 'https%3A%2F%2Fx.tw%2Fa%3Fb'],
  ])('encodes %j the .NET way as %j', (raw, encoded) => {
    expect(dotnetUrlEncode(raw)).toBe(encoded);
  });

  it('hashes the lower-cased .NET encoding of the sorted, wrapped parameters', () => {
    const params = { b: "it's ~ *fine*", A: '中 文' };
    const raw = "HashKey=K&A=中 文&b=it's ~ *fine*&HashIV=V";
    const encoded = encodeURIComponent(raw)
      .replaceAll('%20', '+')
      .replaceAll('~', '%7e')
      .replaceAll("'", '%27')
      .toLowerCase();
    expect(encoded).toContain('%27s+%7e+*fine*');
    const keys = { hashKey: 'K', hashIV: 'V' };
    expect(checkMacValue(params, keys, 'sha256')).toBe(
      createHash('sha256').update(encoded).digest('hex').toUpperCase(),
    );
    expect(checkMacValue(params, keys, 'md5')).toBe(createHash('md5').update(encoded).digest('hex').toUpperCase());
    expect(checkMacValue(params, keys, 'md5')).toHaveLength(32);
  });

  it('sorts names ignoring case', () => {
    const keys = { hashKey: 'K', hashIV: 'V' };
    const a = checkMacValue({ abc: '1', ABD: '2', Abb: '3' }, keys, 'sha256');
    const b = checkMacValue({ Abb: '3', abc: '1', ABD: '2' }, keys, 'sha256');
    expect(a).toBe(b);
  });

  it('verifies a signature and refuses any change', () => {
    const signed = sign({ MerchantID: '3002607', TradeAmt: '100' }, stage, 'sha256');
    expect(verifyCheckMac(signed, stage, 'sha256')).toBe(true);
    expect(verifyCheckMac({ ...signed, CheckMacValue: signed.CheckMacValue!.toLowerCase() }, stage, 'sha256')).toBe(
      true,
    );
    expect(verifyCheckMac({ ...signed, TradeAmt: '1' }, stage, 'sha256')).toBe(false);
    expect(verifyCheckMac({ ...signed, CheckMacValue: '' }, stage, 'sha256')).toBe(false);
    expect(verifyCheckMac({ ...signed, CheckMacValue: 'AB' }, stage, 'sha256')).toBe(false);
    expect(verifyCheckMac(signed, { ...stage, hashIV: 'x' }, 'sha256')).toBe(false);
    expect(verifyCheckMac(signed, stage, 'md5')).toBe(false);
  });
});

describe('fields', () => {
  it('writes Taiwan time, also across midnight UTC', () => {
    expect(ecpayDateTime(Date.UTC(2026, 10, 21, 16, 30, 5))).toBe('2026/11/22 00:30:05');
    expect(ecpayDateTime(Date.UTC(2026, 0, 1, 0, 0, 0))).toBe('2026/01/01 08:00:00');
    expect(parseEcpayDateTime('2026/11/22 00:30:05')).toBe(Date.UTC(2026, 10, 21, 16, 30, 5));
    expect(parseEcpayDateTime('2026/11/22')).toBe(Date.UTC(2026, 10, 21, 16, 0, 0));
    expect(parseEcpayDateTime('22/11/2026')).toBeNaN();
  });

  it('makes MerchantTradeNo of 20 letters and digits, new every time', () => {
    const now = Date.UTC(2026, 10, 21, 16, 30, 5);
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const no = newMerchantTradeNo(now);
      expect(no).toMatch(/^SW261122003005[0-9A-Z]{6}$/);
      seen.add(no);
    }
    expect(seen.size).toBe(500);
  });

  it('cuts text to its limit in characters and drops the item separator', () => {
    expect(fitText('音'.repeat(250), 200)).toHaveLength(200);
    expect(fitText('音'.repeat(250), 200).endsWith('…')).toBe(true);
    expect(fitText(' a#b\n<c> ', 200)).toBe('a b c');
    expect(fitText('short', 200)).toBe('short');
  });

  it('joins items with # within 400 characters', () => {
    expect(
      itemNameOf([
        { name: 'KEF LS50', quantity: 1 },
        { name: '喇叭線', quantity: 2 },
      ]),
    ).toBe('KEF LS50 x 1#喇叭線 x 2');
    const many = Array.from({ length: 30 }, (_, i) => ({ name: `耳機 型號 ${i} `.repeat(4), quantity: 1 }));
    const name = itemNameOf(many);
    expect([...name].length).toBeLessThanOrEqual(400);
    expect(name.endsWith('#…')).toBe(true);
  });
});

describe('configuration', () => {
  it('uses the stage merchants and the simulator outside production', () => {
    const cfg = ecpayConfig(readEnv({ NODE_ENV: 'development' }));
    expect(cfg.mode).toBe('simulator');
    expect(cfg.payment.merchantId).toBe('3002607');
    expect(cfg.logistics.merchantId).toBe('2000933');
    expect(ecpayConfig(readEnv({ ECPAY_ENV: 'stage' })).mode).toBe('stage');
  });

  it('needs real credentials in production and refuses simulators there unless allowed', () => {
    const prod = readEnv({ NODE_ENV: 'production' });
    expect(() => ecpayConfig(prod)).toThrow(/ECPAY_MERCHANT_ID/);
    const creds = {
      ECPAY_MERCHANT_ID: '3123456',
      ECPAY_HASH_KEY: 'k'.repeat(16),
      ECPAY_HASH_IV: 'v'.repeat(16),
      ECPAY_LOGISTICS_MERCHANT_ID: '3123456',
      ECPAY_LOGISTICS_HASH_KEY: 'k'.repeat(16),
      ECPAY_LOGISTICS_HASH_IV: 'v'.repeat(16),
      ECPAY_INVOICE_MERCHANT_ID: '3123456',
      ECPAY_INVOICE_HASH_KEY: 'k'.repeat(16),
      ECPAY_INVOICE_HASH_IV: 'v'.repeat(16),
    };
    const live = ecpayConfig(readEnv({ NODE_ENV: 'production', ...creds }));
    expect(live.mode).toBe('production');
    expect(live.payment.merchantId).toBe('3123456');
    expect(() => assertEcpayServingConfig(readEnv({ NODE_ENV: 'production', ECPAY_ENV: 'simulator' }))).toThrow(
      /ALLOW_SIMULATORS=1/,
    );
    expect(() =>
      assertEcpayServingConfig(readEnv({ NODE_ENV: 'production', ECPAY_ENV: 'simulator', ALLOW_SIMULATORS: '1' })),
    ).not.toThrow();
    expect(ecpayConfig(readEnv({ NODE_ENV: 'production', ALLOW_SIMULATORS: '1' })).mode).toBe('simulator');
    expect(() => assertEcpayServingConfig(readEnv({ NODE_ENV: 'production', ECPAY_ENV: 'production' }))).toThrow(
      /ECPAY_MERCHANT_ID/,
    );
    expect(() =>
      assertEcpayServingConfig(readEnv({ NODE_ENV: 'production', ECPAY_ENV: 'production', ...creds })),
    ).not.toThrow();
    expect(() => assertEcpayServingConfig(readEnv({ NODE_ENV: 'production', ECPAY_ENV: 'stage' }))).toThrow(
      /ECPAY_ENV=stage/,
    );
  });
});

describe('AIO form', () => {
  const attempt = {
    merchantTradeNo: 'SW261122003005ABCDEF',
    at: Date.UTC(2026, 10, 21, 16, 30, 5),
    totalAmount: 12_800,
    items: [{ name: 'Sennheiser HD 660S2', quantity: 1 }],
    tradeDesc: '聲林音響 訂單 A001',
    origin: 'https://shop.example.tw',
    clientBackPath: '/cart/result/',
  };

  it('signs the credit-card form with the stage merchant and site-origin callbacks', () => {
    const form = buildAioForm({ ...attempt, method: 'Credit' }, stage, 'stage');
    expect(form.action).toBe('https://payment-stage.ecpay.com.tw/Cashier/AioCheckOut/V5');
    expect(form.fields).toMatchObject({
      MerchantID: '3002607',
      MerchantTradeDate: '2026/11/22 00:30:05',
      TotalAmount: '12800',
      ChoosePayment: 'Credit',
      EncryptType: '1',
      ReturnURL: 'https://shop.example.tw/api/payments/ecpay/notify',
      OrderResultURL: 'https://shop.example.tw/api/payments/ecpay/return',
      ClientBackURL: 'https://shop.example.tw/cart/result/',
      ItemName: 'Sennheiser HD 660S2 x 1',
    });
    expect(form.fields.PaymentInfoURL).toBeUndefined();
    expect(verifyCheckMac(form.fields, stage, 'sha256')).toBe(true);
  });

  it('adds the payment-info URL and expiry for ATM and store codes; the simulator is local', () => {
    const atm = buildAioForm({ ...attempt, method: 'ATM' }, stage, 'simulator');
    expect(atm.action).toBe('https://shop.example.tw/api/sim/ecpay/Cashier/AioCheckOut/V5');
    expect(atm.fields).toMatchObject({
      PaymentInfoURL: 'https://shop.example.tw/api/payments/ecpay/info',
      ExpireDate: '3',
    });
    const cvs = buildAioForm({ ...attempt, method: 'CVS' }, stage, 'production');
    expect(cvs.action).toBe('https://payment.ecpay.com.tw/Cashier/AioCheckOut/V5');
    expect(cvs.fields.StoreExpireDate).toBe('10080');
  });

  it('sets OrderResultURL for card payments only; ATM and store codes return through ClientBackURL', () => {
    for (const method of ['ATM', 'CVS'] as const) {
      const form = buildAioForm({ ...attempt, method }, stage, 'stage');
      expect(form.fields.OrderResultURL).toBeUndefined();
      expect(form.fields.ClientBackURL).toBe('https://shop.example.tw/cart/result/');
    }
  });

  it('asks for installments with CreditInstallment, never with Redeem (ECPay: Redeem is for one payment)', () => {
    const form = buildAioForm({ ...attempt, method: 'Credit', installments: 12 }, stage, 'stage');
    expect(form.fields).toMatchObject({ ChoosePayment: 'Credit', CreditInstallment: '12', NeedExtraPaidInfo: 'Y' });
    expect(form.fields.Redeem).toBeUndefined();
    expect(verifyCheckMac(form.fields, stage, 'sha256')).toBe(true);
    expect(() => buildAioForm({ ...attempt, method: 'Credit', installments: 5 }, stage, 'stage')).toThrow(
      /CreditInstallment/,
    );
    expect(() => buildAioForm({ ...attempt, method: 'ATM', installments: 3 }, stage, 'stage')).toThrow(
      /CreditInstallment/,
    );
    expect(() => buildAioForm({ ...attempt, method: 'Credit', installments: 3, redeem: true }, stage, 'stage')).toThrow(
      /Redeem/,
    );
  });

  it('asks for bonus points with Redeem=Y on a card paid at once', () => {
    const form = buildAioForm({ ...attempt, method: 'Credit', redeem: true }, stage, 'stage');
    expect(form.fields).toMatchObject({ ChoosePayment: 'Credit', Redeem: 'Y' });
    expect(form.fields.CreditInstallment).toBeUndefined();
  });

  it('sends Apple Pay and TWQR through ChoosePayment, back through OrderResultURL as a card', () => {
    for (const method of ['ApplePay', 'TWQR'] as const) {
      const form = buildAioForm({ ...attempt, method }, stage, 'stage');
      expect(form.fields).toMatchObject({
        ChoosePayment: method,
        OrderResultURL: 'https://shop.example.tw/api/payments/ecpay/return',
        ClientBackURL: 'https://shop.example.tw/cart/result/',
        ReturnURL: 'https://shop.example.tw/api/payments/ecpay/notify',
      });
      for (const absent of ['CreditInstallment', 'Redeem', 'PaymentInfoURL', 'ExpireDate', 'StoreExpireDate'])
        expect(form.fields[absent]).toBeUndefined();
      expect(verifyCheckMac(form.fields, stage, 'sha256')).toBe(true);
    }
  });

  it('keeps ItemName within 200 characters, never cutting a character in two', () => {
    const items = Array.from({ length: 12 }, (_, i) => ({ name: `🎧 鐵三角 ATH-M50x 監聽耳機 第${i}款`, quantity: 1 }));
    const form = buildAioForm({ ...attempt, items, method: 'Credit' }, stage, 'stage');
    const name = form.fields.ItemName!;
    expect([...name].length).toBeLessThanOrEqual(200);
    expect(name.endsWith('#…')).toBe(true);
    // Every code unit pairs up: encoding and decoding UTF-8 gives the same text back.
    expect(new TextDecoder().decode(new TextEncoder().encode(name))).toBe(name);
    expect(verifyCheckMac(form.fields, stage, 'sha256')).toBe(true);
  });

  it('points every ECPay endpoint at the configured base URLs', () => {
    const env = readEnv({
      ECPAY_ENV: 'stage',
      ECPAY_PAYMENT_BASE_URL: 'https://proxy.example.tw/pay/',
      ECPAY_INVOICE_BASE_URL: 'https://proxy.example.tw/inv',
      ECPAY_LOGISTICS_BASE_URL: 'http://127.0.0.1:9000',
    });
    expect(ecpayEndpoints(env, 'https://shop.example.tw')).toEqual({
      cashier: 'https://proxy.example.tw/pay/Cashier/AioCheckOut/V5',
      queryTrade: 'https://proxy.example.tw/pay/Cashier/QueryTradeInfo/V5',
      creditQuery: 'https://proxy.example.tw/pay/CreditDetail/QueryTrade/V2',
      creditAction: 'https://proxy.example.tw/pay/CreditDetail/DoAction',
      invoice: 'https://proxy.example.tw/inv/B2CInvoice',
      map: 'http://127.0.0.1:9000/Express/map',
    });
    expect(ecpayEndpoints(readEnv({ ECPAY_ENV: 'production' }), 'https://shop.example.tw').queryTrade).toBe(
      'https://payment.ecpay.com.tw/Cashier/QueryTradeInfo/V5',
    );
    expect(ecpayEndpoints(readEnv({ ECPAY_ENV: 'simulator' }), 'https://shop.example.tw').invoice).toBe(
      'https://shop.example.tw/api/sim/ecpay/invoice/B2CInvoice',
    );
    expect(() => readEnv({ ECPAY_PAYMENT_BASE_URL: 'ftp://x' })).toThrow(/ECPAY_PAYMENT_BASE_URL/);
  });

  it('refuses a bad MerchantTradeNo or amount', () => {
    expect(() => buildAioForm({ ...attempt, merchantTradeNo: 'SW-1', method: 'Credit' }, stage, 'stage')).toThrow();
    expect(() =>
      buildAioForm({ ...attempt, merchantTradeNo: 'A'.repeat(21), method: 'Credit' }, stage, 'stage'),
    ).toThrow();
    expect(() => buildAioForm({ ...attempt, totalAmount: 10.5, method: 'Credit' }, stage, 'stage')).toThrow();
  });
});

describe('notices', () => {
  const paid = {
    MerchantID: '3002607',
    MerchantTradeNo: 'SW261122003005ABCDEF',
    StoreID: '',
    RtnCode: '1',
    RtnMsg: '交易成功',
    TradeNo: '2611220030051234',
    TradeAmt: '12800',
    PaymentDate: '2026/11/22 00:31:10',
    PaymentType: 'Credit_CreditCard',
    PaymentTypeChargeFee: '256',
    TradeDate: '2026/11/22 00:30:05',
    SimulatePaid: '0',
    CustomField1: '',
  };

  it('reads a signed payment notice into typed fields', () => {
    const n = parsePaymentNotice(sign(paid, stage, 'sha256'), stage);
    expect(n).toMatchObject({ paid: true, simulated: false, amount: 12_800, chargeFee: 256, rtnCode: 1 });
    expect(n.paymentDate).toBe(Date.UTC(2026, 10, 21, 16, 31, 10));
    expect(n.customField1).toBeUndefined();
  });

  it('never counts ECPay’s simulate-paid button or a failure as paid', () => {
    expect(parsePaymentNotice(sign({ ...paid, SimulatePaid: '1' }, stage, 'sha256'), stage).paid).toBe(false);
    expect(parsePaymentNotice(sign({ ...paid, RtnCode: '10100058' }, stage, 'sha256'), stage).paid).toBe(false);
  });

  it('refuses another merchant, a bad signature and malformed fields', () => {
    const fault = (form: Record<string, string>) => {
      try {
        parsePaymentNotice(form, stage);
      } catch (e) {
        return e instanceof EcpayNoticeError ? e.fault : 'other';
      }
      return 'accepted';
    };
    expect(fault(sign({ ...paid, MerchantID: '2000132' }, stage, 'sha256'))).toBe('merchant');
    expect(fault({ ...sign(paid, stage, 'sha256'), TradeAmt: '1' })).toBe('signature');
    expect(fault(paid)).toBe('signature');
    expect(fault(sign({ ...paid, TradeAmt: '12,800' }, stage, 'sha256'))).toBe('fields');
    expect(fault(sign({ ...paid, TradeDate: 'yesterday' }, stage, 'sha256'))).toBe('fields');
    expect(() => formFields({ a: 'x', b: ['y', 'z'] })).toThrow(EcpayNoticeError);
  });

  it('reads ATM and store-code payment info', () => {
    const { PaymentDate: _d, SimulatePaid: _s, PaymentTypeChargeFee: _f, ...base } = paid;
    const atm = parsePaymentInfo(
      sign(
        {
          ...base,
          RtnCode: '2',
          PaymentType: 'ATM_TAISHIN',
          BankCode: '812',
          vAccount: '9103522175887271',
          ExpireDate: '2026/11/25',
        },
        stage,
        'sha256',
      ),
      stage,
    );
    expect(atm).toMatchObject({ issued: true, atm: { bankCode: '812', account: '9103522175887271' }, cvs: null });
    expect(atm.expiresAt).toBe(Date.UTC(2026, 10, 24, 16));
    const cvs = parsePaymentInfo(
      sign(
        {
          ...base,
          RtnCode: '10100073',
          PaymentType: 'CVS_CVS',
          PaymentNo: 'LLL22251222',
          ExpireDate: '2026/11/29 00:30:05',
        },
        stage,
        'sha256',
      ),
      stage,
    );
    expect(cvs).toMatchObject({ issued: true, cvs: { paymentNo: 'LLL22251222' }, atm: null });
    const failed = parsePaymentInfo(
      sign(
        { ...base, RtnCode: '0', PaymentType: 'CVS_CVS', PaymentNo: 'X', ExpireDate: '2026/11/29' },
        stage,
        'sha256',
      ),
      stage,
    );
    expect(failed.issued).toBe(false);
  });
});
