import type { InvoiceChoice } from '../../../lib/taiwan/invoice.ts';

/** A B2C e-invoice to issue for an order. Amounts are whole NT$, tax included. */
export interface InvoiceRequest {
  /** The shop's own reference, unique per invoice (the order number); ECPay refuses a second Issue with it. */
  relateNumber: string;
  choice: InvoiceChoice;
  buyer: { name: string; email?: string; phone?: string; address?: string };
  items: readonly { name: string; quantity: number; unitPrice: number; unit?: string }[];
  total: number;
}

/** What the tax authority's platform assigned: number (two letters, eight digits), random code, date. */
export interface IssuedInvoice {
  invoiceNo: string;
  randomNumber: string;
  /** Epoch ms. */
  issuedAt: number;
}

export class InvoiceProviderError extends Error {
  readonly code: string;
  constructor(code: string, message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'InvoiceProviderError';
    this.code = code;
  }
}

/** An invoice as the provider holds it, found by its RelateNumber. */
export interface FoundInvoice extends IssuedInvoice {
  voided: boolean;
}

/** Error codes of InvoiceProviderError that callers act on (others carry the provider's RtnCode). */
export const INVOICE_ERRORS = {
  /** No answer, or none in time: the call may or may not have taken effect. */
  unreachable: 'UNREACHABLE',
  /** HTTP 403: too many calls; ECPay lets the merchant wait before it answers again. */
  rateLimited: 'RATE_LIMITED',
  /** The invoice's tax period is closed: it cannot be voided, only undone by an allowance. */
  periodClosed: 'PERIOD_CLOSED',
  /** An allowance stands on the invoice: ECPay voids it only once every allowance is voided. */
  hasAllowance: 'HAS_ALLOWANCE',
} as const;

/** Issues, finds and voids e-invoices; the ECPay B2C adapter talks to ECPay or to the local simulator. */
export interface InvoiceProvider {
  readonly name: string;
  issue(request: InvoiceRequest): Promise<IssuedInvoice>;
  /** The invoice issued under `relateNumber`, voided or not; null when the provider has none. */
  getIssue(relateNumber: string): Promise<FoundInvoice | null>;
  void(invoice: { invoiceNo: string; issuedAt: number }, reason: string): Promise<void>;
}

/** Invoice numbers: two capital letters (the period's track) and eight digits. */
export const INVOICE_NO_RE = /^[A-Z]{2}\d{8}$/;
/** The 4-digit random code printed on the invoice. */
export const RANDOM_NUMBER_RE = /^\d{4}$/;
