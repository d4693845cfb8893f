import { describe, expect, it } from 'vitest';
import { installmentLine } from '../../src/features/cart/installment-line.ts';
import {
  installmentAllowed,
  installmentOfferOf,
  installmentPlans,
  longestPlan,
  splitInstallments,
} from '../../src/lib/checkout/installments.ts';
import { readEnv } from '../../src/server/env.ts';
import { ecpayOffer } from '../../src/server/providers/ecpay/limits.ts';

const offer = {
  periods: [3, 6, 12, 24],
  minAmount: { 3: 3_000, 6: 6_000, 12: 12_000, 24: 24_000 },
  interestFree: true,
};

describe('installments', () => {
  it('splits in whole dollars with the remainder on the first payment: NT$14,900 in 12 is 1,241 and 1,249 first', () => {
    expect(splitInstallments(14_900, 12, true)).toEqual({
      periods: 12,
      per_payment: 1_241,
      first_payment: 1_249,
      interest_free: true,
    });
    expect(splitInstallments(36_000, 12)).toMatchObject({ per_payment: 3_000, first_payment: 3_000 });
  });

  it('offers the periods whose minimum the total reaches, shortest first', () => {
    expect(installmentPlans(offer, 14_900).map((p) => p.periods)).toEqual([3, 6, 12]);
    expect(installmentPlans(offer, 2_999)).toEqual([]);
    expect(installmentAllowed(offer, 24_000, 24)).toBe(true);
    expect(installmentAllowed(offer, 23_999, 24)).toBe(false);
    expect(installmentAllowed(offer, 50_000, 18)).toBe(false);
  });

  it('advertises the longest plan a price reaches, or none', () => {
    expect(longestPlan(offer, 14_900)?.periods).toBe(12);
    expect(longestPlan(offer, 1_000)).toBeUndefined();
    expect(longestPlan({ ...offer, periods: [] }, 50_000)).toBeUndefined();
  });
});

describe('the product page line', () => {
  it('says the longest plan a price reaches, with the first payment when it carries the remainder', () => {
    expect(installmentLine('zh-TW', offer, 14_900)).toBe('分 12 期 0 利率，每期 NT$1,241 起（首期 NT$1,249）');
    expect(installmentLine('en', offer, 14_900)).toBe('12 interest-free payments of NT$1,241 (first payment NT$1,249)');
    expect(installmentLine('en', offer, 36_000)).toBe('24 interest-free payments of NT$1,500');
    expect(installmentLine('en', { ...offer, interestFree: false }, 12_000)).toBe('12 payments of NT$1,000');
    expect(installmentLine('zh-TW', offer, 2_999)).toBe('');
  });

  it('reads the offer from the environment as the server does, leaving out what does not parse', () => {
    expect(
      installmentOfferOf({
        ECPAY_INSTALLMENTS: '3, 6,12,7',
        INSTALLMENT_MIN_AMOUNT: '3:3000,12:12000,x',
        INSTALLMENT_INTEREST_FREE: '1',
      }),
    ).toEqual({ periods: [3, 6, 12], minAmount: { 3: 3_000, 12: 12_000 }, interestFree: true });
    expect(installmentOfferOf({})).toEqual({ periods: [], minAmount: {}, interestFree: false });
  });
});

describe('the merchant contract in the environment', () => {
  it('reads the periods, minimums and switches, and refuses a period ECPay does not take', () => {
    const env = readEnv({
      ECPAY_INSTALLMENTS: '12, 3,6',
      INSTALLMENT_MIN_AMOUNT: '3:3000, 12:12000',
      INSTALLMENT_INTEREST_FREE: '1',
      ECPAY_TWQR: '1',
      ECPAY_LIMIT_TWQR: '10-50000',
    });
    expect(ecpayOffer(env)).toMatchObject({
      applePay: false,
      twqr: true,
      redeem: false,
      installments: { periods: [3, 6, 12], minAmount: { 3: 3_000, 12: 12_000 }, interestFree: true },
      limits: { TWQR: { min: 10, max: 50_000 }, ApplePay: { min: 5, max: null } },
    });
    expect(() => readEnv({ ECPAY_INSTALLMENTS: '3,5' })).toThrow(/ECPAY_INSTALLMENTS/);
    expect(() => readEnv({ INSTALLMENT_MIN_AMOUNT: '9:1000' })).toThrow(/INSTALLMENT_MIN_AMOUNT/);
    expect(() => readEnv({ ECPAY_APPLE_PAY: 'yes' })).toThrow(/ECPAY_APPLE_PAY/);
  });
});
