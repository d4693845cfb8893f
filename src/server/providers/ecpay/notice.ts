import { z } from 'zod';
import { verifyCheckMac } from './check-mac.ts';
import type { EcpayAccount } from './config.ts';
import { MERCHANT_TRADE_NO_RE, parseEcpayDateTime } from './fields.ts';

/** Why a notice was refused; the route answers it without changing anything. */
export type NoticeFault = 'fields' | 'merchant' | 'signature';

export class EcpayNoticeError extends Error {
  readonly fault: NoticeFault;
  constructor(fault: NoticeFault, message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'EcpayNoticeError';
    this.fault = fault;
  }
}

/** RtnCode of a payment-info notice when the ATM account or store code was issued. */
export const INFO_ISSUED = { ATM: 2, CVS: 10_100_073 } as const;

const int = z
  .string()
  .regex(/^-?\d+$/)
  .transform(Number);
const date = z
  .string()
  .transform(parseEcpayDateTime)
  .refine((ms) => !Number.isNaN(ms));
const optionalDate = z
  .string()
  .optional()
  .transform((s) => (s ? parseEcpayDateTime(s) : null))
  .refine((ms) => ms === null || !Number.isNaN(ms));

// Loose objects on purpose: ECPay adds fields over time, and every field it sends is covered by the
// CheckMacValue checked before parsing.
const common = z.looseObject({
  MerchantID: z.string(),
  MerchantTradeNo: z.string().regex(MERCHANT_TRADE_NO_RE),
  RtnCode: int,
  RtnMsg: z.string(),
  TradeNo: z.string().max(20),
  TradeAmt: int.refine((n) => n >= 0),
  PaymentType: z.string(),
  TradeDate: date,
  CustomField1: z.string().optional(),
});
const paymentSchema = common.extend({
  PaymentDate: optionalDate,
  PaymentTypeChargeFee: z
    .string()
    .optional()
    .transform((s) => (s ? Number(s) : 0)),
  SimulatePaid: z.enum(['0', '1']).optional(),
});
const infoSchema = common.extend({
  ExpireDate: date,
  BankCode: z.string().optional(),
  vAccount: z.string().optional(),
  PaymentNo: z.string().optional(),
});

export interface PaymentNotice {
  merchantTradeNo: string;
  tradeNo: string;
  /** RtnCode 1 and not ECPay's "simulate paid" test button: the only state that means money arrived. */
  paid: boolean;
  simulated: boolean;
  rtnCode: number;
  rtnMsg: string;
  amount: number;
  paymentType: string;
  paymentDate: number | null;
  tradeDate: number;
  chargeFee: number;
  customField1: string | undefined;
  /**
   * A card payment's authorisation (NeedExtraPaidInfo=Y): gwsr, the CreditRefundId of
   * CreditDetail/QueryTrade/V2, and stage, its instalments (0: paid at once). Null otherwise.
   */
  credit: { creditRefundId: number; installments: number } | null;
  /** The installment and bonus-point fields (all 0 when absent). */
  card: CardExtra;
}

/**
 * The installment and bonus-point fields of a notice or query answer sent with NeedExtraPaidInfo=Y
 * (developers.ecpay.com.tw 5675): stage (installments, 0: paid at once), stast (the first payment),
 * staed (each other payment), red_dan (bonus points used), red_de_amt (NT$ they took off).
 */
export interface CardExtra {
  installments: number;
  firstPayment: number;
  perPayment: number;
  redeemedPoints: number;
  redeemedAmount: number;
}

const whole = (text: string | undefined) => (/^\d{1,9}$/.test(text ?? '') ? Number(text) : 0);

/** The CardExtra of a notice's or query answer's fields. */
export const cardExtraOf = (fields: Record<string, string>): CardExtra => ({
  installments: whole(fields.stage),
  firstPayment: whole(fields.stast),
  perPayment: whole(fields.staed),
  redeemedPoints: whole(fields.red_dan),
  redeemedAmount: whole(fields.red_de_amt),
});

/** gwsr and stage of a notice or query answer sent with NeedExtraPaidInfo=Y, or null. */
export const creditOf = (fields: Record<string, string>) =>
  /^\d+$/.test(fields.gwsr ?? '')
    ? { creditRefundId: Number(fields.gwsr), installments: Number(fields.stage) || 0 }
    : null;

export interface PaymentInfoNotice {
  merchantTradeNo: string;
  tradeNo: string;
  /** The ATM account or store code was issued (RtnCode 2 or 10100073). */
  issued: boolean;
  rtnCode: number;
  rtnMsg: string;
  amount: number;
  paymentType: string;
  tradeDate: number;
  expiresAt: number;
  atm: { bankCode: string; account: string } | null;
  cvs: { paymentNo: string } | null;
  customField1: string | undefined;
}

/** Keeps text fields only: a form with files or repeated names is not from ECPay. */
export function formFields(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [k, v] of Object.entries(body)) {
    if (typeof v !== 'string') throw new EcpayNoticeError('fields', `Field ${k} is not text.`);
    out[k] = v;
  }
  return out;
}

function verified<S extends z.ZodType>(form: Record<string, string>, account: EcpayAccount, schema: S): z.output<S> {
  if (form.MerchantID !== account.merchantId)
    throw new EcpayNoticeError('merchant', 'The notice is for another merchant.');
  if (!verifyCheckMac(form, account, 'sha256'))
    throw new EcpayNoticeError('signature', 'The CheckMacValue does not match.');
  const parsed = schema.safeParse(form);
  if (!parsed.success) throw new EcpayNoticeError('fields', 'The notice has malformed fields.', parsed.error);
  return parsed.data;
}

/** Verifies and reads a ReturnURL (or OrderResultURL) notice; throws EcpayNoticeError when it must be refused. */
export function parsePaymentNotice(form: Record<string, string>, account: EcpayAccount): PaymentNotice {
  const n = verified(form, account, paymentSchema);
  const simulated = n.SimulatePaid === '1';
  return {
    merchantTradeNo: n.MerchantTradeNo,
    tradeNo: n.TradeNo,
    paid: n.RtnCode === 1 && !simulated,
    simulated,
    rtnCode: n.RtnCode,
    rtnMsg: n.RtnMsg,
    amount: n.TradeAmt,
    paymentType: n.PaymentType,
    paymentDate: n.PaymentDate,
    tradeDate: n.TradeDate,
    chargeFee: n.PaymentTypeChargeFee,
    customField1: n.CustomField1 || undefined,
    credit: creditOf(form),
    card: cardExtraOf(form),
  };
}

/** Verifies and reads a PaymentInfoURL notice (ATM account or store payment code). */
export function parsePaymentInfo(form: Record<string, string>, account: EcpayAccount): PaymentInfoNotice {
  const n = verified(form, account, infoSchema);
  const atm = n.BankCode && n.vAccount ? { bankCode: n.BankCode, account: n.vAccount } : null;
  const cvs = n.PaymentNo ? { paymentNo: n.PaymentNo } : null;
  return {
    merchantTradeNo: n.MerchantTradeNo,
    tradeNo: n.TradeNo,
    issued: (atm !== null && n.RtnCode === INFO_ISSUED.ATM) || (cvs !== null && n.RtnCode === INFO_ISSUED.CVS),
    rtnCode: n.RtnCode,
    rtnMsg: n.RtnMsg,
    amount: n.TradeAmt,
    paymentType: n.PaymentType,
    tradeDate: n.TradeDate,
    expiresAt: n.ExpireDate,
    atm,
    cvs,
    customField1: n.CustomField1 || undefined,
  };
}

/** The answer ECPay expects once the notice is committed; anything else makes it resend. */
export const NOTICE_ACK = '1|OK';
