/**
 * Card installments (分期) as Taiwan's card banks split them: whole dollars, the same amount each
 * month, and what does not divide added to the first payment.
 */

/** The periods ECPay's CreditInstallment takes (the SDK's pattern; 30N is a special plan, not offered). */
export const INSTALLMENT_PERIODS = [3, 6, 12, 18, 24] as const;
export type InstallmentPeriods = (typeof INSTALLMENT_PERIODS)[number];

/** One way to pay a total in installments. */
export interface InstallmentPlan {
  periods: number;
  /** Whole NT$ of every payment but the first. */
  per_payment: number;
  /** Whole NT$ of the first payment: per_payment plus what does not divide. */
  first_payment: number;
  /** The shop pays the bank's fee: the shopper pays no interest. */
  interest_free: boolean;
}

/** What the merchant's ECPay contract allows: the periods, each period's smallest total, and who pays the fee. */
export interface InstallmentOffer {
  periods: readonly number[];
  /** Smallest total (whole NT$) per period; a period not named takes any total of at least one dollar a payment. */
  minAmount: Readonly<Record<number, number>>;
  interestFree: boolean;
}

/** `total` split into `periods` payments: NT$14,900 in 12 is 1,241 a month and 1,249 first. */
export function splitInstallments(total: number, periods: number, interestFree = false): InstallmentPlan {
  const per = Math.floor(total / periods);
  return { periods, per_payment: per, first_payment: total - per * (periods - 1), interest_free: interestFree };
}

/** Whether `total` may be paid in `periods` under `offer`. */
export const installmentAllowed = (offer: InstallmentOffer, total: number, periods: number): boolean =>
  offer.periods.includes(periods) && total >= Math.max(periods, offer.minAmount[periods] ?? 0);

/** Every plan `offer` allows for `total`, shortest first. */
export function installmentPlans(offer: InstallmentOffer, total: number): InstallmentPlan[] {
  return [...offer.periods]
    .sort((a, b) => a - b)
    .filter((n) => installmentAllowed(offer, total, n))
    .map((n) => splitInstallments(total, n, offer.interestFree));
}

/** The plan a product page advertises for a price: the longest one allowed, or none. */
export function longestPlan(offer: InstallmentOffer, price: number): InstallmentPlan | undefined {
  return installmentPlans(offer, price).at(-1);
}

/**
 * The offer as the environment states it (ECPAY_INSTALLMENTS, INSTALLMENT_MIN_AMOUNT,
 * INSTALLMENT_INTEREST_FREE), read leniently: an entry that does not parse is left out. The server
 * refuses to start with one (env.ts); the page build reads the same variables with this.
 */
export function installmentOfferOf(vars: {
  ECPAY_INSTALLMENTS?: string | undefined;
  INSTALLMENT_MIN_AMOUNT?: string | undefined;
  INSTALLMENT_INTEREST_FREE?: string | undefined;
}): InstallmentOffer {
  const periods = (vars.ECPAY_INSTALLMENTS ?? '')
    .split(',')
    .map((p) => Number(p.trim()))
    .filter((n) => (INSTALLMENT_PERIODS as readonly number[]).includes(n));
  const minAmount: Record<number, number> = {};
  for (const pair of (vars.INSTALLMENT_MIN_AMOUNT ?? '').split(',')) {
    const [n, min] = pair.split(':').map((x) => Number(x.trim()));
    if (Number.isInteger(n) && Number.isInteger(min)) minAmount[n!] = min!;
  }
  return { periods: [...new Set(periods)], minAmount, interestFree: vars.INSTALLMENT_INTEREST_FREE === '1' };
}
