import type { Deps } from '../context.ts';
import { ecpayConfig, ecpayEndpoints } from '../providers/ecpay/config.ts';
import { type CreditAction, type CreditTrade, doCreditAction, queryCreditTrade } from '../providers/ecpay/credit.ts';
import { queryTrade } from '../providers/ecpay/query.ts';

/** The card payment a refund gives back: the paid attempt's trade numbers and amount. */
export interface PaidCard {
  merchantTradeNo: string;
  tradeNo: string;
  amount: number;
  /** The installments it was paid in; 0: at once. */
  installments: number;
  /** Card bonus points took part of it. */
  redeemed: boolean;
}

/**
 * The returns' port to card refunds at ECPay: the trade as CreditDetail/QueryTrade/V2 reports it
 * now (its authorisation found through QueryTradeInfo's gwsr), and DoAction. Errors are the
 * adapter's EcpayCreditError (`refused` with ECPay's RtnMsg, `unreachable`: the action may have been done).
 */
export interface CardRefunds {
  trade(card: PaidCard): Promise<(CreditTrade & { installment: boolean }) | null>;
  act(card: PaidCard, action: CreditAction, amount: number): Promise<void>;
}

/** The port on the shop's ECPay payment merchant (or its simulator). */
export function ecpayCardRefunds(deps: Deps): CardRefunds {
  const config = ecpayConfig(deps.env);
  const endpoints = () => ecpayEndpoints(deps.env, new URL(deps.env.SITE_URL).origin);
  return {
    async trade(card) {
      const info = await queryTrade({
        url: endpoints().queryTrade,
        account: config.payment,
        merchantTradeNo: card.merchantTradeNo,
        now: deps.clock.now(),
      });
      if (!info.credit) return null;
      const trade = await queryCreditTrade({
        url: endpoints().creditQuery,
        account: config.payment,
        creditRefundId: info.credit.creditRefundId,
        amount: card.amount,
        checkCode: config.creditCheckCode,
      });
      return trade ? { ...trade, installment: info.credit.installments > 0 } : null;
    },
    async act(card, action, amount) {
      await doCreditAction({
        url: endpoints().creditAction,
        account: config.payment,
        merchantTradeNo: card.merchantTradeNo,
        tradeNo: card.tradeNo,
        action,
        amount,
      });
    },
  };
}
