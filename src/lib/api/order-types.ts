/**
 * The wire shapes of checkout, orders and payment, as the browser sees them (the API speaks
 * snake_case; the client converts keys to camelCase). Requests are written here in camelCase too:
 * the client converts them to snake_case (`taxId` → `tax_id`).
 */
import type { CartLine, CartWarning } from './cart.ts';

export type ShippingMethodCode = 'home' | 'cvs' | 'shop';
export type PaymentMethodCode = 'credit' | 'apple_pay' | 'twqr' | 'atm' | 'cvs_code' | 'cod' | 'pickup_pay';
export type InvoiceType = 'member' | 'mobile' | 'certificate' | 'donation' | 'company';
export type OrderState =
  | 'awaiting_payment'
  | 'paid'
  | 'processing'
  | 'shipped'
  | 'delivered'
  | 'picked_up'
  | 'completed'
  | 'cancelled';
/** Store brands of the map (ECPay LogisticsSubType without C2C). */
export type CvsBrand = 'UNIMART' | 'FAMI' | 'HILIFE' | 'OKMART';

export interface Receiver {
  name: string;
  phone: string;
  email: string;
}

export interface ShippingChoice {
  method: ShippingMethodCode;
  zipcode?: string;
  city?: string;
  area?: string;
  addr?: string;
}

export interface InvoiceChoice {
  type: InvoiceType;
  /** mobile: the barcode (/ and 7 characters); certificate: 2 letters and 14 digits. */
  carrier?: string;
  /** donation: the charity's 3 to 7 digit code. */
  code?: string;
  /** company: 8-digit tax ID and the company name. */
  taxId?: string;
  title?: string;
}

/** POST /api/orders (with an Idempotency-Key header). */
export interface OrderBody {
  receiver: Receiver;
  shipping: ShippingChoice;
  payment: PaymentMethodCode;
  /** Card only: pay in this many installments; absent: one payment. */
  installments?: number;
  invoice: InvoiceChoice;
  note?: string;
  /** A promotion code as typed (any case). */
  coupon?: string;
}

/** POST /api/checkout/quote: the same body without note; parts still unchosen may be left out. */
export interface QuoteBody {
  receiver?: Partial<Receiver>;
  shipping?: Partial<ShippingChoice>;
  payment?: PaymentMethodCode;
  invoice?: InvoiceChoice;
  coupon?: string;
}

/** A discount applied: a coupon code or an automatic promotion; `amount` is what it takes off (NT$). */
export interface Discount {
  kind: 'coupon' | 'auto';
  code: string | null;
  name: string;
  amount: number;
}

/** What the cart still needs for the next spend threshold, with its words. */
export interface TierNudge {
  need: number;
  off: number;
  name: string;
  message: string;
}

/** A choice offered at checkout; `reason` (in the request's language) says why it is not available. */
export interface MethodOption<C extends string> {
  code: C;
  name: string;
  available: boolean;
  reason: string | null;
  /** Shipping only: the fee this cart would pay (0 when free). */
  fee?: number;
}

/** The store chosen on the map for this cart (store pickup only). */
export interface ChosenStore {
  brand: CvsBrand;
  brandName: string;
  id: string;
  name: string;
  address: string;
  /** On an outlying island. */
  outside: boolean;
}

/** A line of the quote: the cart line as the server prices it now. */
export type QuoteLine = Pick<
  CartLine,
  | 'sku'
  | 'productSlug'
  | 'brandSlug'
  | 'name'
  | 'optionName'
  | 'optionValue'
  | 'image'
  | 'unitPrice'
  | 'quantity'
  | 'lineTotal'
  | 'priceChangedFrom'
> & {
  /** The line's share of the discounts. */
  discount: number;
};

/** One way to pay the quote's total by card in installments. */
export interface InstallmentOption {
  periods: number;
  perPayment: number;
  firstPayment: number;
  /** The shop pays the banks' fee: 0% interest. */
  interestFree: boolean;
}

export interface Quote {
  lines: QuoteLine[];
  count: number;
  subtotal: number;
  shippingFee: number;
  discounts: Discount[];
  discountTotal: number;
  nudge: TierNudge | null;
  /** subtotal + shippingFee - discountTotal. */
  total: number;
  /** The subtotal from which the chosen method ships free; null when it never does. */
  freeShippingOver: number | null;
  shippingMethods: MethodOption<ShippingMethodCode>[];
  paymentMethods: MethodOption<PaymentMethodCode>[];
  /** The card installments the total reaches (whole NT$, the remainder on the first payment). */
  installments: InstallmentOption[];
  store: ChosenStore | null;
  /** Price and stock changes since the lines went into the cart (as on the cart). */
  warnings: CartWarning[];
  canOrder: boolean;
}

export interface OrderLine {
  sku: string;
  productSlug: string;
  brandSlug: string;
  name: string;
  optionName: string;
  optionValue: string;
  imageSrc: string;
  unitPrice: number;
  compareAtPrice: number | null;
  quantity: number;
  lineTotal: number;
  discount: number;
}

export interface OrderEvent {
  state: OrderState;
  at: number;
  note: string;
}

export interface OrderPayment {
  method: PaymentMethodCode;
  paidAt: number | null;
  /** When an unpaid order is released. */
  deadline: number | null;
  /** ATM transfer: the bank code and the virtual account, once issued. */
  atm: { bankCode: string; account: string; expiresAt: number | null } | null;
  /** Convenience-store payment code, once issued. */
  cvsCode: { code: string; expiresAt: number | null } | null;
  /** The last card attempt failed (the shopper can try again). */
  failed: boolean;
  /** Card installments, once paid; null: paid at once. */
  installments: number | null;
  firstPayment: number | null;
  perPayment: number | null;
  /** Card bonus points used and the NT$ they took off; null when none. */
  redeemed: { points: number; amount: number } | null;
}

export interface OrderInvoice {
  type: InvoiceType;
  carrier: string;
  code: string;
  taxId: string;
  title: string;
  /** Once issued: two letters and eight digits, the random code, the date. */
  number: string | null;
  randomCode: string | null;
  issuedAt: number | null;
  voided: boolean;
}

/** Where a parcel sent through ECPay's logistics is. */
export type ParcelStatus = 'created' | 'shipped' | 'arrived' | 'picked_up' | 'delivered' | 'unclaimed';

/** The parcel of an order (GET /api/orders/{no} `shipment`), null before it ships. */
export interface OrderShipment {
  /** The chain (7-ELEVEN, FamilyMart…) or home carrier, in the request's language. */
  carrier: string;
  logisticsId: string;
  /** What the sender gives at the counter, or the carrier's booking note. */
  shippingCode: string;
  store: { id: string; name: string; address: string } | null;
  status: ParcelStatus;
  statusText: string;
  /** While it waits at the store: the last moment to pick it up. */
  pickupDeadline: number | null;
  events: { status: ParcelStatus; at: number }[];
}

export interface Order {
  no: string;
  state: OrderState;
  createdAt: number;
  subtotal: number;
  shippingFee: number;
  discounts: Discount[];
  discountTotal: number;
  total: number;
  count: number;
  lines: OrderLine[];
  receiver: Receiver;
  shipping: {
    method: ShippingMethodCode;
    zipcode: string;
    city: string;
    area: string;
    addr: string;
    store: ChosenStore | null;
    carrier: string;
    trackingNo: string;
  };
  shipment: OrderShipment | null;
  payment: OrderPayment;
  invoice: OrderInvoice;
  note: string;
  timeline: OrderEvent[];
  canCancel: boolean;
  /** The parcel is booked with the carrier: only the shop can cancel the order now. */
  cancelNeedsShop: boolean;
  canPay: boolean;
}

/** POST /api/orders answers the order, and for a guest the key of the link that shows it. */
export interface PlacedOrder extends Order {
  guestKey?: string;
}

/** GET /api/orders?page=&page_size=&state= */
export interface OrderSummary {
  no: string;
  state: OrderState;
  createdAt: number;
  total: number;
  count: number;
  imageSrc: string;
  firstItemName: string;
}

/** The wire's one paged list (`{total, limit, current, page_count, data}`), as the client reads it. */
export interface OrderPage {
  data: OrderSummary[];
  current: number;
  limit: number;
  pageCount: number;
  total: number;
}

/** POST /api/orders/{no}/payment and POST /api/checkout/cvs-map: a form the page posts at once. */
export interface AutoPostForm {
  action: string;
  fields: Record<string, string>;
}
