import type { Kysely, Transaction } from 'kysely';
import type { Locale } from '../../config.ts';
import { type WireStore, wireStore } from '../cart/cart-store.ts';
import { publicMediaSrc } from '../common/media-url.ts';
import { loc } from '../common/wire.ts';
import type { Database, OrderState } from '../db/schema.ts';
import { parcelBooked } from '../shipping/parcel-booked.ts';
import { readShipment, type WireShipment } from '../shipping/shipment-view.ts';
import { CANCELLABLE } from './order-state.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Methods paid through ECPay: the order waits for payment. */
export const PREPAID: readonly string[] = ['credit', 'apple_pay', 'twqr', 'atm', 'cvs_code'];

export interface WireOrderLine {
  sku: string;
  product_slug: string;
  brand_slug: string;
  name: string;
  option_name: string;
  option_value: string;
  image_src: string;
  unit_price: number;
  compare_at_price: number | null;
  quantity: number;
  line_total: number;
  /** The line's share of the discounts. */
  discount: number;
}

/** A discount the order was given, as applied when it was placed. */
export interface WireOrderDiscount {
  kind: 'coupon' | 'auto';
  code: string | null;
  name: string;
  amount: number;
}

export interface WireOrder {
  no: string;
  state: OrderState;
  created_at: number;
  subtotal: number;
  shipping_fee: number;
  discounts: WireOrderDiscount[];
  discount_total: number;
  total: number;
  count: number;
  lines: WireOrderLine[];
  receiver: { name: string; phone: string; email: string };
  shipping: {
    method: string;
    zipcode: string;
    city: string;
    area: string;
    addr: string;
    store: WireStore | null;
    carrier: string;
    tracking_no: string;
  };
  /** The parcel sent through ECPay's logistics; null before it ships. */
  shipment: WireShipment | null;
  payment: {
    method: string;
    paid_at: number | null;
    deadline: number | null;
    atm: { bank_code: string; account: string; expires_at: number | null } | null;
    cvs_code: { code: string; expires_at: number | null } | null;
    failed: boolean;
    /** Card installments, once paid: their number and the first and every other payment; null: paid at once. */
    installments: number | null;
    first_payment: number | null;
    per_payment: number | null;
    /** Card bonus points used on the payment and the NT$ they took off; null when none. */
    redeemed: { points: number; amount: number } | null;
  };
  invoice: {
    type: string;
    carrier: string;
    code: string;
    tax_id: string;
    title: string;
    number: string | null;
    random_code: string | null;
    issued_at: number | null;
    voided: boolean;
  };
  note: string;
  timeline: { state: OrderState; at: number; note: string }[];
  /** The shopper may cancel (before its parcel is booked with the carrier). */
  can_cancel: boolean;
  /** The order could still be cancelled, but its parcel is booked: only the shop can cancel it now. */
  cancel_needs_shop: boolean;
  can_pay: boolean;
}

/** The whole order as the wire shows it, in the locale; undefined when there is no such order. */
export async function readOrder(k: Db, orderId: number, locale: Locale, now: number): Promise<WireOrder | undefined> {
  const o = await k.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!o) return undefined;
  const lines = await k.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const events = await k
    .selectFrom('order_events')
    .select(['state', 'at', 'note'])
    .where('order_id', '=', orderId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  const attempt = await k
    .selectFrom('payment_attempts')
    .select(['method', 'state', 'bank_code', 'v_account', 'payment_no', 'expires_at'])
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const issued = attempt && (attempt.state === 'issued' || attempt.state === 'paid');
  const paid = await k
    .selectFrom('payment_attempts')
    .select(['installments', 'first_payment', 'per_payment', 'redeemed_points', 'redeemed_amount'])
    .where('order_id', '=', orderId)
    .where('state', '=', 'paid')
    .orderBy('id')
    .executeTakeFirst();
  const cancellable = CANCELLABLE.includes(o.state);
  const booked = cancellable && (await parcelBooked(k, orderId));
  const prepaid = PREPAID.includes(o.payment_method);
  return {
    no: o.no,
    state: o.state,
    created_at: Number(o.created_at),
    subtotal: o.subtotal,
    shipping_fee: o.shipping_fee,
    total: o.total,
    count: lines.reduce((n, l) => n + l.quantity, 0),
    lines: lines.map((l) => ({
      sku: l.sku,
      product_slug: l.product_slug,
      brand_slug: l.brand_slug,
      name: loc(l, 'name', locale),
      option_name: loc(l, 'option_name', locale),
      option_value: loc(l, 'option_value', locale),
      image_src: publicMediaSrc(l.image_src),
      unit_price: l.unit_price,
      compare_at_price: l.compare_at_price,
      quantity: l.quantity,
      line_total: l.line_total,
      discount: l.discount,
    })),
    discounts: discountsOf(o.discounts, locale),
    discount_total: o.discount_total,
    receiver: { name: o.receiver_name, phone: o.receiver_phone, email: o.receiver_email },
    shipping: {
      method: o.shipping_method,
      zipcode: o.ship_zipcode,
      city: o.ship_city,
      area: o.ship_area,
      addr: o.ship_addr,
      store:
        o.shipping_method === 'cvs'
          ? wireStore(
              {
                brand: o.cvs_sub_type.replace(/C2C$/, ''),
                store_id: o.cvs_store_id,
                store_name: o.cvs_store_name,
                address: o.cvs_store_address,
                outside: o.cvs_outside,
              },
              locale,
            )
          : null,
      carrier: o.carrier,
      tracking_no: o.tracking_no,
    },
    shipment: await readShipment(k, orderId, locale),
    payment: {
      method: o.payment_method,
      paid_at: o.paid_at === null ? null : Number(o.paid_at),
      deadline: o.pay_deadline === null ? null : Number(o.pay_deadline),
      atm:
        issued && attempt.method === 'atm' && attempt.v_account
          ? { bank_code: attempt.bank_code, account: attempt.v_account, expires_at: numOrNull(attempt.expires_at) }
          : null,
      cvs_code:
        issued && attempt.method === 'cvs_code' && attempt.payment_no
          ? { code: attempt.payment_no, expires_at: numOrNull(attempt.expires_at) }
          : null,
      failed: attempt?.state === 'failed',
      installments: paid && paid.installments > 0 ? paid.installments : null,
      first_payment: paid && paid.installments > 0 ? numOrNull(paid.first_payment) : null,
      per_payment: paid && paid.installments > 0 ? numOrNull(paid.per_payment) : null,
      redeemed: paid?.redeemed_amount
        ? { points: Number(paid.redeemed_points ?? 0), amount: Number(paid.redeemed_amount) }
        : null,
    },
    invoice: {
      type: o.invoice_type,
      carrier: o.invoice_carrier,
      code: o.invoice_donation_code,
      tax_id: o.invoice_tax_id,
      title: o.invoice_title,
      number: o.invoice_no,
      random_code: o.invoice_random,
      issued_at: numOrNull(o.invoice_issued_at),
      voided: o.invoice_voided_at !== null,
    },
    note: o.note,
    timeline: events.map((e) => ({ state: e.state, at: Number(e.at), note: e.note })),
    can_cancel: cancellable && !booked,
    cancel_needs_shop: booked,
    can_pay: prepaid && o.state === 'awaiting_payment' && (o.pay_deadline === null || Number(o.pay_deadline) > now),
  };
}

const numOrNull = (v: number | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

/** The discounts an order keeps in its snapshot, named in `locale`. */
function discountsOf(json: string, locale: Locale): WireOrderDiscount[] {
  try {
    const kept = JSON.parse(json) as {
      kind: 'coupon' | 'auto';
      code: string | null;
      name_zh: string;
      name_en: string;
      amount: number;
    }[];
    return kept.map((d) => ({
      kind: d.kind,
      code: d.code,
      name: locale === 'en' ? d.name_en : d.name_zh,
      amount: d.amount,
    }));
  } catch {
    return [];
  }
}
