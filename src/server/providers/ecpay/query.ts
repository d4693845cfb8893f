import { sign, verifyCheckMac } from './check-mac.ts';
import type { EcpayAccount } from './config.ts';
import { parseEcpayDateTime } from './fields.ts';
import { type CardExtra, cardExtraOf, creditOf } from './notice.ts';

/** TradeStatus of QueryTradeInfo: paid, not paid (yet), the trade failed, no such trade. */
export const TRADE_STATUS = { paid: '1', unpaid: '0', failed: '10200095', notFound: '10200047' } as const;

/** What ECPay says of one MerchantTradeNo. */
export interface QueriedTrade {
  status: 'paid' | 'unpaid' | 'failed' | 'not-found';
  merchantTradeNo: string;
  tradeNo: string;
  /** Whole NT$ (0 when ECPay has no trade). */
  amount: number;
  paymentType: string;
  /** Epoch ms, when paid. */
  paymentDate: number | null;
  /**
   * A card payment's authorisation (NeedExtraPaidInfo=Y): gwsr, the CreditRefundId that
   * CreditDetail/QueryTrade/V2 asks for, and stage, its instalments (0: paid at once). Null otherwise.
   */
  credit: { creditRefundId: number; installments: number } | null;
  /** The installment and bonus-point fields (all 0 when absent). */
  card: CardExtra;
  /** Every field of the answer, as received (kept in payment_notices). */
  fields: Record<string, string>;
}

/** ECPay did not answer, or answered something that cannot be trusted: nothing may be concluded. */
export class EcpayQueryError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'EcpayQueryError';
  }
}

const STATUS_OF: Record<string, QueriedTrade['status']> = {
  [TRADE_STATUS.paid]: 'paid',
  [TRADE_STATUS.unpaid]: 'unpaid',
  [TRADE_STATUS.failed]: 'failed',
  [TRADE_STATUS.notFound]: 'not-found',
};

/**
 * Asks ECPay's `/Cashier/QueryTradeInfo/V5` about one trade: a signed form (SHA-256 CheckMacValue,
 * TimeStamp in Unix seconds, valid for 3 minutes), answered as a URL-encoded string with its own
 * CheckMacValue, verified here. Throws EcpayQueryError when there is no trustworthy answer.
 */
export async function queryTrade(opts: {
  url: string;
  account: EcpayAccount;
  merchantTradeNo: string;
  now: number;
  timeoutMs?: number;
}): Promise<QueriedTrade> {
  const form = sign(
    {
      MerchantID: opts.account.merchantId,
      MerchantTradeNo: opts.merchantTradeNo,
      TimeStamp: String(Math.floor(opts.now / 1000)),
    },
    opts.account,
    'sha256',
  );
  let text: string;
  try {
    const res = await fetch(opts.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
    text = await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
  } catch (cause) {
    throw new EcpayQueryError('ECPay did not answer the trade query.', cause);
  }
  const fields = Object.fromEntries(new URLSearchParams(text.trim()));
  if (!fields.CheckMacValue || !verifyCheckMac(fields, opts.account, 'sha256'))
    throw new EcpayQueryError(`The trade query's answer is not signed by ECPay: ${text.slice(0, 100)}`);
  if (fields.MerchantID !== opts.account.merchantId)
    throw new EcpayQueryError('The trade query was answered for another merchant.');
  const status = STATUS_OF[fields.TradeStatus ?? ''];
  if (!status) throw new EcpayQueryError(`Unknown TradeStatus ${fields.TradeStatus ?? '(none)'}.`);
  if (status !== 'not-found' && fields.MerchantTradeNo !== opts.merchantTradeNo)
    throw new EcpayQueryError('The trade query was answered for another trade.');
  const paid = fields.PaymentDate ? parseEcpayDateTime(fields.PaymentDate) : Number.NaN;
  return {
    status,
    merchantTradeNo: opts.merchantTradeNo,
    tradeNo: fields.TradeNo ?? '',
    amount: Number(fields.TradeAmt ?? 0) || 0,
    paymentType: fields.PaymentType ?? '',
    paymentDate: Number.isNaN(paid) ? null : paid,
    credit: creditOf(fields),
    card: cardExtraOf(fields),
    fields,
  };
}
