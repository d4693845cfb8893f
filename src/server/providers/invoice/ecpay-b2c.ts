import { z } from 'zod';
import type { EcpayAccount } from '../ecpay/config.ts';
import { ecpayDateTime, fitText, parseEcpayDateTime } from '../ecpay/fields.ts';
import { decryptData, encryptData } from './ecpay-crypto.ts';
import { issueData } from './ecpay-data.ts';
import {
  INVOICE_NO_RE,
  type InvoiceProvider,
  InvoiceProviderError,
  type InvoiceRequest,
  type IssuedInvoice,
  RANDOM_NUMBER_RE,
} from './invoice.ts';

const envelope = z.object({ TransCode: z.number(), TransMsg: z.string(), Data: z.string().nullish() });
const result = z.looseObject({ RtnCode: z.number(), RtnMsg: z.string() });
const issued = result.extend({
  InvoiceNo: z.string().regex(INVOICE_NO_RE),
  InvoiceDate: z.string(),
  RandomNumber: z.string().regex(RANDOM_NUMBER_RE),
});

/** ECPay writes invoice dates as `yyyy-MM-dd HH:mm:ss` (Taiwan time). */
const invoiceDate = (ms: number) => ecpayDateTime(ms).slice(0, 10).replaceAll('/', '-');

export interface EcpayInvoiceOptions {
  account: EcpayAccount;
  /** `https://einvoice(-stage).ecpay.com.tw/B2CInvoice`, or the simulator's URL (see ecpayEndpoints). */
  baseUrl: string;
  now?: () => number;
  timeoutMs?: number;
}

/** The ECPay B2C e-invoice adapter: JSON envelopes with AES-encrypted Data, Issue and Invalid (void). */
export function ecpayInvoice(opts: EcpayInvoiceOptions): InvoiceProvider {
  const now = opts.now ?? Date.now;
  const { account } = opts;

  async function call(path: string, data: object) {
    const body = {
      MerchantID: account.merchantId,
      RqHeader: { Timestamp: Math.floor(now() / 1000) },
      Data: encryptData(data, account),
    };
    let json: unknown;
    try {
      const res = await fetch(`${opts.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      json = await res.json();
    } catch (cause) {
      throw new InvoiceProviderError('UNREACHABLE', 'The e-invoice service did not answer.', cause);
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
    if (r.data.RtnCode !== 1) throw new InvoiceProviderError(String(r.data.RtnCode), r.data.RtnMsg);
    return inner;
  }

  return {
    name: 'ecpay',
    async issue(request: InvoiceRequest): Promise<IssuedInvoice> {
      const sum = request.items.reduce((s, i) => s + i.unitPrice * i.quantity, 0);
      if (sum !== request.total) throw new InvoiceProviderError('AMOUNT', 'The items do not add up to the total.');
      const reply = issued.safeParse(await call('/Issue', issueData(request, account.merchantId)));
      if (!reply.success) throw new InvoiceProviderError('BAD_REPLY', 'The issued invoice is malformed.', reply.error);
      const issuedAt = parseEcpayDateTime(reply.data.InvoiceDate.replaceAll('-', '/').replace(/\+/g, ' '));
      if (Number.isNaN(issuedAt)) throw new InvoiceProviderError('BAD_REPLY', 'The invoice date is malformed.');
      return { invoiceNo: reply.data.InvoiceNo, randomNumber: reply.data.RandomNumber, issuedAt };
    },
    async void(invoice, reason) {
      await call('/Invalid', {
        MerchantID: account.merchantId,
        InvoiceNo: invoice.invoiceNo,
        InvoiceDate: invoiceDate(invoice.issuedAt),
        Reason: fitText(reason, 20),
      });
    },
  };
}
