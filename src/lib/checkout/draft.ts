import { regexes } from 'zod/v4/core';
import { CHECKOUT_NOTE_MAX } from '../../config.ts';
import type {
  CvsBrand,
  InvoiceChoice,
  InvoiceType,
  OrderBody,
  PaymentMethodCode,
  QuoteBody,
  ShippingMethodCode,
} from '../api/order-types.ts';
import type { MessageKey } from '../i18n/messages/index.ts';
import { type InvoiceInput, receiverNameError, toMobile, validateInvoice } from '../taiwan/index.ts';

export const SHIPPING_METHODS = ['home', 'cvs', 'shop'] as const satisfies readonly ShippingMethodCode[];
export const PAYMENT_METHODS = [
  'credit',
  'apple_pay',
  'twqr',
  'atm',
  'cvs_code',
  'cod',
  'pickup_pay',
] as const satisfies readonly PaymentMethodCode[];
export const INVOICE_TYPES = [
  'member',
  'mobile',
  'certificate',
  'donation',
  'company',
] as const satisfies readonly InvoiceType[];
/** The installment counts a draft may hold (ECPay's CreditInstallment periods). */
const INSTALLMENT_CHOICES = ['3', '6', '12', '18', '24'] as const;
export const CVS_BRANDS = ['UNIMART', 'FAMI', 'HILIFE', 'OKMART'] as const satisfies readonly CvsBrand[];

/** What the shopper has typed and chosen on the checkout page (kept in the tab across the map round trip). */
export interface CheckoutDraft {
  name: string;
  phone: string;
  email: string;
  method: ShippingMethodCode | '';
  city: string;
  area: string;
  zipcode: string;
  addr: string;
  payment: PaymentMethodCode | '';
  /** Card installments chosen ('3', '6', …); '' pays at once. */
  installments: string;
  invoiceType: InvoiceType;
  carrier: string;
  code: string;
  taxId: string;
  title: string;
  note: string;
  /** The promotion code the shopper applied (on the cart or here); empty for none. */
  coupon: string;
}

/**
 * How a stored draft is read back: a text field keeps its string up to its length (anything else
 * reads as empty), a choice keeps one of its values (anything else reads as its default). Written
 * out rather than as a schema so that the checkout page loads no schema library.
 */
const TEXT_MAX: Record<Exclude<keyof CheckoutDraft, 'method' | 'payment' | 'installments' | 'invoiceType'>, number> = {
  name: 100,
  phone: 30,
  email: 200,
  city: 10,
  area: 10,
  zipcode: 6,
  addr: 200,
  carrier: 30,
  code: 10,
  taxId: 10,
  title: 100,
  note: CHECKOUT_NOTE_MAX * 2,
  coupon: 32,
};

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T | ''): T | '' =>
  (values as readonly unknown[]).includes(value) ? (value as T) : fallback;

function readDraft(value: Record<string, unknown>): CheckoutDraft {
  const text = Object.fromEntries(
    Object.entries(TEXT_MAX).map(([k, max]) => {
      const v = value[k];
      return [k, typeof v === 'string' && v.length <= max ? v : ''];
    }),
  ) as Record<keyof typeof TEXT_MAX, string>;
  return {
    ...text,
    method: oneOf(SHIPPING_METHODS, value.method, ''),
    payment: oneOf(PAYMENT_METHODS, value.payment, ''),
    installments: oneOf(INSTALLMENT_CHOICES, value.installments, ''),
    invoiceType: (oneOf(INVOICE_TYPES, value.invoiceType, 'member') || 'member') as InvoiceType,
  };
}

export const EMPTY_DRAFT: CheckoutDraft = readDraft({});

/** Reads a stored draft; anything unreadable gives the empty draft. */
export function parseDraft(raw: string | null | undefined): CheckoutDraft {
  try {
    const value: unknown = raw ? JSON.parse(raw) : {};
    return readDraft(value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
  } catch {
    return { ...EMPTY_DRAFT };
  }
}

/**
 * The fields of the page, in the order they appear; an error is keyed by the field's path on the
 * wire (as the server names it, keys in camelCase), so that server errors land at the same place.
 */
export const FIELD_ORDER = [
  'receiver.name',
  'receiver.phone',
  'phone.code',
  'receiver.email',
  'shipping.method',
  'shipping.city',
  'shipping.area',
  'shipping.addr',
  'shipping.store',
  'payment',
  'installments',
  'invoice.type',
  'invoice.carrier',
  'invoice.code',
  'invoice.taxId',
  'invoice.title',
  'note',
  'coupon',
] as const;
export type CheckoutField = (typeof FIELD_ORDER)[number];

/** The element id of a field's control (its error paragraph is `<id>-error`). */
export const fieldId = (field: string): string => `co-${field.replace(/\./g, '-')}`;

/** Server paths that belong to another control of the page. */
const FIELD_ALIASES: Record<string, CheckoutField> = {
  'shipping.zipcode': 'shipping.area',
  shipping: 'shipping.method',
  'shipping.storeId': 'shipping.store',
  'receiver.mobile': 'receiver.phone',
  invoice: 'invoice.type',
};

/** The page's field for a server error path, or null when none shows it. */
export function fieldOf(path: string): CheckoutField | null {
  const field = FIELD_ALIASES[path] ?? path;
  return (FIELD_ORDER as readonly string[]).includes(field) ? (field as CheckoutField) : null;
}

/** The first field (in page order) among `errors`. */
export function firstField(errors: Partial<Record<string, unknown>>): CheckoutField | undefined {
  return FIELD_ORDER.find((f) => errors[f] !== undefined);
}

/** The server's own check of an email address (zod's `z.email()` pattern), without loading zod's schemas. */
const EMAIL = regexes.email;

/** The invoice fields in the shape of the shared validator (its kinds: `citizen` for certificate). */
function invoiceInput(d: CheckoutDraft): InvoiceInput {
  switch (d.invoiceType) {
    case 'mobile':
      return { kind: 'mobile', mobileBarcode: d.carrier };
    case 'certificate':
      return { kind: 'citizen', citizenCert: d.carrier };
    case 'donation':
      return { kind: 'donation', donationCode: d.code };
    case 'company':
      return { kind: 'company', taxId: d.taxId, companyName: d.title };
    default:
      return { kind: 'member' };
  }
}

const INVOICE_FIELD: Record<string, CheckoutField> = {
  kind: 'invoice.type',
  mobileBarcode: 'invoice.carrier',
  citizenCert: 'invoice.carrier',
  donationCode: 'invoice.code',
  taxId: 'invoice.taxId',
  companyName: 'invoice.title',
};

export type DraftErrors = Partial<Record<CheckoutField, MessageKey>>;

/**
 * The client-side rules of the order (the server checks them again): receiver (the name by the
 * chosen carrier's rules, lib/taiwan/receiver.ts), the address for home delivery, a chosen store for pickup, a payment
 * method the quote offers, the e-invoice by the Taiwan rules, the note's length.
 */
export function validateDraft(
  d: CheckoutDraft,
  ctx: { hasStore: boolean; payments: readonly string[]; installments?: readonly number[] },
): DraftErrors {
  const errors: DraftErrors = {};
  const name = d.name.normalize('NFKC').trim();
  if (!name) errors['receiver.name'] = 'auth.error.required';
  else {
    const nameError = receiverNameError(d.method, name);
    if (nameError) errors['receiver.name'] = nameError;
  }
  if (!d.phone.trim()) errors['receiver.phone'] = 'auth.error.required';
  else if (!toMobile(d.phone)) errors['receiver.phone'] = 'auth.error.phone';
  if (d.email.trim() && !EMAIL.test(d.email.trim())) errors['receiver.email'] = 'auth.error.email';
  if (!d.method) errors['shipping.method'] = 'checkout.error.method';
  if (d.method === 'home') {
    if (!d.city) errors['shipping.city'] = 'checkout.error.city';
    else if (!d.area) errors['shipping.area'] = 'checkout.error.area';
    if (!d.addr.trim()) errors['shipping.addr'] = 'auth.error.required';
  }
  if (d.method === 'cvs') {
    if (!ctx.hasStore) errors['shipping.store'] = 'checkout.error.store';
  }
  if (!d.payment || !ctx.payments.includes(d.payment)) errors.payment = 'checkout.error.payment';
  else if (d.payment === 'credit' && d.installments && !(ctx.installments ?? []).includes(Number(d.installments)))
    errors.installments = 'checkout.error.installments';
  const invoice = validateInvoice(invoiceInput(d));
  if (!invoice.ok)
    for (const [k, v] of Object.entries(invoice.errors)) {
      const field = INVOICE_FIELD[k];
      if (field && v) errors[field] ??= v;
    }
  if ([...d.note].length > CHECKOUT_NOTE_MAX) errors.note = 'checkout.error.note';
  return errors;
}

/** The invoice choice on the wire: only the fields of its type, carrier codes in capitals. */
export function invoiceOf(d: CheckoutDraft): InvoiceChoice {
  const clean = (v: string) => v.normalize('NFKC').trim();
  switch (d.invoiceType) {
    case 'mobile':
    case 'certificate':
      return { type: d.invoiceType, carrier: clean(d.carrier).toUpperCase() };
    case 'donation':
      return { type: 'donation', code: clean(d.code) };
    case 'company':
      return { type: 'company', taxId: clean(d.taxId), title: clean(d.title).replace(/\s+/g, ' ') };
    default:
      return { type: 'member' };
  }
}

function shippingOf(d: CheckoutDraft): OrderBody['shipping'] {
  if (d.method === 'home')
    return { method: 'home', zipcode: d.zipcode, city: d.city, area: d.area, addr: d.addr.trim() };
  return { method: d.method || 'home' };
}

/** The body of POST /api/orders from a validated draft. */
export function orderBodyOf(d: CheckoutDraft): OrderBody {
  return {
    receiver: {
      name: d.name.normalize('NFKC').trim(),
      phone: toMobile(d.phone) ?? d.phone.trim(),
      email: d.email.trim(),
    },
    shipping: shippingOf(d),
    payment: d.payment as PaymentMethodCode,
    ...(d.payment === 'credit' && d.installments ? { installments: Number(d.installments) } : {}),
    invoice: invoiceOf(d),
    note: d.note.trim(),
    ...(d.coupon.trim() ? { coupon: d.coupon.trim() } : {}),
  };
}

/** The quote body: only what is chosen so far (the server quotes the rest as unchosen). */
export function quoteBodyOf(d: CheckoutDraft): QuoteBody {
  const body: QuoteBody = {};
  if (d.method === 'home') {
    const shipping: QuoteBody['shipping'] = { method: 'home' };
    if (d.city) shipping.city = d.city;
    if (d.area) shipping.area = d.area;
    if (d.zipcode) shipping.zipcode = d.zipcode;
    body.shipping = shipping;
  } else if (d.method) body.shipping = { method: d.method };
  if (d.payment) body.payment = d.payment;
  if (d.coupon.trim()) body.coupon = d.coupon.trim();
  return body;
}
