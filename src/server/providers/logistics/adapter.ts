import { sign, verifyCheckMac } from '../ecpay/check-mac.ts';
import type { EcpayAccount } from '../ecpay/config.ts';
import { type CreateRequest, createFields, type ExpressOrder, orderOf, parseCreateAnswer } from './express.ts';
import { type C2cCancel, CANCEL_C2C_PATH, cancelC2cFields, parseCancelAnswer } from './express-cancel.ts';

/** ECPay did not answer, or not in a way that can be trusted: whether it acted is unknown. */
export class ExpressUnclearError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'ExpressUnclearError';
  }
}

/** The logistics service: creates logistics orders and looks them up by the shop's trade number. */
export interface LogisticsProvider {
  /** Throws ExpressRequestError (our request breaks a limit), ExpressRefusal (ECPay said no) or ExpressUnclearError. */
  create(req: CreateRequest): Promise<ExpressOrder>;
  /** The logistics order ECPay keeps for `merchantTradeNo`, or null when it has none. Throws ExpressUnclearError. */
  find(merchantTradeNo: string): Promise<ExpressOrder | null>;
  /**
   * Cancels a 7-ELEVEN C2C logistics order not yet dropped off (CancelC2COrder, express-cancel.ts).
   * Resolves on `1|OK`; throws ExpressRefusal with ECPay's message, or ExpressUnclearError.
   */
  cancelC2c(order: C2cCancel): Promise<void>;
}

const TIMEOUT_MS = 15_000;

async function post(url: string, fields: Record<string, string>): Promise<string> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status}: ${text.slice(0, 100)}`);
    return text;
  } catch (cause) {
    throw new ExpressUnclearError(`ECPay's logistics did not answer ${new URL(url).pathname}.`, cause);
  }
}

/**
 * ECPay's domestic logistics over HTTP at `baseUrl` (ECPay's stage or production server, or any
 * server that speaks its protocol, such as the local simulator).
 */
export function ecpayLogistics(opts: { account: EcpayAccount; baseUrl: string; now: () => number }): LogisticsProvider {
  return {
    async create(req) {
      const fields = createFields(req, opts.account);
      const text = await post(`${opts.baseUrl}/Express/Create`, fields);
      try {
        return parseCreateAnswer(text);
      } catch (err) {
        if (err instanceof Error && err.name === 'ExpressRefusal') throw err;
        throw new ExpressUnclearError('The answer to Create cannot be read.', err);
      }
    },
    async find(merchantTradeNo) {
      const fields = sign(
        {
          MerchantID: opts.account.merchantId,
          MerchantTradeNo: merchantTradeNo,
          TimeStamp: String(Math.floor(opts.now() / 1000)),
        },
        opts.account,
        'md5',
      );
      const text = (await post(`${opts.baseUrl}/Helper/QueryLogisticsTradeInfo/V2`, fields)).trim();
      if (text.startsWith('0|')) return null;
      const f = Object.fromEntries(new URLSearchParams(text));
      if (!f.CheckMacValue || !verifyCheckMac(f, opts.account, 'md5'))
        throw new ExpressUnclearError(`The query's answer is not signed: ${text.slice(0, 100)}`);
      if (f.MerchantID !== opts.account.merchantId || f.MerchantTradeNo !== merchantTradeNo)
        throw new ExpressUnclearError('The query was answered for another merchant or trade.');
      return f.AllPayLogisticsID ? orderOf(f) : null;
    },
    async cancelC2c(order) {
      parseCancelAnswer(await post(`${opts.baseUrl}${CANCEL_C2C_PATH}`, cancelC2cFields(order, opts.account)));
    },
  };
}
