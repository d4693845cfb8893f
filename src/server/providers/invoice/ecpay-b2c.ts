import { z } from 'zod';
import { INVOICE_TIMEOUT_MS } from '../../../config.ts';
import type { EcpayAccount } from '../ecpay/config.ts';
import { ecpayDateTime, fitText, parseEcpayDateTime } from '../ecpay/fields.ts';
import { decryptData, encryptData } from './ecpay-crypto.ts';
import { issueData } from './ecpay-data.ts';
import {
  type FoundInvoice,
  INVOICE_ERRORS,
  INVOICE_NO_RE,
  type InvoiceProvider,
  InvoiceProviderError,
  type InvoiceRequest,
  type IssuedInvoice,
  RANDOM_NUMBER_RE,
} from './invoice.ts';

const envelope = z.object({ TransCode: z.number(), TransMsg: z.string(), Data: z.string().nullish() });
const result = z.looseObject({ RtnCode: z.number(), RtnMsg: z.string() });
/** RtnCode and RtnMsg of a decrypted answer. */
export type B2cResult = z.infer<typeof result>;
const issued = result.extend({
  InvoiceNo: z.string().regex(INVOICE_NO_RE),
  InvoiceDate: z.string(),
  RandomNumber: z.string().regex(RANDOM_NUMBER_RE),
});
/** GetIssue's answer names its fields after ECPay's invoice table (IIS_*). */
const found = result.extend({
  IIS_Number: z.string().regex(INVOICE_NO_RE),
  IIS_Create_Date: z.string(),
  IIS_Random_Number: z.string().regex(RANDOM_NUMBER_RE),
  IIS_Invalid_Status: z.string(),
});

/** RqHeader.Revision of ECPay's B2C e-invoice API; ECPay refuses a request without it. */
export const B2C_REVISION = '3.0.0';
/** How Invalid's refusal reads when an allowance stands on the invoice (void the allowance first). */
const HAS_ALLOWANCE_RE = /已開立折讓|先作廢折讓/;
/** How Invalid's refusal reads when the period is closed (the invoice needs an allowance instead). */
const PERIOD_CLOSED_RE = /作廢期限|折讓/;

/** ECPay writes dates as `yyyy-MM-dd HH:mm:ss` (Taiwan time), at times with `+` for the space. */
export const parseInvoiceDate = (text: string) => parseEcpayDateTime(text.replaceAll('-', '/').replace(/\+/g, ' '));

/** ECPay writes invoice dates as `yyyy-MM-dd HH:mm:ss` (Taiwan time). */
export const invoiceDate = (ms: number) => ecpayDateTime(ms).slice(0, 10).replaceAll('/', '-');

export interface EcpayInvoiceOptions {
  account: EcpayAccount;
  /** `https://einvoice(-stage).ecpay.com.tw/B2CInvoice`, or the simulator's URL (see ecpayEndpoints). */
  baseUrl: string;
  now?: () => number;
  /** Default INVOICE_TIMEOUT_MS. */
  timeoutMs?: number;
}

/**
 * One call of ECPay's B2C e-invoice API at `path`: the JSON envelope with `data` AES-encrypted, the
 * answer's Data decrypted. Throws InvoiceProviderError unless its RtnCode is 1 (or `refusal` takes the refusal).
 */
export async function b2cCall(
  opts: EcpayInvoiceOptions,
  path: string,
  data: object,
  refusal?: (rtn: B2cResult) => unknown,
): Promise<unknown> {
  const now = opts.now ?? Date.now;
  const { account } = opts;
  const body = {
    MerchantID: account.merchantId,
    RqHeader: { Timestamp: Math.floor(now() / 1000), Revision: B2C_REVISION },
    Data: encryptData(data, account),
  };
  let json: unknown;
  try {
    const res = await fetch(`${opts.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? INVOICE_TIMEOUT_MS),
    });
    if (res.status === 403)
      throw new InvoiceProviderError(
        INVOICE_ERRORS.rateLimited,
        'ECPay refused the call as too frequent (HTTP 403); it answers again after a pause.',
      );
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    json = await res.json();
  } catch (cause) {
    if (cause instanceof InvoiceProviderError) throw cause;
    throw new InvoiceProviderError(INVOICE_ERRORS.unreachable, 'The e-invoice service did not answer.', cause);
  }
  const env = envelope.safeParse(json);
  if (!env.success) throw new InvoiceProviderError('BAD_REPLY', 'The e-invoice reply is malformed.', env.error);
  if (env.data.TransCode !== 1 || !env.data.Data)
    throw new InvoiceProviderError(`TRANS_${env.data.TransCode}`, env.data.TransMsg);
  let inner: unknown;
  try {
    inner = decryptData(env.data.Data, account);
  } catch (cause) {
    throw new InvoiceProviderError('BAD_REPLY', 'The e-invoice reply does not decrypt.', cause);
  }
  const r = result.safeParse(inner);
  if (!r.success) throw new InvoiceProviderError('BAD_REPLY', 'The e-invoice reply is malformed.', r.error);
  if (r.data.RtnCode !== 1) {
    if (refusal) return refusal(r.data);
    throw new InvoiceProviderError(String(r.data.RtnCode), r.data.RtnMsg);
  }
  return inner;
}

/** The ECPay B2C e-invoice adapter: JSON envelopes with AES-encrypted Data; Issue, GetIssue and Invalid. */
export function ecpayInvoice(opts: EcpayInvoiceOptions): InvoiceProvider {
  const { account } = opts;
  const call = (path: string, data: object, refusal?: (rtn: B2cResult) => unknown) =>
    b2cCall(opts, path, data, refusal);

  return {
    name: 'ecpay',
    async issue(request: InvoiceRequest): Promise<IssuedInvoice> {
      const sum = request.items.reduce((s, i) => s + i.unitPrice * i.quantity, 0);
      if (sum !== request.total) throw new InvoiceProviderError('AMOUNT', 'The items do not add up to the total.');
      const reply = issued.safeParse(await call('/Issue', issueData(request, account.merchantId)));
      if (!reply.success) throw new InvoiceProviderError('BAD_REPLY', 'The issued invoice is malformed.', reply.error);
      const issuedAt = parseInvoiceDate(reply.data.InvoiceDate);
      if (Number.isNaN(issuedAt)) throw new InvoiceProviderError('BAD_REPLY', 'The invoice date is malformed.');
      return { invoiceNo: reply.data.InvoiceNo, randomNumber: reply.data.RandomNumber, issuedAt };
    },
    async getIssue(relateNumber): Promise<FoundInvoice | null> {
      // A refusal means ECPay holds no invoice under this RelateNumber.
      const inner = await call('/GetIssue', { MerchantID: account.merchantId, RelateNumber: relateNumber }, () => null);
      if (inner === null) return null;
      const reply = found.safeParse(inner);
      if (!reply.success) throw new InvoiceProviderError('BAD_REPLY', 'The found invoice is malformed.', reply.error);
      const issuedAt = parseInvoiceDate(reply.data.IIS_Create_Date);
      if (Number.isNaN(issuedAt)) throw new InvoiceProviderError('BAD_REPLY', 'The invoice date is malformed.');
      return {
        invoiceNo: reply.data.IIS_Number,
        randomNumber: reply.data.IIS_Random_Number,
        issuedAt,
        voided: reply.data.IIS_Invalid_Status === '1',
      };
    },
    async void(invoice, reason) {
      const data = {
        MerchantID: account.merchantId,
        InvoiceNo: invoice.invoiceNo,
        InvoiceDate: invoiceDate(invoice.issuedAt),
        Reason: fitText(reason, 20),
      };
      await call('/Invalid', data, (rtn) => {
        const code = HAS_ALLOWANCE_RE.test(rtn.RtnMsg)
          ? INVOICE_ERRORS.hasAllowance
          : PERIOD_CLOSED_RE.test(rtn.RtnMsg)
            ? INVOICE_ERRORS.periodClosed
            : String(rtn.RtnCode);
        throw new InvoiceProviderError(code, rtn.RtnMsg);
      });
    },
  };
}
