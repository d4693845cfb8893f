import { z } from 'zod';
import { sign, verifyCheckMac } from './check-mac.ts';
import type { EcpayAccount } from './config.ts';
import { MERCHANT_TRADE_NO_RE, parseEcpayDateTime } from './fields.ts';

/**
 * A card trade after the payment, through ECPay's CreditDetail routes (developers.ecpay.com.tw
 * 2894 "查詢信用卡單筆明細" and 2885 "信用卡請退款功能"; ECPay/SDK_PHP example/Payment/Aio
 * QueryCreditTrade.php and Capture.php). Both are form POSTs signed with the payment account's
 * SHA-256 CheckMacValue; neither exists on ECPay's stage system, which authorises no real card.
 */

/** DoAction's actions: C close (capture), R refund, E cancel a close not yet done, N give up the authorisation. */
export type CreditAction = 'C' | 'R' | 'E' | 'N';

/**
 * Where a card trade is: `authorised` (the card's credit is held, nothing captured), `closing` (a
 * close or refund waits for ECPay's nightly close, 20:15 Taiwan time), `closed` (captured),
 * `cancelled` (N: given up), `unauthorised` (the bank has not authorised it).
 */
export type CreditTradeStatus = 'unauthorised' | 'authorised' | 'closing' | 'closed' | 'cancelled';

/** One close record of QueryTrade/V2 (close_data): a close, or a refund (negative amount). */
export interface CloseRecord {
  /** ECPay's words: 要關帳 (waiting for the close), 已關帳, 已取消, 操作取消 (cancelled by E). */
  status: string;
  amount: number;
  sno: string;
  /** Epoch ms, or null when unreadable. */
  at: number | null;
}

/** What QueryTrade/V2 says of one card trade. */
export interface CreditTrade {
  /** TradeID: the authorisation number (gwsr). */
  creditRefundId: number;
  status: CreditTradeStatus;
  /** The amount authorised. */
  amount: number;
  /** clsamt: what stands closed (captured less refunded), whole NT$. */
  closedAmount: number;
  /** Sum of the close records not cancelled that capture (positive). */
  capturedAmount: number;
  /** Sum of the refunds not cancelled (the negative close records, as a positive figure). */
  refundedAmount: number;
  /** Epoch ms of authtime, or null. */
  authorisedAt: number | null;
  closeData: CloseRecord[];
}

/** Why a CreditDetail call gave no answer to act on. */
export type CreditErrorKind = 'unreachable' | 'refused' | 'bad-reply';

/**
 * `unreachable`: no answer or HTTP ≠ 200 (whether a DoAction took effect is unknown: ask
 * QueryTrade/V2). `refused`: ECPay answered and did nothing (`rtnMsg` is its reason).
 * `bad-reply`: an answer that cannot be read.
 */
export class EcpayCreditError extends Error {
  readonly kind: CreditErrorKind;
  readonly rtnMsg: string;
  constructor(kind: CreditErrorKind, message: string, rtnMsg = '', cause?: unknown) {
    super(message, { cause });
    this.name = 'EcpayCreditError';
    this.kind = kind;
    this.rtnMsg = rtnMsg;
  }
}

const CREDIT_TIMEOUT_MS = 15_000;

async function post(url: string, fields: Record<string, string>, timeoutMs: number): Promise<string> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status}: ${text.slice(0, 100)}`);
    return text;
  } catch (cause) {
    throw new EcpayCreditError('unreachable', `ECPay did not answer ${new URL(url).pathname}.`, '', cause);
  }
}

const num = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);
const v2Answer = z.looseObject({
  RtnMsg: z.string().nullish(),
  RtnValue: z
    .looseObject({
      TradeID: num,
      amount: num,
      clsamt: num,
      authtime: z.string().default(''),
      status: z.string(),
      close_data: z
        .array(
          z.looseObject({
            status: z.string(),
            amount: num,
            sno: z.union([z.string(), z.number()]),
            datetime: z.string().default(''),
          }),
        )
        .nullish(),
    })
    .nullish(),
});

/** ECPay's top-level status words of QueryTrade/V2. */
const TOP_STATUS: Record<string, CreditTradeStatus> = {
  已授權: 'authorised',
  未授權: 'unauthorised',
  已取消: 'cancelled',
  已關帳: 'closed',
  // E cancelled the close: the trade is back to authorised unless something stands closed.
  操作取消: 'authorised',
};
/** Close records that no longer count. */
const VOID_CLOSE = new Set(['已取消', '操作取消']);

const readDate = (text: string): number | null => {
  const ms = parseEcpayDateTime(text.replaceAll('-', '/').slice(0, 19));
  return Number.isNaN(ms) ? null : ms;
};

/**
 * Asks ECPay's `/CreditDetail/QueryTrade/V2` (form of MerchantID, CreditRefundId = the payment's
 * gwsr, CreditAmount = the amount authorised, CreditCheckCode = the merchant's check code from the
 * merchant console; SHA-256 CheckMacValue) and reads its JSON: RtnMsg empty on success, RtnValue's
 * TradeID, amount, clsamt, authtime, status and close_data. Null when ECPay knows no such
 * authorisation (`error_nopay`); throws EcpayCreditError otherwise.
 */
export async function queryCreditTrade(opts: {
  url: string;
  account: EcpayAccount;
  creditRefundId: number;
  amount: number;
  checkCode: string;
  timeoutMs?: number;
}): Promise<CreditTrade | null> {
  const form = sign(
    {
      MerchantID: opts.account.merchantId,
      CreditRefundId: String(opts.creditRefundId),
      CreditAmount: String(opts.amount),
      CreditCheckCode: opts.checkCode,
    },
    opts.account,
    'sha256',
  );
  const text = await post(opts.url, form, opts.timeoutMs ?? CREDIT_TIMEOUT_MS);
  let parsed: z.infer<typeof v2Answer>;
  try {
    parsed = v2Answer.parse(JSON.parse(text));
  } catch (cause) {
    throw new EcpayCreditError(
      'bad-reply',
      `QueryTrade/V2 answered something unreadable: ${text.slice(0, 100)}`,
      '',
      cause,
    );
  }
  const msg = parsed.RtnMsg ?? '';
  if (msg === 'error_nopay') return null;
  if (msg !== '' || !parsed.RtnValue)
    throw new EcpayCreditError('refused', `QueryTrade/V2 refused: ${msg || '(no RtnValue)'}`, msg);
  const v = parsed.RtnValue;
  const closeData: CloseRecord[] = (v.close_data ?? []).map((r) => ({
    status: r.status,
    amount: r.amount,
    sno: String(r.sno),
    at: readDate(r.datetime),
  }));
  const live = closeData.filter((r) => !VOID_CLOSE.has(r.status));
  const top = TOP_STATUS[v.status];
  if (!top) throw new EcpayCreditError('bad-reply', `QueryTrade/V2 answered an unknown status ${v.status}.`);
  const pending = live.some((r) => r.status === '要關帳');
  const status: CreditTradeStatus =
    top === 'cancelled' || top === 'unauthorised' ? top : pending ? 'closing' : live.length ? 'closed' : 'authorised';
  return {
    creditRefundId: v.TradeID,
    status,
    amount: v.amount,
    closedAmount: v.clsamt,
    capturedAmount: live.filter((r) => r.amount > 0).reduce((s, r) => s + r.amount, 0),
    refundedAmount: live.filter((r) => r.amount < 0).reduce((s, r) => s - r.amount, 0),
    authorisedAt: readDate(v.authtime),
    closeData,
  };
}

/** DoAction's answer when ECPay did what was asked. */
export interface CreditActionDone {
  merchantTradeNo: string;
  tradeNo: string;
  rtnMsg: string;
}

/**
 * Sends ECPay's `/CreditDetail/DoAction`: a form of MerchantID, MerchantTradeNo, TradeNo (ECPay's
 * own trade number), Action (C, R, E or N) and TotalAmount (R: the amount to refund), SHA-256
 * CheckMacValue; answered as URL-encoded MerchantID, MerchantTradeNo, TradeNo, RtnCode (1 done) and
 * RtnMsg (verified when it carries a CheckMacValue). Throws EcpayCreditError `refused` with ECPay's
 * RtnMsg when RtnCode ≠ 1, `unreachable` when there is no answer (the action may have been done).
 */
export async function doCreditAction(opts: {
  url: string;
  account: EcpayAccount;
  merchantTradeNo: string;
  tradeNo: string;
  action: CreditAction;
  amount: number;
  timeoutMs?: number;
}): Promise<CreditActionDone> {
  if (!MERCHANT_TRADE_NO_RE.test(opts.merchantTradeNo))
    throw new Error('MerchantTradeNo must be 1 to 20 letters and digits.');
  if (!Number.isInteger(opts.amount) || opts.amount <= 0)
    throw new Error('TotalAmount must be a positive whole number.');
  const form = sign(
    {
      MerchantID: opts.account.merchantId,
      MerchantTradeNo: opts.merchantTradeNo,
      TradeNo: opts.tradeNo,
      Action: opts.action,
      TotalAmount: String(opts.amount),
    },
    opts.account,
    'sha256',
  );
  const text = (await post(opts.url, form, opts.timeoutMs ?? CREDIT_TIMEOUT_MS)).trim();
  const f = Object.fromEntries(new URLSearchParams(text));
  if (!f.RtnCode)
    throw new EcpayCreditError('bad-reply', `DoAction answered something unreadable: ${text.slice(0, 100)}`);
  if (f.CheckMacValue && !verifyCheckMac(f, opts.account, 'sha256'))
    throw new EcpayCreditError('bad-reply', 'The DoAction answer is not signed by ECPay.');
  if (f.MerchantID && f.MerchantID !== opts.account.merchantId)
    throw new EcpayCreditError('bad-reply', 'DoAction was answered for another merchant.');
  if (f.RtnCode !== '1')
    throw new EcpayCreditError('refused', `DoAction ${opts.action} refused: ${f.RtnMsg ?? ''}`, f.RtnMsg ?? '');
  return {
    merchantTradeNo: f.MerchantTradeNo ?? opts.merchantTradeNo,
    tradeNo: f.TradeNo ?? opts.tradeNo,
    rtnMsg: f.RtnMsg ?? '',
  };
}
