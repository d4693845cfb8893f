import { CARRIER_FORBIDDEN_RE, CARRIER_MOBILE_RE, isCarrierName } from '../../../lib/taiwan/receiver.ts';
import { sign } from '../ecpay/check-mac.ts';
import type { EcpayAccount } from '../ecpay/config.ts';
import { ecpayDateTime, MERCHANT_TRADE_NO_RE } from '../ecpay/fields.ts';

/**
 * ECPay's domestic logistics order (`/Express/Create`), as ECPay's guide describes it
 * (ECPay/ECPay-API-Skill guides/06-logistics-domestic.md; ECPay/SDK_PHP
 * example/Logistics/Domestic/CreateCvs.php and CreateHome.php): a form POST signed with an MD5
 * CheckMacValue, answered `1|<url-encoded fields>` or `0|<message>`.
 */

/** The C2C store-to-store sub-types (OK mart has C2C only) and the home carriers. */
export const C2C_SUB_TYPES = ['UNIMARTC2C', 'FAMIC2C', 'HILIFEC2C', 'OKMARTC2C'] as const;
export const HOME_SUB_TYPES = ['TCAT', 'POST'] as const;
export type C2cSubType = (typeof C2C_SUB_TYPES)[number];
export type HomeSubType = (typeof HOME_SUB_TYPES)[number];
export type ExpressSubType = C2cSubType | HomeSubType;

export const isHome = (s: string): s is HomeSubType => (HOME_SUB_TYPES as readonly string[]).includes(s);

/** Whole NT$: ECPay takes GoodsAmount (and CollectionAmount) of 1 to 20,000 (error 10500040 above it). */
export const GOODS_AMOUNT_MAX = 20_000;
/** GoodsName holds at most 50 characters. */
export const GOODS_NAME_MAX = 50;
// The name and mobile rules are the checkout's too (lib/taiwan/receiver.ts): one definition, so that
// the checkout never accepts a receiver this request would refuse.
export {
  CARRIER_FORBIDDEN_RE as FORBIDDEN_RE,
  CARRIER_NAME_WIDTH as NAME_WIDTH,
  carrierNameWidth as nameWidth,
  isCarrierName as isExpressName,
} from '../../../lib/taiwan/receiver.ts';

const FORBIDDEN_ALL = new RegExp(CARRIER_FORBIDDEN_RE.source, 'g');

/** GoodsName from the line names: forbidden characters dropped, cut to 50 characters. */
export function goodsNameOf(names: readonly string[]): string {
  const text = names
    .join(' ')
    .replace(FORBIDDEN_ALL, ' ')
    .replace(/[\p{Cc}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...text];
  return chars.length <= GOODS_NAME_MAX ? text : `${chars.slice(0, GOODS_NAME_MAX - 1).join('')}…`;
}

export interface ExpressParty {
  name: string;
  /** A mobile number (09…), for the text messages of the chain or carrier. */
  cellPhone: string;
  /** A landline, when there is one. */
  phone?: string;
  /** Home delivery: postal code and address. */
  zipCode?: string;
  address?: string;
}

export interface CreateRequest {
  merchantTradeNo: string;
  tradeDate: number;
  subType: ExpressSubType;
  goodsAmount: number;
  goodsName: string;
  /** Pay at pickup or cash on delivery: the store or carrier collects `goodsAmount`. */
  collection: boolean;
  sender: ExpressParty;
  receiver: ExpressParty & { email?: string; storeId?: string };
  serverReplyUrl: string;
  /** Home delivery: 00 same city, 01 another city, 02 an outlying island. */
  distance?: '00' | '01' | '02';
}

/** Throws a readable error when `req` breaks one of ECPay's limits; the fields, signed, otherwise. */
export function createFields(req: CreateRequest, account: EcpayAccount): Record<string, string> {
  const problems: string[] = [];
  if (!MERCHANT_TRADE_NO_RE.test(req.merchantTradeNo)) problems.push('MerchantTradeNo: 1 to 20 letters and digits');
  if (!Number.isInteger(req.goodsAmount) || req.goodsAmount < 1 || req.goodsAmount > GOODS_AMOUNT_MAX)
    problems.push(`GoodsAmount: a whole NT$ amount of 1 to ${GOODS_AMOUNT_MAX}`);
  if (!req.goodsName || [...req.goodsName].length > GOODS_NAME_MAX || CARRIER_FORBIDDEN_RE.test(req.goodsName))
    problems.push(`GoodsName: 1 to ${GOODS_NAME_MAX} characters without ^ ' \` ! @ # % & * + \\ " < >`);
  if (!isCarrierName(req.sender.name))
    problems.push('SenderName: 4 to 10 characters wide (2 to 5 Chinese characters), no digits or symbols');
  if (!isCarrierName(req.receiver.name))
    problems.push('ReceiverName: 4 to 10 characters wide (2 to 5 Chinese characters), no digits or symbols');
  if (!CARRIER_MOBILE_RE.test(req.receiver.cellPhone)) problems.push('ReceiverCellPhone: a mobile number 09XXXXXXXX');
  const home = isHome(req.subType);
  if (!home && !/^[0-9A-Za-z]{1,10}$/.test(req.receiver.storeId ?? '')) problems.push('ReceiverStoreID: the store');
  if (home && !(req.receiver.zipCode && req.receiver.address && req.sender.zipCode && req.sender.address))
    problems.push('Home delivery needs both postal codes and addresses');
  if (problems.length) throw new ExpressRequestError(problems);
  const f: Record<string, string> = {
    MerchantID: account.merchantId,
    MerchantTradeNo: req.merchantTradeNo,
    MerchantTradeDate: ecpayDateTime(req.tradeDate),
    LogisticsType: home ? 'HOME' : 'CVS',
    LogisticsSubType: req.subType,
    GoodsAmount: String(req.goodsAmount),
    IsCollection: req.collection ? 'Y' : 'N',
    GoodsName: req.goodsName,
    SenderName: req.sender.name,
    SenderPhone: req.sender.phone ?? '',
    SenderCellPhone: req.sender.cellPhone,
    ReceiverName: req.receiver.name,
    ReceiverCellPhone: req.receiver.cellPhone,
    ReceiverEmail: req.receiver.email ?? '',
    ServerReplyURL: req.serverReplyUrl,
  };
  // 7-ELEVEN wants CollectionAmount equal to GoodsAmount whether or not it collects (guides/06).
  if (req.collection || req.subType === 'UNIMARTC2C') f.CollectionAmount = String(req.goodsAmount);
  if (home) {
    Object.assign(f, {
      SenderZipCode: req.sender.zipCode!,
      SenderAddress: req.sender.address!,
      ReceiverZipCode: req.receiver.zipCode!,
      ReceiverAddress: req.receiver.address!,
      Temperature: '0001',
      Distance: req.distance ?? '00',
      Specification: '0001',
      ScheduledPickupTime: '4',
      ScheduledDeliveryTime: '4',
    });
  } else {
    f.ReceiverStoreID = req.receiver.storeId!;
  }
  return sign(f, account, 'md5');
}

export class ExpressRequestError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`The logistics order breaks ECPay's limits: ${problems.join('; ')}.`);
    this.name = 'ExpressRequestError';
    this.problems = problems;
  }
}

/** ECPay's answer to Create (or a query): the logistics order it keeps. */
export interface ExpressOrder {
  merchantTradeNo: string;
  logisticsId: string;
  cvsPaymentNo: string;
  cvsValidationNo: string;
  bookingNote: string;
  rtnCode: string;
  rtnMsg: string;
}

/** ECPay refused the request (`0|message`): nothing was created. */
export class ExpressRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExpressRefusal';
  }
}

/**
 * Reads Create's answer: `1|` and URL-encoded fields with AllPayLogisticsID, or `0|message` (throws
 * ExpressRefusal). Anything else is not an answer (throws Error: whether ECPay created it is unknown).
 */
export function parseCreateAnswer(text: string): ExpressOrder {
  const body = text.trim();
  if (body.startsWith('0|')) throw new ExpressRefusal(body.slice(2).slice(0, 200) || 'refused');
  if (!body.startsWith('1|')) throw new Error(`Not an answer of ECPay's logistics: ${body.slice(0, 100)}`);
  const f = Object.fromEntries(new URLSearchParams(body.slice(2)));
  if (!f.AllPayLogisticsID) throw new Error('The logistics answer has no AllPayLogisticsID.');
  return orderOf(f);
}

/** The order fields of a Create answer, a query answer or a status notice. */
export function orderOf(f: Record<string, string>): ExpressOrder {
  return {
    merchantTradeNo: f.MerchantTradeNo ?? '',
    logisticsId: f.AllPayLogisticsID ?? '',
    cvsPaymentNo: f.CVSPaymentNo ?? '',
    cvsValidationNo: f.CVSValidationNo ?? '',
    bookingNote: f.BookingNote ?? '',
    rtnCode: f.RtnCode ?? f.LogisticsStatus ?? '',
    rtnMsg: f.RtnMsg ?? '',
  };
}

/** ECPay's print endpoints (guides/06, "列印"): one per C2C chain, and the shipping document of home delivery. */
export const PRINT_PATHS: Record<ExpressSubType, string> = {
  UNIMARTC2C: '/Express/PrintUniMartC2COrderInfo',
  FAMIC2C: '/Express/PrintFAMIC2COrderInfo',
  HILIFEC2C: '/Express/PrintHILIFEC2COrderInfo',
  OKMARTC2C: '/Express/PrintOKMARTC2COrderInfo',
  TCAT: '/helper/printTradeDocument',
  POST: '/helper/printTradeDocument',
};

/** The signed form that opens ECPay's print page of one logistics order. */
export function printForm(
  base: string,
  account: EcpayAccount,
  o: { subType: ExpressSubType; logisticsId: string; cvsPaymentNo: string; cvsValidationNo: string },
) {
  const fields: Record<string, string> = { MerchantID: account.merchantId, AllPayLogisticsID: o.logisticsId };
  if (!isHome(o.subType)) fields.CVSPaymentNo = o.cvsPaymentNo;
  if (o.subType === 'UNIMARTC2C') fields.CVSValidationNo = o.cvsValidationNo;
  return { action: `${base}${PRINT_PATHS[o.subType]}`, fields: sign(fields, account, 'md5') };
}
