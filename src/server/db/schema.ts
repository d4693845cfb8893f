import type { Generated } from 'kysely';
import type { OrderState } from '../../lib/api/order-types.ts';

/**
 * Table types shared by SQLite and PostgreSQL. Times are epoch milliseconds (bigint), booleans are
 * 0/1 integers, money is an integer number of NT$: the same values on both engines.
 */
export interface MembersTable {
  id: Generated<number>;
  uid: string;
  no: string;
  name: string;
  email: string | null;
  phone: string | null;
  password_hash: string;
  email_verify: number;
  phone_verify: number;
  zipcode: string;
  city: string;
  area: string;
  addr: string;
  status: number;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  member_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface OtpCodesTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface ResetTicketsTable {
  id: Generated<number>;
  member_id: number;
  ticket_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  code: string;
  text: string;
  provider: string;
  created_at: number;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  email: string;
  purpose: string;
  subject: string;
  text: string;
  link: string;
  provider: string;
  created_at: number;
}

/** A new email address waiting for its owner to follow the link sent to it. */
export interface EmailChangesTable {
  id: Generated<number>;
  member_id: number;
  email: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

export interface BrandsTable {
  id: Generated<number>;
  uid: string;
  slug: string;
  name_zh: string;
  name_en: string;
  description_zh: string;
  description_en: string;
  image: string;
  image_width: number;
  image_height: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface CategoriesTable {
  id: Generated<number>;
  uid: string;
  slug: string;
  name_zh: string;
  name_en: string;
  description_zh: string;
  description_en: string;
  image: string;
  image_width: number;
  image_height: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface BrandCategoriesTable {
  brand_id: number;
  category_id: number;
}

export interface ProductsTable {
  id: Generated<number>;
  uid: string;
  slug: string;
  brand_id: number;
  category_id: number;
  name_zh: string;
  name_en: string;
  summary_zh: string;
  summary_en: string;
  description_zh: string;
  description_en: string;
  /** JSON array of {label_zh, label_en, value_zh, value_en}. */
  specs: string;
  /** Lowest variant price, kept in step with the variants for sorting and filtering. */
  price: number;
  compare_at_price: number | null;
  /** Sum of variant stock, kept in step with the variants. */
  stock: number;
  created_at: number;
  updated_at: number;
  /** When the product was taken off sale; null while it is on sale. */
  withdrawn_at: number | null;
  /** One packed unit: grams and centimetres (0 when not known). */
  weight_g: Generated<number>;
  length_cm: Generated<number>;
  width_cm: Generated<number>;
  height_cm: Generated<number>;
}

export interface VariantsTable {
  id: Generated<number>;
  product_id: number;
  sku: string;
  option_name_zh: string;
  option_name_en: string;
  option_value_zh: string;
  option_value_en: string;
  price: number;
  compare_at_price: number | null;
  /** Taken only by `UPDATE ... SET stock = stock - n WHERE stock >= n`; a CHECK keeps it >= 0. */
  stock: number;
  sort: number;
}

export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  src: string;
  width: number;
  height: number;
  alt_zh: string;
  alt_en: string;
  sort: number;
}

export interface ArticlesTable {
  id: Generated<number>;
  uid: string;
  slug: string;
  title_zh: string;
  title_en: string;
  excerpt_zh: string;
  excerpt_en: string;
  body_zh: string;
  body_en: string;
  image: string;
  image_width: number;
  image_height: number;
  published_at: number;
  updated_at: number;
}

export interface SiteMetasTable {
  id: Generated<number>;
  uid: string;
  url: string;
  locale: string;
  title: string;
  description: string;
  keywords: string;
  og_title: string;
  og_description: string;
  og_keywords: string;
  og_image: string;
  og_type: string;
}

export interface SysVarsTable {
  id: Generated<number>;
  uid: string;
  code: string;
  locale: string;
  name: string;
  data: string;
}

export interface RegionCitiesTable {
  code: string;
  name_zh: string;
  name_en: string;
  sort: number;
}

export interface RegionDistrictsTable {
  id: Generated<number>;
  city_code: string;
  name_zh: string;
  name_en: string;
  zip: string;
  sort: number;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  locale: string;
  member_id: number | null;
  created_at: number;
}

/** Stores of the convenience-store map simulator (providers/logistics). */
export interface SimCvsStoresTable {
  id: Generated<number>;
  brand: string;
  store_id: string;
  name: string;
  city: string;
  district: string;
  address: string;
  telephone: string;
  outside: number;
}

/** Trades of the ECPay cashier simulator (providers/ecpay/simulator). */
export interface SimEcpayTradesTable {
  id: Generated<number>;
  token: string;
  merchant_id: string;
  merchant_trade_no: string;
  trade_no: string;
  amount: number;
  form: string;
  /** new → issued (ATM/CVS number given) → paid, or new → failed (card declined). */
  status: string;
  payment_type: Generated<string>;
  bank_code: Generated<string>;
  v_account: Generated<string>;
  payment_no: Generated<string>;
  expire_date: Generated<string>;
  created_at: number;
  paid_at: number | null;
}

/** Invoices of the e-invoice simulator (providers/invoice). */
export interface SimInvoicesTable {
  id: Generated<number>;
  merchant_id: string;
  relate_number: string;
  invoice_no: string;
  random_number: string;
  issued_at: number;
  data: string;
  voided_at: number | null;
  void_reason: string | null;
}

/** A member's cart (member_id) or a guest's (token_hash); exactly one of the two is set. */
export interface CartsTable {
  id: Generated<number>;
  member_id: number | null;
  token_hash: string | null;
  created_at: number;
  updated_at: number;
}

/** One variant in a cart: quantity 1 to 99, and the unit price the shopper last saw. */
export interface CartItemsTable {
  id: Generated<number>;
  cart_id: number;
  variant_id: number;
  quantity: number;
  seen_price: number;
  created_at: number;
  updated_at: number;
}

/** The states of an order (the wire and the database name them alike). */
export type { OrderState };

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
  note: Generated<string>;
  carrier: Generated<string>;
  tracking_no: Generated<string>;
  paid_at: number | null;
  pay_deadline: number | null;
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

/** The convenience store chosen on the map for a cart (store pickup only). */
export interface CheckoutStoresTable {
  id: Generated<number>;
  cart_id: number;
  brand: string;
  sub_type: string;
  store_id: string;
  store_name: string;
  address: string;
  telephone: Generated<string>;
  outside: Generated<number>;
  created_at: number;
}

/** A one-time ticket (hashed) sent through the map's ExtraData: the reply belongs to this cart. */
export interface CvsMapTicketsTable {
  id: Generated<number>;
  ticket_hash: string;
  cart_id: number;
  brand: string;
  locale: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A guest confirmed this mobile number by SMS code; the proof (hashed) is valid 30 minutes. */
export interface PhoneProofsTable {
  id: Generated<number>;
  proof_hash: string;
  phone: string;
  created_at: number;
  expires_at: number;
}

export interface Database {
  members: MembersTable;
  sessions: SessionsTable;
  otp_codes: OtpCodesTable;
  reset_tickets: ResetTicketsTable;
  sms_outbox: SmsOutboxTable;
  email_outbox: EmailOutboxTable;
  email_changes: EmailChangesTable;
  rate_limits: RateLimitsTable;
  brands: BrandsTable;
  categories: CategoriesTable;
  brand_categories: BrandCategoriesTable;
  products: ProductsTable;
  variants: VariantsTable;
  product_images: ProductImagesTable;
  articles: ArticlesTable;
  site_metas: SiteMetasTable;
  sys_vars: SysVarsTable;
  region_cities: RegionCitiesTable;
  region_districts: RegionDistrictsTable;
  contact_messages: ContactMessagesTable;
  sim_cvs_stores: SimCvsStoresTable;
  sim_ecpay_trades: SimEcpayTradesTable;
  sim_invoices: SimInvoicesTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  shipping_methods: ShippingMethodsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_events: OrderEventsTable;
  idempotency_keys: IdempotencyKeysTable;
  payment_attempts: PaymentAttemptsTable;
  payment_notices: PaymentNoticesTable;
  checkout_stores: CheckoutStoresTable;
  cvs_map_tickets: CvsMapTicketsTable;
  phone_proofs: PhoneProofsTable;
}
