import { ECPAY_AMOUNT_LIMITS } from '../../../config.ts';
import type { ServerEnv } from '../../env.ts';
import type { AioMethod } from './aio.ts';

/** The smallest and largest amount (whole NT$) the cashier takes for a method; null: no upper bound. */
export interface AmountRange {
  min: number;
  max: number | null;
}

/** The cashier's limits per method: ECPAY_LIMIT_* when set, else ECPay's standard-merchant limits. */
export function amountLimits(
  env: Pick<ServerEnv, 'ECPAY_LIMIT_CREDIT' | 'ECPAY_LIMIT_ATM' | 'ECPAY_LIMIT_CVS'>,
): Record<AioMethod, AmountRange> {
  return {
    Credit: env.ECPAY_LIMIT_CREDIT ?? ECPAY_AMOUNT_LIMITS.credit,
    ATM: env.ECPAY_LIMIT_ATM ?? ECPAY_AMOUNT_LIMITS.atm,
    CVS: env.ECPAY_LIMIT_CVS ?? ECPAY_AMOUNT_LIMITS.cvs_code,
  };
}

export const withinRange = (amount: number, range: AmountRange): boolean =>
  amount >= range.min && (range.max === null || amount <= range.max);
