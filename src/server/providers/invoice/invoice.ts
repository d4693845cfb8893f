import type { InvoiceChoice } from '../../../lib/taiwan/invoice.ts';

/** A B2C e-invoice to issue for an order. Amounts are whole NT$, tax included. */
export interface InvoiceRequest {
  /** The shop's own reference, unique per invoice (the order number); issuing twice returns the same invoice. */
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

/** Issues and voids e-invoices; the ECPay B2C adapter talks to ECPay or to the local simulator. */
export interface InvoiceProvider {
  readonly name: string;
  issue(request: InvoiceRequest): Promise<IssuedInvoice>;
  void(invoice: { invoiceNo: string; issuedAt: number }, reason: string): Promise<void>;
}

/** Invoice numbers: two capital letters (the period's track) and eight digits. */
export const INVOICE_NO_RE = /^[A-Z]{2}\d{8}$/;
/** The 4-digit random code printed on the invoice. */
export const RANDOM_NUMBER_RE = /^\d{4}$/;
