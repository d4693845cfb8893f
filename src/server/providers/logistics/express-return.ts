import { sign, verifyCheckMac } from '../ecpay/check-mac.ts';
import type { EcpayAccount } from '../ecpay/config.ts';
import { parseEcpayDateTime } from '../ecpay/fields.ts';
import type { NoticeFault } from '../ecpay/notice.ts';
import { ExpressUnclearError } from './adapter.ts';
import {
  ExpressRefusal,
  ExpressRequestError,
  FORBIDDEN_RE,
  GOODS_AMOUNT_MAX,
  GOODS_NAME_MAX,
  isExpressName,
} from './express.ts';

/**
 * Return logistics orders (逆物流) of ECPay's domestic logistics (developers.ecpay.com.tw 22460
 * ReturnUniMartCVS, 22465 ReturnCVS, 22470 ReturnHilifeCVS, 22512 ReturnHome, 22531 the return
 * orders' status notices; ECPay/SDK_PHP example/Logistics/Domestic ReturnUniMartCvs.php,
 * ReturnFamiCvs.php, ReturnHome.php): form POSTs signed with the logistics account's MD5
 * CheckMacValue. A store return answers `RtnMerchantTradeNo|RtnOrderNo` (the code the shopper keys
 * in at the store's kiosk); a home return answers `1|OK`, the carrier collecting the parcel at the
 * address of the outbound order's receiver. Chunghwa Post has no return; OK mart has none either.
 */

/** The store chains whose return parcels ECPay books, and the home carrier. */
export type ReturnChain = 'UNIMART' | 'FAMI' | 'HILIFE';
export const RETURN_PATHS = {
  UNIMART: '/express/ReturnUniMartCVS',
  FAMI: '/express/ReturnCVS',
  HILIFE: '/express/ReturnHilifeCVS',
  TCAT: '/Express/ReturnHome',
} as const;
/** ServiceType 4: goods returned, nothing collected (the only one the shop uses). */
const SERVICE_TYPE_RETURN = '4';
const TIMEOUT_MS = 15_000;

export interface StoreReturnRequest {
  chain: ReturnChain;
  /** The outbound order's AllPayLogisticsID, when the return is of one. */
  logisticsId?: string;
  goodsName: string;
  goodsAmount: number;
  /** The shopper sending the parcel back: a name of 4 to 10 characters' width and a mobile number. */
  sender: { name: string; cellPhone: string };
  serverReplyUrl: string;
  remark?: string;
}

export interface HomeReturnRequest {
  /** The outbound home order's AllPayLogisticsID (T-CAT): sender and receiver are that order's, reversed. */
  logisticsId: string;
  goodsAmount: number;
  serverReplyUrl: string;
  /** Home delivery: 00 same city, 01 another city, 02 an outlying island. */
  distance?: '00' | '01' | '02';
}

/** What ECPay booked: a store return's numbers; a home return has none (its notices carry its number). */
export interface BookedReturn {
  /** RtnMerchantTradeNo, ECPay's number of the return, which its status notices carry. */
  rtnMerchantTradeNo: string | null;
  /** RtnOrderNo: what the shopper keys in at the store's kiosk (ibon, FamiPort, Life-ET). */
  rtnOrderNo: string | null;
}

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
    return text.trim();
  } catch (cause) {
    throw new ExpressUnclearError(`ECPay's logistics did not answer ${new URL(url).pathname}.`, cause);
  }
}

const refusalOf = (body: string) => new ExpressRefusal(body.slice(2).slice(0, 200) || 'refused');

/**
 * Books a store return (`/express/ReturnUniMartCVS`, `/express/ReturnCVS` or
 * `/express/ReturnHilifeCVS`): MerchantID, AllPayLogisticsID, ServerReplyURL, GoodsName,
 * GoodsAmount, CollectionAmount 0, ServiceType 4, SenderName, SenderPhone, Remark. Throws
 * ExpressRequestError (our request breaks a limit), ExpressRefusal (`0|message`) or
 * ExpressUnclearError (no answer: whether it was booked is unknown).
 */
export async function createStoreReturn(
  opts: { account: EcpayAccount; baseUrl: string },
  req: StoreReturnRequest,
): Promise<BookedReturn> {
  const problems: string[] = [];
  if (req.logisticsId !== undefined && !/^\d{1,20}$/.test(req.logisticsId)) problems.push('AllPayLogisticsID: digits');
  if (!Number.isInteger(req.goodsAmount) || req.goodsAmount < 1 || req.goodsAmount > GOODS_AMOUNT_MAX)
    problems.push(`GoodsAmount: a whole NT$ amount of 1 to ${GOODS_AMOUNT_MAX}`);
  if ([...req.goodsName].length > GOODS_NAME_MAX || FORBIDDEN_RE.test(req.goodsName) || /['"]/.test(req.goodsName))
    problems.push(`GoodsName: at most ${GOODS_NAME_MAX} characters without quotation marks`);
  if (!isExpressName(req.sender.name) || /\s/.test(req.sender.name))
    problems.push('SenderName: 4 to 10 characters wide (2 to 5 Chinese characters), no spaces');
  if (!/^09\d{8}$/.test(req.sender.cellPhone)) problems.push('SenderPhone: a mobile number 09XXXXXXXX');
  if (problems.length) throw new ExpressRequestError(problems);
  const fields = sign(
    {
      MerchantID: opts.account.merchantId,
      AllPayLogisticsID: req.logisticsId ?? '',
      ServerReplyURL: req.serverReplyUrl,
      GoodsName: req.goodsName,
      GoodsAmount: String(req.goodsAmount),
      CollectionAmount: '0',
      ServiceType: SERVICE_TYPE_RETURN,
      SenderName: req.sender.name,
      SenderPhone: req.sender.cellPhone,
      Remark: (req.remark ?? '').slice(0, 20),
    },
    opts.account,
    'md5',
  );
  const body = await post(`${opts.baseUrl}${RETURN_PATHS[req.chain]}`, fields);
  if (body.startsWith('0|')) throw refusalOf(body);
  const [no, order] = body.split('|').map((s) => s.trim());
  if (!no || !order || !/^[0-9A-Za-z]{1,20}$/.test(no) || !/^[0-9A-Za-z]{1,13}$/.test(order))
    throw new ExpressUnclearError(`Not an answer of ECPay's return order: ${body.slice(0, 100)}`);
  return { rtnMerchantTradeNo: no, rtnOrderNo: order };
}

/**
 * Books a home return (`/Express/ReturnHome`) of a T-CAT order: MerchantID, AllPayLogisticsID,
 * GoodsAmount, Temperature 0001, Distance, Specification 0001, ServerReplyURL; ECPay fills the
 * parties from the outbound order, reversed. `1|OK`, else throws as createStoreReturn.
 */
export async function createHomeReturn(
  opts: { account: EcpayAccount; baseUrl: string },
  req: HomeReturnRequest,
): Promise<BookedReturn> {
  const problems: string[] = [];
  if (!/^\d{1,20}$/.test(req.logisticsId)) problems.push('AllPayLogisticsID: digits');
  if (!Number.isInteger(req.goodsAmount) || req.goodsAmount < 1 || req.goodsAmount > GOODS_AMOUNT_MAX)
    problems.push(`GoodsAmount: a whole NT$ amount of 1 to ${GOODS_AMOUNT_MAX}`);
  if (problems.length) throw new ExpressRequestError(problems);
  const fields = sign(
    {
      MerchantID: opts.account.merchantId,
      AllPayLogisticsID: req.logisticsId,
      GoodsAmount: String(req.goodsAmount),
      Temperature: '0001',
      Distance: req.distance ?? '00',
      Specification: '0001',
      ServerReplyURL: req.serverReplyUrl,
    },
    opts.account,
    'md5',
  );
  const body = await post(`${opts.baseUrl}${RETURN_PATHS.TCAT}`, fields);
  if (body === '1|OK') return { rtnMerchantTradeNo: null, rtnOrderNo: null };
  if (body.startsWith('0|')) throw refusalOf(body);
  throw new ExpressUnclearError(`Not an answer of ECPay's return order: ${body.slice(0, 100)}`);
}

/**
 * Where a return parcel is: booked, handed over by the shopper (at the store's counter or to the
 * driver), at the logistics centre, back with the shop.
 */
export type ReturnParcelStatus = 'created' | 'handed_over' | 'at_centre' | 'returned';
export const RETURN_RANK: Record<ReturnParcelStatus, number> = {
  created: 0,
  handed_over: 1,
  at_centre: 2,
  returned: 3,
};

/**
 * The RtnCode of a return parcel's notices, per chain, from ECPay's status table (ECPay/SDK_PHP
 * example/Logistics/logistics_status.xlsx): 325 return order received (Hi-Life, T-CAT); 4001
 * 買家已到門市寄件, 4002 退貨商品已至物流中心; 2070 / 3023 賣家已取退回包裹 (7-ELEVEN and Hi-Life /
 * FamilyMart); T-CAT 3006 / 3001 on the way, 5008 退貨配完. A code not listed moves nothing.
 */
export const RETURN_STATUS_CODES: Record<
  ReturnChain | 'TCAT',
  Partial<Record<ReturnParcelStatus, readonly string[]>>
> = {
  UNIMART: { created: ['325'], handed_over: ['4001'], at_centre: ['4002'], returned: ['2070', '2044'] },
  FAMI: { created: ['325'], handed_over: ['4001'], at_centre: ['4002'], returned: ['3023'] },
  HILIFE: { created: ['325'], handed_over: ['4001'], at_centre: ['4002'], returned: ['2070', '3023', '5008'] },
  TCAT: { created: ['325'], handed_over: ['3006', '3001'], returned: ['5008'] },
};

/** The return parcel status an RtnCode means for `chain`, or null. */
export function returnStatusOf(chain: ReturnChain | 'TCAT', code: string): ReturnParcelStatus | null {
  for (const [status, codes] of Object.entries(RETURN_STATUS_CODES[chain]))
    if (codes?.includes(code)) return status as ReturnParcelStatus;
  return null;
}

/** A verified status notice of a return parcel. */
export interface ReturnNotice {
  rtnMerchantTradeNo: string;
  /** AllPayLogisticsID: the outbound order's (or the return's own when it had none). */
  logisticsId: string;
  rtnCode: string;
  rtnMsg: string;
  goodsAmount: number;
  bookingNote: string;
  /** Epoch ms of UpdateStatusDate, or null. */
  at: number | null;
}

export class ReturnNoticeError extends Error {
  readonly fault: NoticeFault;
  constructor(fault: NoticeFault, message: string) {
    super(message);
    this.name = 'ReturnNoticeError';
    this.fault = fault;
  }
}

/**
 * Reads a return parcel's status notice (form POST to ServerReplyURL: MerchantID,
 * RtnMerchantTradeNo, RtnCode, RtnMsg, AllPayLogisticsID, GoodsAmount, UpdateStatusDate,
 * BookingNote, MD5 CheckMacValue); answer it `1|OK`. Throws ReturnNoticeError for a bad signature,
 * another merchant or missing fields.
 */
export function parseReturnNotice(form: Record<string, string>, account: EcpayAccount): ReturnNotice {
  if (!form.CheckMacValue || !verifyCheckMac(form, account, 'md5'))
    throw new ReturnNoticeError('signature', 'The CheckMacValue of the return notice is wrong.');
  if (form.MerchantID !== account.merchantId)
    throw new ReturnNoticeError('merchant', 'The return notice is for another merchant.');
  if (!/^[0-9A-Za-z]{1,20}$/.test(form.RtnMerchantTradeNo ?? '') || !/^\d+$/.test(form.RtnCode ?? ''))
    throw new ReturnNoticeError('fields', 'The return notice lacks RtnMerchantTradeNo or RtnCode.');
  const at = form.UpdateStatusDate ? parseEcpayDateTime(form.UpdateStatusDate) : Number.NaN;
  return {
    rtnMerchantTradeNo: form.RtnMerchantTradeNo!,
    logisticsId: form.AllPayLogisticsID ?? '',
    rtnCode: form.RtnCode!,
    rtnMsg: form.RtnMsg ?? '',
    goodsAmount: Number(form.GoodsAmount) || 0,
    bookingNote: form.BookingNote ?? '',
    at: Number.isNaN(at) ? null : at,
  };
}
