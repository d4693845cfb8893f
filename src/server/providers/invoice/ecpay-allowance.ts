import { z } from 'zod';
import { type HashPair, verifyCheckMac } from '../ecpay/check-mac.ts';
import { fitText } from '../ecpay/fields.ts';
import { b2cCall, type EcpayInvoiceOptions, invoiceDate, parseInvoiceDate } from './ecpay-b2c.ts';
import { INVOICE_NO_RE, InvoiceProviderError } from './invoice.ts';

/**
 * E-invoice allowances (折讓) through ECPay's B2C API (developers.ecpay.com.tw 22065 "Issuing
 * general allowance", 22070 "AllowanceByCollegiate", 7928 "GetAllowanceList"; ECPay/SDK_PHP
 * example/Invoice/B2C Allowance.php, AllowanceByCollegiate.php, AllowanceInvalid.php): the same
 * JSON envelope with AES-encrypted Data as Issue (ecpay-b2c.ts b2cCall).
 */

/** An allowance number: ECPay's IA_Allow_No, up to 16 digits. */
export const ALLOW_NO_RE = /^\d{1,16}$/;

/** Who ECPay tells of the allowance: E mail, S text message, A both, N nobody. */
export type AllowanceNotify = 'E' | 'S' | 'A' | 'N';

export interface AllowanceRequest {
  invoice: { invoiceNo: string; issuedAt: number };
  /** Lines given back, tax included, whole NT$; their amounts add up to the allowance. */
  items: readonly { name: string; quantity: number; unitPrice: number; unit?: string }[];
  notify: { by: AllowanceNotify; email?: string; phone?: string };
  customerName?: string;
  reason?: string;
}

export interface IssuedAllowance {
  /** IA_Allow_No. */
  allowNo: string;
  invoiceNo: string;
  /** Epoch ms of IA_Date. */
  issuedAt: number;
  /** IA_Remain_Allowance_Amt: what the invoice can still be allowed. */
  remaining: number;
}

/** An allowance GetAllowanceList reports for an invoice. */
export interface FoundAllowance {
  allowNo: string;
  invoiceNo: string;
  issuedAt: number | null;
  amount: number;
  voided: boolean;
}

/** The invoice's period is closed, or another allowance took what remains: the refusal's codes. */
export const ALLOWANCE_ERRORS = {
  /** The allowance is more than the invoice has left (its amount less the allowances not voided). */
  overRemaining: 'OVER_REMAINING',
} as const;

const num = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);
const issued = z.looseObject({
  IA_Allow_No: z.string().regex(ALLOW_NO_RE),
  IA_Invoice_No: z.string().regex(INVOICE_NO_RE),
  IA_Date: z.string(),
  IA_Remain_Allowance_Amt: num,
});
const listed = z.looseObject({
  AllowanceInfo: z
    .array(
      z.looseObject({
        IA_Allow_No: z.string().regex(ALLOW_NO_RE),
        IA_Invoice_No: z.string(),
        IA_Date: z.string().default(''),
        IA_Total_Amount: num,
        IA_Invalid_Status: z.string().default('0'),
      }),
    )
    .default([]),
});
/** How Allowance's refusal reads when the amount is above what remains. */
const OVER_REMAINING_RE = /剩餘|可折讓金額/;

function dataOf(req: AllowanceRequest, merchantId: string) {
  const amount = req.items.reduce((s, i) => s + i.unitPrice * i.quantity, 0);
  if (!Number.isInteger(amount) || amount <= 0)
    throw new InvoiceProviderError('AMOUNT', 'An allowance is a positive whole amount.');
  return {
    MerchantID: merchantId,
    InvoiceNo: req.invoice.invoiceNo,
    InvoiceDate: invoiceDate(req.invoice.issuedAt),
    AllowanceNotify: req.notify.by,
    CustomerName: fitText(req.customerName ?? '', 60),
    NotifyMail: req.notify.email ?? '',
    NotifyPhone: req.notify.phone ?? '',
    AllowanceAmount: amount,
    Reason: fitText(req.reason ?? '', 70),
    Items: req.items.map((item, i) => ({
      ItemSeq: i + 1,
      ItemName: fitText(item.name, 100),
      ItemCount: item.quantity,
      ItemWord: item.unit ?? '件',
      ItemPrice: item.unitPrice,
      ItemTaxType: '1',
      ItemAmount: item.unitPrice * item.quantity,
    })),
  };
}

const refusalOf = (rtn: { RtnCode: number; RtnMsg: string }) => {
  const code = OVER_REMAINING_RE.test(rtn.RtnMsg) ? ALLOWANCE_ERRORS.overRemaining : String(rtn.RtnCode);
  throw new InvoiceProviderError(code, rtn.RtnMsg);
};

/**
 * `/B2CInvoice/Allowance`: an allowance the shopper agreed to outside ECPay. Data: MerchantID,
 * InvoiceNo, InvoiceDate, AllowanceNotify, CustomerName, NotifyMail, NotifyPhone, AllowanceAmount,
 * Reason and Items (ItemSeq, ItemName, ItemCount, ItemWord, ItemPrice, ItemTaxType, ItemAmount);
 * answers IA_Allow_No, IA_Invoice_No, IA_Date and IA_Remain_Allowance_Amt. Throws
 * InvoiceProviderError: OVER_REMAINING when the invoice has less left, UNREACHABLE when unclear
 * (look it up with listAllowances before issuing again).
 */
export async function issueAllowance(opts: EcpayInvoiceOptions, req: AllowanceRequest): Promise<IssuedAllowance> {
  const reply = issued.safeParse(await b2cCall(opts, '/Allowance', dataOf(req, opts.account.merchantId), refusalOf));
  if (!reply.success) throw new InvoiceProviderError('BAD_REPLY', 'The allowance answer is malformed.', reply.error);
  const at = parseInvoiceDate(reply.data.IA_Date);
  if (Number.isNaN(at)) throw new InvoiceProviderError('BAD_REPLY', 'The allowance date is malformed.');
  return {
    allowNo: reply.data.IA_Allow_No,
    invoiceNo: reply.data.IA_Invoice_No,
    issuedAt: at,
    remaining: reply.data.IA_Remain_Allowance_Amt,
  };
}

/**
 * `/B2CInvoice/AllowanceByCollegiate`: the same Data as Allowance plus ReturnURL; ECPay mails the
 * buyer, and the allowance is issued when the buyer agrees (within 72 hours), reported by a form POST
 * to ReturnURL signed with an MD5 CheckMacValue (parseCollegiateNotice). Resolves once ECPay has
 * taken the request; throws as issueAllowance.
 */
export async function requestAllowanceByCollegiate(
  opts: EcpayInvoiceOptions,
  req: AllowanceRequest,
  returnUrl: string,
): Promise<void> {
  const data = { ...dataOf(req, opts.account.merchantId), ReturnURL: returnUrl };
  await b2cCall(opts, '/AllowanceByCollegiate', data, refusalOf);
}

/**
 * `/B2CInvoice/AllowanceInvalid`: voids an allowance (Data: MerchantID, InvoiceNo, AllowanceNo,
 * Reason); what it allowed returns to the invoice. Throws InvoiceProviderError with ECPay's RtnCode.
 */
export async function voidAllowance(
  opts: EcpayInvoiceOptions,
  allowance: { invoiceNo: string; allowNo: string },
  reason: string,
): Promise<void> {
  await b2cCall(opts, '/AllowanceInvalid', {
    MerchantID: opts.account.merchantId,
    InvoiceNo: allowance.invoiceNo,
    AllowanceNo: allowance.allowNo,
    Reason: fitText(reason, 20),
  });
}

/**
 * `/B2CInvoice/GetAllowanceList` by invoice (Data: MerchantID, SearchType 1, InvoiceNo, Date = the
 * invoice's date): the allowances issued on it, voided or not (AllowanceInfo: IA_Allow_No,
 * IA_Invoice_No, IA_Date, IA_Total_Amount, IA_Invalid_Status); empty when there are none. What to
 * ask before issuing again after an unclear Allowance.
 */
export async function listAllowances(
  opts: EcpayInvoiceOptions,
  invoice: { invoiceNo: string; issuedAt: number },
): Promise<FoundAllowance[]> {
  const data = {
    MerchantID: opts.account.merchantId,
    SearchType: '1',
    InvoiceNo: invoice.invoiceNo,
    Date: invoiceDate(invoice.issuedAt),
  };
  // A refusal means ECPay holds no allowance on the invoice.
  const inner = await b2cCall(opts, '/GetAllowanceList', data, () => ({ AllowanceInfo: [] }));
  const reply = listed.safeParse(inner);
  if (!reply.success) throw new InvoiceProviderError('BAD_REPLY', 'The allowance list is malformed.', reply.error);
  return reply.data.AllowanceInfo.map((a) => {
    const at = parseInvoiceDate(a.IA_Date);
    return {
      allowNo: a.IA_Allow_No,
      invoiceNo: a.IA_Invoice_No,
      issuedAt: Number.isNaN(at) ? null : at,
      amount: a.IA_Total_Amount,
      voided: a.IA_Invalid_Status === '1',
    };
  });
}

/** The buyer's agreement to an AllowanceByCollegiate allowance, as ECPay posts it to ReturnURL. */
export interface CollegiateNotice {
  issued: boolean;
  rtnMsg: string;
  allowNo: string;
  invoiceNo: string;
  issuedAt: number | null;
  remaining: number;
}

/**
 * Reads AllowanceByCollegiate's ReturnURL form (RtnCode, RtnMsg, IA_Allow_No, IA_Invoice_No,
 * IA_Date, IIS_Remain_Allowance_Amt) after checking its MD5 CheckMacValue with the invoice
 * account's keys (the one B2C e-invoice answer that is signed rather than encrypted). Answer it
 * `1|OK`. Throws InvoiceProviderError BAD_SIGNATURE or BAD_REPLY.
 */
export function parseCollegiateNotice(form: Record<string, string>, account: HashPair): CollegiateNotice {
  if (!form.CheckMacValue || !verifyCheckMac(form, account, 'md5'))
    throw new InvoiceProviderError('BAD_SIGNATURE', 'The allowance notice is not signed by ECPay.');
  if (!ALLOW_NO_RE.test(form.IA_Allow_No ?? '') || !INVOICE_NO_RE.test(form.IA_Invoice_No ?? ''))
    throw new InvoiceProviderError('BAD_REPLY', 'The allowance notice lacks IA_Allow_No or IA_Invoice_No.');
  const at = parseInvoiceDate(form.IA_Date ?? '');
  return {
    issued: form.RtnCode === '1',
    rtnMsg: form.RtnMsg ?? '',
    allowNo: form.IA_Allow_No!,
    invoiceNo: form.IA_Invoice_No!,
    issuedAt: Number.isNaN(at) ? null : at,
    remaining: Number(form.IIS_Remain_Allowance_Amt) || 0,
  };
}
