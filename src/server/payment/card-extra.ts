import type { CardExtra } from '../providers/ecpay/notice.ts';

/** What the attempt asked ECPay for, against which a paid notice's card fields are checked. */
export interface AskedCard {
  amount: number;
  installments: number;
  redeem: number;
}

/**
 * Why a paid notice (or query answer) disagrees with its attempt, or null when it agrees: the
 * installments (stage) are the ones asked for, their payments (stast + staed × the rest) add up to
 * the amount when the bank reported them, and bonus points were used only when Redeem=Y was asked,
 * for no more than the amount. A disagreeing notice is refused as a forged one would be.
 */
export function cardExtraRefusal(asked: AskedCard, extra: CardExtra): 'installments' | 'redeem' | null {
  if (extra.installments !== asked.installments) return 'installments';
  if (asked.installments > 0 && (extra.firstPayment > 0 || extra.perPayment > 0)) {
    const sum = extra.firstPayment + extra.perPayment * (asked.installments - 1);
    if (sum !== asked.amount) return 'installments';
  }
  if (extra.redeemedAmount > 0 && (!asked.redeem || extra.redeemedAmount > asked.amount)) return 'redeem';
  return null;
}

/** The attempt's columns a verified payment fills from its card fields. */
export const cardExtraColumns = (asked: AskedCard, extra: CardExtra) => ({
  first_payment: asked.installments > 0 ? extra.firstPayment : null,
  per_payment: asked.installments > 0 ? extra.perPayment : null,
  redeemed_points: extra.redeemedAmount > 0 ? extra.redeemedPoints : null,
  redeemed_amount: extra.redeemedAmount > 0 ? extra.redeemedAmount : null,
});
