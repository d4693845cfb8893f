import type { CreditTrade } from './credit.ts';

/**
 * Why no DoAction can refund the amount now: `bad-amount` (not a positive whole NT$),
 * `not-refundable` (cancelled or never authorised), `over-remaining` (more than is left to give
 * back), `installment-whole` (an instalment sale is refunded whole or not at all), `redeem-whole`
 * (so is a sale that used card bonus points, ECPay 9242: 紅利折抵交易須全額退刷),
 * `partial-before-close` (ECPay refunds part of a card payment only once it is closed: after its
 * nightly close, 20:15 Taiwan time, or a close C of the whole amount).
 */
export type RefundRefusal =
  | 'bad-amount'
  | 'not-refundable'
  | 'over-remaining'
  | 'installment-whole'
  | 'redeem-whole'
  | 'partial-before-close';

export type RefundChoice =
  | { action: 'N' | 'R'; amount: number }
  | { refusal: RefundRefusal /** What could still be refunded now (0 when nothing). */; refundable: number };

/**
 * The DoAction that refunds `amount` of a card trade as QueryTrade/V2 reported it (ECPay 2885,
 * "退款使用方式"): N (give up the authorisation) for the whole amount of a trade authorised and
 * not closed; R for a trade closing or closed, at most what stands closed, and only the whole of it
 * for an instalment sale. `installment` comes from the payment (gwsr's `stage` > 0), which
 * QueryTrade/V2 does not repeat.
 */
export function chooseRefundAction(
  trade: Pick<CreditTrade, 'status' | 'amount' | 'closedAmount'> & { installment: boolean },
  amount: number,
): RefundChoice {
  const refundable =
    trade.status === 'authorised'
      ? trade.amount
      : trade.status === 'closing' || trade.status === 'closed'
        ? trade.closedAmount
        : 0;
  const refuse = (refusal: RefundRefusal): RefundChoice => ({ refusal, refundable: Math.max(0, refundable) });
  if (!Number.isInteger(amount) || amount <= 0) return refuse('bad-amount');
  if (refundable <= 0)
    return refuse(
      trade.status === 'cancelled' || trade.status === 'unauthorised' ? 'not-refundable' : 'over-remaining',
    );
  if (amount > refundable) return refuse('over-remaining');
  if (trade.status === 'authorised')
    return amount === trade.amount ? { action: 'N', amount } : refuse('partial-before-close');
  if (trade.installment && amount !== refundable) return refuse('installment-whole');
  return { action: 'R', amount };
}
