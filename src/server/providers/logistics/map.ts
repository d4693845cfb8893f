import { type EcpayAccount, type EcpayTarget, ecpayEndpoints } from '../ecpay/config.ts';
import type { CvsSubType } from './cvs.ts';

/** ECPay keeps at most 20 characters of ExtraData and hands them back unchanged. */
export const EXTRA_DATA_MAX = 20;

export interface MapRequest {
  merchantTradeNo: string;
  subType: CvsSubType;
  /** Pay at pickup (取貨付款): IsCollection=Y. */
  collection: boolean;
  /** The shop endpoint (a path under `origin`) that receives the chosen store. */
  replyPath: string;
  /** Round-tripped untouched, e.g. a checkout reference; at most 20 characters. */
  extraData: string;
  device: 'pc' | 'mobile';
  origin: string;
}

/**
 * The auto-submitting form that opens ECPay's store map (`/Express/map`). ECPay does not sign this
 * request or its reply, so the reply is treated as the shopper's input and checked on arrival.
 */
export function buildMapForm(req: MapRequest, account: EcpayAccount, target: EcpayTarget) {
  if (!/^[0-9A-Za-z]{1,20}$/.test(req.merchantTradeNo))
    throw new Error('MerchantTradeNo must be 1 to 20 letters and digits.');
  if ([...req.extraData].length > EXTRA_DATA_MAX) throw new Error('ExtraData holds at most 20 characters.');
  const fields: Record<string, string> = {
    MerchantID: account.merchantId,
    MerchantTradeNo: req.merchantTradeNo,
    LogisticsType: 'CVS',
    LogisticsSubType: req.subType,
    IsCollection: req.collection ? 'Y' : 'N',
    ServerReplyURL: `${req.origin}${req.replyPath}`,
    ExtraData: req.extraData,
    Device: req.device === 'mobile' ? '1' : '0',
  };
  return { action: ecpayEndpoints(target, req.origin).map, fields };
}
