import type { Generated } from 'kysely';
import type { OrderState } from '../../../lib/api/order-types.ts';

// Orders with their lines and events, shipping methods, idempotency keys and payments. (The conventions of every table: schema.ts.)

/** Home delivery, convenience-store pickup, pickup at the shop: fee, free-shipping threshold, limits. */
export interface ShippingMethodsTable {
  id: Generated<number>;
  code: string;
  name_zh: string;
  name_en: string;
  /** Null: the system variable `price`. */
  fee: number | null;
  free_over: number | null;
  /** Null: the method does not go to Penghu, Kinmen or Lienchiang. */
  outlying_fee: number | null;
  max_weight_g: number | null;
  max_side_cm: number | null;
  max_total: number | null;
  sort: Generated<number>;
  active: Generated<number>;
}

/** A guest's further private order link (the resent placed mail's): the key's SHA-256 (migration 023). */
export interface OrderGuestKeysTable {
  key_hash: string;
  order_id: number;
  created_at: number;
}

export interface OrdersTable {
  id: Generated<number>;
  no: string;
  member_id: number | null;
  guest_key_hash: string | null;
  state: OrderState;
  shipping_method: string;
  payment_method: string;
  subtotal: number;
  shipping_fee: number;
  total: number;
  /** What promotions took off, lines and shipping together (total = subtotal + shipping_fee - discount_total). */
  discount_total: Generated<number>;
  /** The part of discount_total taken off the shipping fee. */
  shipping_discount: Generated<number>;
  /** JSON `[{kind, code, name_zh, name_en, amount, promotion_id}]`, as applied. */
  discounts: Generated<string>;
  receiver_name: string;
  receiver_phone: string;
  receiver_email: Generated<string>;
  ship_zipcode: Generated<string>;
  ship_city: Generated<string>;
  ship_area: Generated<string>;
  ship_addr: Generated<string>;
  cvs_sub_type: Generated<string>;
  cvs_store_id: Generated<string>;
  cvs_store_name: Generated<string>;
  cvs_store_address: Generated<string>;
  /** The store is on an outlying island (migration 007b). */
  cvs_outside: Generated<number>;
  invoice_type: string;
  invoice_carrier: Generated<string>;
  invoice_donation_code: Generated<string>;
  invoice_tax_id: Generated<string>;
  invoice_title: Generated<string>;
  invoice_no: string | null;
  invoice_random: string | null;
  invoice_issued_at: number | null;
  invoice_voided_at: number | null;
  invoice_attempts: Generated<number>;
  /** Void attempts so far (migration 009); like invoice_attempts, bounded by INVOICE_MAX_ATTEMPTS. */
  invoice_void_attempts: Generated<number>;
  /** Epoch ms before which a failed issue or void is not tried again (the backoff). */
  invoice_retry_at: number | null;
  /** ECPay's message when the invoice needs the shop's hand: tries ran out, or the period is closed. */
  invoice_action_needed: string | null;
  note: Generated<string>;
  carrier: Generated<string>;
  tracking_no: Generated<string>;
  paid_at: number | null;
  pay_deadline: number | null;
  /** The card installments the shopper chose; 0: one payment. */
  installments: Generated<number>;
  needs_refund: Generated<number>;
  locale: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** What was bought, as it was at the time: names, options, price, image. */
export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  variant_id: number;
  sku: string;
  product_slug: string;
  brand_slug: string;
  name_zh: string;
  name_en: string;
  option_name_zh: Generated<string>;
  option_name_en: Generated<string>;
  option_value_zh: Generated<string>;
  option_value_en: Generated<string>;
  image_src: Generated<string>;
  unit_price: number;
  compare_at_price: number | null;
  quantity: number;
  line_total: number;
  /** The line's share of the discounts (line_total - discount is what the line costs). */
  discount: Generated<number>;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  state: OrderState;
  note: Generated<string>;
  at: number;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  owner: string;
  key: string;
  body_hash: string;
  /** Null while the first request is under way. */
  status: number | null;
  response: string | null;
  order_id: number | null;
  created_at: number;
}

export interface PaymentAttemptsTable {
  id: Generated<number>;
  order_id: number;
  merchant_trade_no: string;
  method: string;
  amount: number;
  /** new, issued, paid, failed, expired */
  state: string;
  trade_no: Generated<string>;
  bank_code: Generated<string>;
  v_account: Generated<string>;
  payment_no: Generated<string>;
  expires_at: number | null;
  rtn_code: number | null;
  rtn_msg: Generated<string>;
  created_at: number;
  paid_at: number | null;
  /** When the attempt was last looked up at ECPay (QueryTradeInfo); null: never. */
  checked_at: number | null;
  /** The CreditInstallment asked for; 0: one payment. */
  installments: Generated<number>;
  /** 1: Redeem=Y was asked for (card bonus points). */
  redeem: Generated<number>;
  /** The paid notice's first and every other installment (stast, staed), whole NT$; null before. */
  first_payment: number | null;
  per_payment: number | null;
  /** Card bonus points used (red_dan) and the NT$ they took off (red_de_amt); null when none. */
  redeemed_points: number | null;
  redeemed_amount: number | null;
}

export interface PaymentNoticesTable {
  id: Generated<number>;
  kind: string;
  merchant_trade_no: Generated<string>;
  verified: number;
  outcome: string;
  body: string;
  created_at: number;
}
