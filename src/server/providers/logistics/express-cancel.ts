import { sign } from '../ecpay/check-mac.ts';
import type { EcpayAccount } from '../ecpay/config.ts';
import { ExpressRefusal, type ExpressSubType } from './express.ts';

/**
 * Cancelling a logistics order at ECPay. ECPay's domestic logistics offers one cancel:
 * `/Express/CancelC2COrder`, for 7-ELEVEN C2C only (developers.ecpay.com.tw/?p=22493; ECPay/ECPay-API-Skill
 * guides/06-logistics-domestic.md, "取消 C2C 訂單"): a form POST of MerchantID, AllPayLogisticsID,
 * CVSPaymentNo, CVSValidationNo (and PlatformID, for platforms only) with an MD5 CheckMacValue,
 * answered in plain text `1|OK`, anything else a failure. FamilyMart, Hi-Life and OK mart C2C and
 * home delivery (T-CAT, Chunghwa Post) have no cancel: a parcel never handed over is not charged, its
 * shipping code lapses (support.ecpay.com.tw/6248), and one handed over comes back only by a return order.
 */

export const CANCEL_C2C_PATH = '/Express/CancelC2COrder';

/** The one sub-type ECPay can cancel. */
export const CANCELLABLE_SUB_TYPE: ExpressSubType = 'UNIMARTC2C';

/** The logistics order to cancel, as Create answered it. */
export interface C2cCancel {
  logisticsId: string;
  cvsPaymentNo: string;
  cvsValidationNo: string;
}

/** The signed CancelC2COrder form. */
export function cancelC2cFields(o: C2cCancel, account: EcpayAccount): Record<string, string> {
  return sign(
    {
      MerchantID: account.merchantId,
      AllPayLogisticsID: o.logisticsId,
      CVSPaymentNo: o.cvsPaymentNo,
      CVSValidationNo: o.cvsValidationNo,
    },
    account,
    'md5',
  );
}

/** Reads CancelC2COrder's answer: `1|OK`, or throws ExpressRefusal with what ECPay said. */
export function parseCancelAnswer(text: string): void {
  const body = text.trim();
  if (body === '1|OK') return;
  throw new ExpressRefusal((body.startsWith('0|') ? body.slice(2) : body).slice(0, 200) || 'refused');
}
