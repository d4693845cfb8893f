import type { Locale } from '../../config.ts';
import { invoice as invoiceText } from '../../lib/i18n/messages/invoice.ts';
import { type InvoiceField, validateInvoice } from '../../lib/taiwan/invoice.ts';
import { receiverNameError } from '../../lib/taiwan/receiver.ts';
import { findCity, findDistrict } from '../../lib/taiwan/regions.ts';
import { ApiError } from '../common/errors.ts';
import { type Msg, pick } from '../common/i18n.ts';
import { FIELD_MESSAGES } from '../common/validation.ts';
import type { OrderBody } from './checkout.schemas.ts';

type InvoiceKey = keyof (typeof invoiceText)['en'];
/** A message of the checkout form's own catalogue, so the page and the API say the same thing. */
const formMsg = (key: InvoiceKey): Msg => ({ zh: invoiceText['zh-TW'][key], en: invoiceText.en[key] });

/** Where each field of the shared invoice rules sits in the order body. */
const INVOICE_PATHS: Record<InvoiceField, string> = {
  kind: 'invoice.type',
  mobileBarcode: 'invoice.carrier',
  citizenCert: 'invoice.carrier',
  donationCode: 'invoice.code',
  taxId: 'invoice.tax_id',
  companyName: 'invoice.title',
  print: 'invoice.type',
};

/** The home address with its city and district in the official spelling (臺, not 台). */
export interface CheckedAddress {
  zipcode: string;
  city: string;
  area: string;
  addr: string;
}

/** The invoice as the order keeps it. */
export interface CheckedInvoice {
  type: OrderBody['invoice']['type'];
  carrier: string;
  code: string;
  taxId: string;
  title: string;
}

export interface CheckedOrder {
  address: CheckedAddress | null;
  invoice: CheckedInvoice;
}

function checkAddress(s: OrderBody['shipping'], errors: Record<string, Msg>): CheckedAddress | null {
  const city = findCity(s.city);
  if (!city) {
    errors['shipping.city'] = FIELD_MESSAGES.city;
    return null;
  }
  const area = findDistrict(city.zh, s.area);
  if (!area) errors['shipping.area'] = FIELD_MESSAGES.area;
  else if (s.zipcode && s.zipcode.slice(0, 3) !== area.zip) errors['shipping.zipcode'] = FIELD_MESSAGES.zipcodeMismatch;
  if (!s.addr) errors['shipping.addr'] = FIELD_MESSAGES.addrRequired;
  if (!area || !s.addr) return null;
  return { zipcode: s.zipcode || area.zip, city: city.zh, area: area.zh, addr: s.addr };
}

function checkInvoice(inv: OrderBody['invoice'], errors: Record<string, Msg>): CheckedInvoice {
  const result = validateInvoice({
    kind: inv.type === 'certificate' ? 'citizen' : inv.type,
    ...(inv.type === 'mobile' ? { mobileBarcode: inv.carrier } : {}),
    ...(inv.type === 'certificate' ? { citizenCert: inv.carrier } : {}),
    ...(inv.type !== 'mobile' && inv.type !== 'certificate' && inv.carrier ? { mobileBarcode: inv.carrier } : {}),
    donationCode: inv.code,
    taxId: inv.tax_id,
    companyName: inv.type === 'company' ? inv.title : undefined,
  });
  if (!result.ok) {
    for (const [field, key] of Object.entries(result.errors) as [InvoiceField, InvoiceKey][])
      errors[INVOICE_PATHS[field]] ??= formMsg(key);
    return { type: inv.type, carrier: '', code: '', taxId: '', title: '' };
  }
  const v = result.value;
  return {
    type: inv.type,
    carrier: v.kind === 'mobile' ? v.mobileBarcode : v.kind === 'citizen' ? v.citizenCert : '',
    code: v.kind === 'donation' ? v.donationCode : '',
    taxId: v.kind === 'company' ? v.taxId : '',
    title: v.kind === 'company' ? v.companyName : '',
  };
}

/**
 * The Taiwan rules of an order body that depend on what was chosen: a home address whose city,
 * district and postal code agree; a receiver name the chosen carrier books (home delivery) and the
 * store counter accepts (store pickup); the e-invoice
 * rules. Throws 400 VALIDATION_FAILED with every problem on its field path, in the locale.
 */
export function checkOrder(body: OrderBody, locale: Locale): CheckedOrder {
  const errors: Record<string, Msg> = {};
  const address = body.shipping.method === 'home' ? checkAddress(body.shipping, errors) : null;
  const nameError = receiverNameError(body.shipping.method, body.receiver.name);
  if (nameError) errors['receiver.name'] = formMsg(nameError);
  const invoice = checkInvoice(body.invoice, errors);
  const fields = Object.entries(errors);
  if (fields.length)
    throw new ApiError('VALIDATION_FAILED', {
      fields: Object.fromEntries(fields.map(([path, msg]) => [path, pick(msg, locale)])),
    });
  return { address, invoice };
}

/**
 * The quote's share of those rules: a receiver name given with a chosen method that the method's
 * carrier refuses is a 400 VALIDATION_FAILED on `receiver.name`, in the locale, before any order.
 */
export function checkQuoteReceiver(method: string | undefined, name: string | undefined, locale: Locale): void {
  if (name === undefined) return;
  const nameError = receiverNameError(method, name.normalize('NFKC').trim());
  if (nameError)
    throw new ApiError('VALIDATION_FAILED', { fields: { 'receiver.name': pick(formMsg(nameError), locale) } });
}
