import { ECPAY_AMOUNT_LIMITS } from '../../../config.ts';
import type { InstallmentOffer } from '../../../lib/checkout/installments.ts';
import type { ServerEnv } from '../../env.ts';
import type { AioMethod } from './aio.ts';

/** The smallest and largest amount (whole NT$) the cashier takes for a method; null: no upper bound. */
export interface AmountRange {
  min: number;
  max: number | null;
}

type LimitEnv = Pick<
  ServerEnv,
  'ECPAY_LIMIT_CREDIT' | 'ECPAY_LIMIT_ATM' | 'ECPAY_LIMIT_CVS' | 'ECPAY_LIMIT_APPLE_PAY' | 'ECPAY_LIMIT_TWQR'
>;

/** The cashier's limits per method: ECPAY_LIMIT_* when set, else ECPay's standard-merchant limits. */
export function amountLimits(env: LimitEnv): Record<AioMethod, AmountRange> {
  return {
    Credit: env.ECPAY_LIMIT_CREDIT ?? ECPAY_AMOUNT_LIMITS.credit,
    ATM: env.ECPAY_LIMIT_ATM ?? ECPAY_AMOUNT_LIMITS.atm,
    CVS: env.ECPAY_LIMIT_CVS ?? ECPAY_AMOUNT_LIMITS.cvs_code,
    ApplePay: env.ECPAY_LIMIT_APPLE_PAY ?? ECPAY_AMOUNT_LIMITS.apple_pay,
    TWQR: env.ECPAY_LIMIT_TWQR ?? ECPAY_AMOUNT_LIMITS.twqr,
  };
}

export const withinRange = (amount: number, range: AmountRange): boolean =>
  amount >= range.min && (range.max === null || amount <= range.max);

/** What the merchant's contract with ECPay offers beyond card, ATM and store code. */
export interface EcpayOffer {
  limits: Record<AioMethod, AmountRange>;
  applePay: boolean;
  twqr: boolean;
  /** Card bonus points (Redeem=Y) on a one-payment card order. */
  redeem: boolean;
  installments: InstallmentOffer;
}

type OfferEnv = LimitEnv &
  Pick<
    ServerEnv,
    | 'ECPAY_APPLE_PAY'
    | 'ECPAY_TWQR'
    | 'ECPAY_REDEEM'
    | 'ECPAY_INSTALLMENTS'
    | 'INSTALLMENT_MIN_AMOUNT'
    | 'INSTALLMENT_INTEREST_FREE'
  >;

/** The offer of `env`: ECPAY_APPLE_PAY, ECPAY_TWQR, ECPAY_REDEEM, ECPAY_INSTALLMENTS and the limits. */
export function ecpayOffer(env: OfferEnv): EcpayOffer {
  return {
    limits: amountLimits(env),
    applePay: env.ECPAY_APPLE_PAY === '1',
    twqr: env.ECPAY_TWQR === '1',
    redeem: env.ECPAY_REDEEM === '1',
    installments: {
      periods: env.ECPAY_INSTALLMENTS ?? [],
      minAmount: env.INSTALLMENT_MIN_AMOUNT ?? {},
      interestFree: env.INSTALLMENT_INTEREST_FREE === '1',
    },
  };
}
