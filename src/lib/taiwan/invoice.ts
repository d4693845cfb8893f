/**
 * E-invoice (電子發票) choices at checkout and the rules that decide whether one is complete, shared
 * by the checkout form and the server. Validators return error codes keyed by field; each code is an
 * i18n message key (`invoice.error.*` in `lib/i18n/messages/invoice.ts`).
 */

/** Member (platform) carrier, mobile barcode, citizen certificate, donation, or a company invoice. */
export const INVOICE_KINDS = ['member', 'mobile', 'citizen', 'donation', 'company'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** Mobile barcode carrier: `/` and seven of 0-9, A-Z, `.`, `+`, `-` (no comma). */
export const MOBILE_BARCODE_RE = /^\/[0-9A-Z.+-]{7}$/;
/** Citizen digital certificate carrier: two capital letters and fourteen digits. */
export const CITIZEN_CERT_RE = /^[A-Z]{2}[0-9]{14}$/;
/** Donation code (捐贈碼): three to seven digits. */
export const DONATION_CODE_RE = /^[0-9]{3,7}$/;
/** Company names are printed on the invoice; ECPay's CustomerName takes at most 60 characters. */
export const COMPANY_NAME_MAX = 60;

const TAX_ID_WEIGHTS = [1, 2, 1, 2, 1, 2, 4, 1] as const;

/**
 * Whether `taxId` is a valid business tax ID (統一編號): eight digits whose weighted digit sum is a
 * multiple of 5 (the rule since 2023); when the seventh digit is 7, a sum one short also passes.
 */
export function isTaxId(taxId: string): boolean {
  if (!/^[0-9]{8}$/.test(taxId) || taxId === '00000000') return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const product = Number(taxId[i]) * TAX_ID_WEIGHTS[i]!;
    sum += Math.floor(product / 10) + (product % 10);
  }
  return sum % 5 === 0 || (taxId[6] === '7' && (sum + 1) % 5 === 0);
}

export const isMobileBarcode = (v: string): boolean => MOBILE_BARCODE_RE.test(v);
export const isCitizenCert = (v: string): boolean => CITIZEN_CERT_RE.test(v);
export const isDonationCode = (v: string): boolean => DONATION_CODE_RE.test(v);

/** The invoice fields of a checkout form, as typed (any may be missing or blank). */
export interface InvoiceInput {
  kind?: string;
  mobileBarcode?: string;
  citizenCert?: string;
  donationCode?: string;
  taxId?: string;
  companyName?: string;
  /** A printed paper invoice was asked for. */
  print?: boolean;
}

/** A complete, valid choice. A company invoice is printed; nothing else is. */
export type InvoiceChoice =
  | { kind: 'member' }
  | { kind: 'mobile'; mobileBarcode: string }
  | { kind: 'citizen'; citizenCert: string }
  | { kind: 'donation'; donationCode: string }
  | { kind: 'company'; taxId: string; companyName: string };

export type InvoiceField = keyof InvoiceInput;

export const INVOICE_ERRORS = [
  'invoice.error.kind',
  'invoice.error.mobileBarcode',
  'invoice.error.citizenCert',
  'invoice.error.donationCode',
  'invoice.error.taxId',
  'invoice.error.companyName',
  'invoice.error.taxIdNotAllowed',
  'invoice.error.donationNotAllowed',
  'invoice.error.carrierNotAllowed',
  'invoice.error.printNotAllowed',
] as const;
export type InvoiceError = (typeof INVOICE_ERRORS)[number];

export type InvoiceResult =
  | { ok: true; value: InvoiceChoice }
  | { ok: false; errors: Partial<Record<InvoiceField, InvoiceError>> };

/** Trims, folds full-width characters and upper-cases (carrier codes are written in capitals). */
const clean = (v: string | undefined): string => (v ?? '').normalize('NFKC').trim();
const code = (v: string | undefined): string => clean(v).toUpperCase();

/**
 * Checks an invoice choice: the fields its kind needs, and the cross-field rules (a tax ID means a
 * printed company invoice with no donation and no carrier; a donation is never printed).
 */
export function validateInvoice(input: InvoiceInput): InvoiceResult {
  const errors: Partial<Record<InvoiceField, InvoiceError>> = {};
  const kind = INVOICE_KINDS.find((k) => k === input.kind);
  const v = {
    mobileBarcode: code(input.mobileBarcode),
    citizenCert: code(input.citizenCert),
    donationCode: clean(input.donationCode),
    taxId: clean(input.taxId),
    companyName: clean(input.companyName).replace(/\s+/g, ' '),
  };
  if (!kind) return { ok: false, errors: { kind: 'invoice.error.kind' } };

  // Fields that belong to another kind must be empty: a stale value would change the invoice.
  if (kind !== 'company' && v.taxId) errors.taxId = 'invoice.error.taxIdNotAllowed';
  if (kind !== 'donation' && v.donationCode) errors.donationCode = 'invoice.error.donationNotAllowed';
  if (kind !== 'mobile' && v.mobileBarcode) errors.mobileBarcode = 'invoice.error.carrierNotAllowed';
  if (kind !== 'citizen' && v.citizenCert) errors.citizenCert = 'invoice.error.carrierNotAllowed';
  if (kind !== 'company' && input.print) errors.print = 'invoice.error.printNotAllowed';

  let value: InvoiceChoice | undefined;
  switch (kind) {
    case 'member':
      value = { kind };
      break;
    case 'mobile':
      if (isMobileBarcode(v.mobileBarcode)) value = { kind, mobileBarcode: v.mobileBarcode };
      else errors.mobileBarcode = 'invoice.error.mobileBarcode';
      break;
    case 'citizen':
      if (isCitizenCert(v.citizenCert)) value = { kind, citizenCert: v.citizenCert };
      else errors.citizenCert = 'invoice.error.citizenCert';
      break;
    case 'donation':
      if (isDonationCode(v.donationCode)) value = { kind, donationCode: v.donationCode };
      else errors.donationCode = 'invoice.error.donationCode';
      break;
    case 'company': {
      if (!isTaxId(v.taxId)) errors.taxId = 'invoice.error.taxId';
      const nameOk = v.companyName.length > 0 && [...v.companyName].length <= COMPANY_NAME_MAX;
      if (!nameOk) errors.companyName = 'invoice.error.companyName';
      if (!errors.taxId && nameOk) value = { kind, taxId: v.taxId, companyName: v.companyName };
      break;
    }
  }
  if (value && Object.keys(errors).length === 0) return { ok: true, value };
  return { ok: false, errors };
}
