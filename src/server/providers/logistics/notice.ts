import { verifyCheckMac } from '../ecpay/check-mac.ts';
import type { EcpayAccount } from '../ecpay/config.ts';
import { MERCHANT_TRADE_NO_RE, parseEcpayDateTime } from '../ecpay/fields.ts';
import type { NoticeFault } from '../ecpay/notice.ts';
import { type ExpressOrder, orderOf } from './express.ts';

/** A verified status notice of ECPay's logistics (ServerReplyURL). */
export interface StatusNotice extends ExpressOrder {
  subType: string;
  /** Epoch ms of UpdateStatusDate, or null when ECPay left it out. */
  at: number | null;
}

export class StatusNoticeError extends Error {
  readonly fault: NoticeFault;
  constructor(fault: NoticeFault, message: string) {
    super(message);
    this.name = 'StatusNoticeError';
    this.fault = fault;
  }
}

/**
 * Reads a status notice (form POST, MD5 CheckMacValue over every field): throws StatusNoticeError
 * for a bad signature, another merchant or missing fields.
 */
export function parseStatusNotice(form: Record<string, string>, account: EcpayAccount): StatusNotice {
  if (!form.CheckMacValue || !verifyCheckMac(form, account, 'md5'))
    throw new StatusNoticeError('signature', 'The CheckMacValue of the status notice is wrong.');
  if (form.MerchantID !== account.merchantId)
    throw new StatusNoticeError('merchant', 'The status notice is for another merchant.');
  if (
    !MERCHANT_TRADE_NO_RE.test(form.MerchantTradeNo ?? '') ||
    !form.AllPayLogisticsID ||
    !/^\d+$/.test(form.RtnCode ?? '')
  )
    throw new StatusNoticeError('fields', 'The status notice lacks MerchantTradeNo, AllPayLogisticsID or RtnCode.');
  const at = form.UpdateStatusDate ? parseEcpayDateTime(form.UpdateStatusDate) : Number.NaN;
  return { ...orderOf(form), subType: form.LogisticsSubType ?? '', at: Number.isNaN(at) ? null : at };
}
