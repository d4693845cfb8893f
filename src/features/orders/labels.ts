import type { Locale } from '../../config.ts';
import type {
  InvoiceType,
  OrderState,
  ParcelStatus,
  PaymentMethodCode,
  ShippingMethodCode,
} from '../../lib/api/order-types.ts';
import { type MessageKey, t } from '../../lib/i18n/messages/index.ts';

export const ORDER_STATES = [
  'awaiting_payment',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'picked_up',
  'completed',
  'cancelled',
] as const satisfies readonly OrderState[];

const STATE: Record<OrderState, MessageKey> = {
  awaiting_payment: 'order.state.awaiting_payment',
  paid: 'order.state.paid',
  processing: 'order.state.processing',
  shipped: 'order.state.shipped',
  delivered: 'order.state.delivered',
  picked_up: 'order.state.picked_up',
  completed: 'order.state.completed',
  cancelled: 'order.state.cancelled',
};
const PARCEL: Record<ParcelStatus, MessageKey> = {
  created: 'order.parcel.created',
  shipped: 'order.parcel.shipped',
  arrived: 'order.parcel.arrived',
  picked_up: 'order.parcel.picked_up',
  delivered: 'order.parcel.delivered',
  unclaimed: 'order.parcel.unclaimed',
};
const PAYMENT: Record<PaymentMethodCode, MessageKey> = {
  credit: 'order.payment.credit',
  apple_pay: 'order.payment.apple_pay',
  twqr: 'order.payment.twqr',
  atm: 'order.payment.atm',
  cvs_code: 'order.payment.cvs_code',
  cod: 'order.payment.cod',
  pickup_pay: 'order.payment.pickup_pay',
};
const NEXT: Record<PaymentMethodCode, MessageKey> = {
  credit: 'order.next.credit',
  apple_pay: 'order.next.apple_pay',
  twqr: 'order.next.twqr',
  atm: 'order.next.atm',
  cvs_code: 'order.next.cvs_code',
  cod: 'order.next.cod',
  pickup_pay: 'order.next.pickup_pay',
};
const SHIPPING: Record<ShippingMethodCode, MessageKey> = {
  home: 'order.shipping.home',
  cvs: 'order.shipping.cvs',
  shop: 'order.shipping.shop',
};
const INVOICE: Record<InvoiceType, MessageKey> = {
  member: 'invoice.kind.member',
  mobile: 'invoice.kind.mobile',
  certificate: 'invoice.kind.citizen',
  donation: 'invoice.kind.donation',
  company: 'invoice.kind.company',
};

/** Words for the order's codes in the page's language. */
export const labels = {
  state: (locale: Locale, s: OrderState) => t(locale, STATE[s] ?? 'order.state.processing'),
  payment: (locale: Locale, p: PaymentMethodCode) => t(locale, PAYMENT[p] ?? 'order.payment.credit'),
  next: (locale: Locale, p: PaymentMethodCode) => t(locale, NEXT[p] ?? 'order.next.cod'),
  shipping: (locale: Locale, m: ShippingMethodCode) => t(locale, SHIPPING[m] ?? 'order.shipping.home'),
  invoice: (locale: Locale, i: InvoiceType) => t(locale, INVOICE[i] ?? 'invoice.kind.member'),
  parcel: (locale: Locale, p: ParcelStatus) => t(locale, PARCEL[p] ?? 'order.parcel.created'),
};
