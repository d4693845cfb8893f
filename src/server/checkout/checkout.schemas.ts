import { z } from 'zod';
import { INSTALLMENT_PERIODS } from '../../lib/checkout/installments.ts';
import { toMobile } from '../../lib/taiwan/phone.ts';
import { textField } from '../common/text-rules.ts';
import { CVS_BRANDS } from '../providers/logistics/cvs.ts';

/**
 * Request bodies of checkout and orders: strict (unknown keys → 400), snake_case. These check
 * shapes; the Taiwan rules that depend on the chosen method (address, pickup name, invoice) are
 * checked by services/checkout-rules.ts so that each error lands on its own field.
 */

export const SHIPPING_CODES = ['home', 'cvs', 'shop'] as const;
export const PAYMENT_CODES = ['credit', 'apple_pay', 'twqr', 'atm', 'cvs_code', 'cod', 'pickup_pay'] as const;
export const INVOICE_TYPES = ['member', 'mobile', 'certificate', 'donation', 'company'] as const;
export type ShippingCode = (typeof SHIPPING_CODES)[number];
export type PaymentCode = (typeof PAYMENT_CODES)[number];
export type InvoiceType = (typeof INVOICE_TYPES)[number];

export const NOTE_MAX = 200;
const NAME_MAX = 50;
const EMAIL_MAX = 254;
const PLACE_MAX = 40;
const ADDR_MAX = 200;
const CODE_MAX = 64;
const COUPON_MAX = 32;

const phone = z
  .string()
  .max(32, { message: 'phone' })
  .transform((s, ctx) => {
    const mobile = toMobile(s);
    if (!mobile) ctx.addIssue({ code: 'custom', message: 'phone' });
    return mobile ?? '';
  });

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, { message: 'email' })
  .pipe(z.union([z.literal(''), z.email({ message: 'email' })], { error: 'email' }));

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (iss) => (iss.input === undefined ? 'required' : 'invalid') });

const receiver = z.strictObject({
  name: textField({ min: 1, max: NAME_MAX, visible: true, tooShort: 'name', tooLong: 'name' }),
  phone,
  email: email.default(''),
});

const place = (max: number, key: string) => textField({ max, tooLong: key }).optional();

const shipping = z.strictObject({
  method: choice(SHIPPING_CODES),
  zipcode: z
    .string()
    .trim()
    .regex(/^(\d{3}|\d{5}|\d{6})?$/, { message: 'zipcode' })
    .optional(),
  city: place(PLACE_MAX, 'city'),
  area: place(PLACE_MAX, 'area'),
  addr: place(ADDR_MAX, 'addr'),
});

const codeField = z.string().trim().max(CODE_MAX, { message: 'invalid' }).optional();

/** A promotion code as typed (any case); empty means none. */
const coupon = z
  .string()
  .trim()
  .max(COUPON_MAX, { message: 'tooLong' })
  .transform((s) => s || undefined)
  .optional();

const invoice = z.strictObject({
  type: choice(INVOICE_TYPES),
  carrier: codeField,
  code: codeField,
  tax_id: codeField,
  title: textField({ max: 100, tooLong: 'tooLong' }).optional(),
});

/** POST /api/orders. */
export const orderBody = z.strictObject({
  receiver,
  shipping,
  payment: choice(PAYMENT_CODES),
  /** Card only: pay in this many installments; absent: one payment. */
  installments: z.literal(INSTALLMENT_PERIODS, { error: 'invalid' }).optional(),
  invoice,
  note: textField({ max: NOTE_MAX, multiline: true, tooLong: 'note' }).default(''),
  coupon,
});
export type OrderBody = z.output<typeof orderBody>;

/** POST /api/checkout/quote: the same body without note; any part still unchosen may be left out. */
export const quoteBody = z.strictObject({
  receiver: z
    .strictObject({ name: z.string().max(NAME_MAX * 2), phone: z.string().max(32), email: z.string().max(EMAIL_MAX) })
    .partial()
    .optional(),
  shipping: shipping.partial().optional(),
  payment: choice(PAYMENT_CODES).optional(),
  invoice: invoice.partial().optional(),
  coupon,
});
export type QuoteBody = z.output<typeof quoteBody>;

/** POST /api/checkout/phone/send and /verify. */
export const phoneSendBody = z.strictObject({ phone });
export const phoneVerifyBody = z.strictObject({ phone, code: z.string().regex(/^\d{6}$/, { message: 'otp' }) });

/** POST /api/checkout/cvs-map. */
export const cvsMapBody = z.strictObject({ brand: choice(CVS_BRANDS) });

/** POST /api/orders/{no}/cancel: nothing, or a short reason. */
export const cancelBody = z.strictObject({ reason: textField({ max: NOTE_MAX, tooLong: 'tooLong' }).optional() });

/** GET /api/orders?page=&page_size=&state= */
export const ORDERS_PAGE_SIZE_MAX = 50;
export const ORDERS_PAGE_SIZE_DEFAULT = 10;
