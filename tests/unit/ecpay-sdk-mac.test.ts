import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildAioForm } from '../../src/server/providers/ecpay/aio.ts';
import { STAGE_ACCOUNTS } from '../../src/server/providers/ecpay/config.ts';

/**
 * ECPay's own Node SDK (ecpay_aio_nodejs, a dev dependency for this test only) signs the shop's
 * installment, Apple Pay, TWQR and bonus-point forms with the same CheckMacValue as the shop.
 */
const require = createRequire(import.meta.url);
const APIHelper = require('ecpay_aio_nodejs/lib/ecpay_payment/helper.js') as new (
  options: unknown,
) => {
  gen_chk_mac_value(params: Record<string, string>, mode?: number): string;
};

const stage = STAGE_ACCOUNTS.payment;
const sdk = new APIHelper({
  OperationMode: 'Test',
  MercProfile: { MerchantID: stage.merchantId, HashKey: stage.hashKey, HashIV: stage.hashIV },
  IgnorePayment: [],
  IsProjectContractor: false,
});

const attempt = {
  merchantTradeNo: 'SW261127083000K7QX2M',
  at: Date.UTC(2026, 10, 27, 0, 30, 0),
  totalAmount: 36_000,
  items: [
    { name: 'Sennheiser HD 800 S 開放式耳機 (黑)', quantity: 1 },
    { name: '運費', quantity: 1 },
  ],
  tradeDesc: '聲林音響 訂單 20261127-K7QX2MA',
  origin: 'https://shop.example.tw',
  clientBackPath: '/en/cart/result?no=20261127-K7QX2MA',
  customField1: '20261127-K7QX2MA',
};

describe("ECPay's Node SDK computes the shop's CheckMacValue", () => {
  it.each([
    ['12 installments', { method: 'Credit', installments: 12 }],
    ['Apple Pay', { method: 'ApplePay' }],
    ['TWQR', { method: 'TWQR' }],
    ['bonus points', { method: 'Credit', redeem: true }],
  ] as const)('%s', (_name, over) => {
    const form = buildAioForm({ ...attempt, ...over }, stage, 'stage');
    const { CheckMacValue, ...fields } = form.fields;
    expect(fields.ChoosePayment).toBe(over.method);
    expect(sdk.gen_chk_mac_value(fields, 1)).toBe(CheckMacValue);
    expect(sdk.gen_chk_mac_value({ ...fields, TotalAmount: '36001' }, 1)).not.toBe(CheckMacValue);
  });
});
