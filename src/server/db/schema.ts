import type { OrderState } from '../../lib/api/order-types.ts';
import type {
  EmailChangesTable,
  EmailOutboxTable,
  MembersTable,
  OtpCodesTable,
  RateLimitsTable,
  ResetTicketsTable,
  SessionsTable,
  SmsOutboxTable,
} from './tables/accounts.ts';
import type {
  CartItemsTable,
  CartsTable,
  CheckoutStoresTable,
  CvsMapTicketsTable,
  PhoneProofsTable,
} from './tables/cart.ts';
import type {
  ArticlesTable,
  BrandCategoriesTable,
  BrandsTable,
  CatalogChangesTable,
  CategoriesTable,
  ContactMessagesTable,
  ProductImagesTable,
  ProductsTable,
  RegionCitiesTable,
  RegionDistrictsTable,
  SiteMetasTable,
  SysVarsTable,
  VariantsTable,
} from './tables/catalog.ts';
import type { LineLoginStatesTable, MemberLineLinksTable, SimLineCodesTable } from './tables/line.ts';
import type { NotificationsTable } from './tables/notifications.ts';
import type {
  IdempotencyKeysTable,
  OrderEventsTable,
  OrderGuestKeysTable,
  OrderLinesTable,
  OrdersTable,
  PaymentAttemptsTable,
  PaymentNoticesTable,
  ShippingMethodsTable,
} from './tables/orders.ts';
import type { PageRebuildSchedulersTable, PageRebuildsTable } from './tables/pages.ts';
import type { PromotionsTable, PromotionUsesTable } from './tables/promotions.ts';
import type {
  RestockAlertsTable,
  RestockTextSlotsTable,
  ShopSecretsTable,
  WishlistItemsTable,
} from './tables/restock.ts';
import type { RefundsTable, ReturnEventsTable, ReturnLinesTable, ReturnsTable } from './tables/returns.ts';
import type { ReviewHelpfulTable, ReviewMailStopsTable, ReviewReportsTable, ReviewsTable } from './tables/reviews.ts';
import type { ShipmentEventsTable, ShipmentNoticesTable, ShipmentsTable } from './tables/shipping.ts';
import type {
  SimCvsStoresTable,
  SimEcpayCreditTable,
  SimEcpayTradesTable,
  SimInvoiceAllowancesTable,
  SimInvoicesTable,
  SimLogisticsOrdersTable,
  SimLogisticsReturnsTable,
} from './tables/simulators.ts';
import type { AdminAuditTable, StaffRecoveryCodesTable, StaffSessionsTable, StaffTable } from './tables/staff.ts';

/**
 * Table types shared by SQLite and PostgreSQL, one file a domain under `tables/`. Times are epoch
 * milliseconds (bigint), booleans are 0/1 integers, money is an integer number of NT$: the same
 * values on both engines.
 */

/** The states of an order (the wire and the database name them alike). */
export type { OrderState };

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
  sim_ecpay_credit: SimEcpayCreditTable;
  sim_invoice_allowances: SimInvoiceAllowancesTable;
  sim_logistics_returns: SimLogisticsReturnsTable;
  sim_invoices: SimInvoicesTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  shipping_methods: ShippingMethodsTable;
  orders: OrdersTable;
  order_guest_keys: OrderGuestKeysTable;
  order_lines: OrderLinesTable;
  order_events: OrderEventsTable;
  idempotency_keys: IdempotencyKeysTable;
  payment_attempts: PaymentAttemptsTable;
  payment_notices: PaymentNoticesTable;
  checkout_stores: CheckoutStoresTable;
  cvs_map_tickets: CvsMapTicketsTable;
  phone_proofs: PhoneProofsTable;
  catalog_changes: CatalogChangesTable;
  promotions: PromotionsTable;
  promotion_uses: PromotionUsesTable;
  shipments: ShipmentsTable;
  shipment_events: ShipmentEventsTable;
  shipment_notices: ShipmentNoticesTable;
  sim_logistics_orders: SimLogisticsOrdersTable;
  page_rebuilds: PageRebuildsTable;
  page_rebuild_schedulers: PageRebuildSchedulersTable;
  notifications: NotificationsTable;
  staff: StaffTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_sessions: StaffSessionsTable;
  admin_audit: AdminAuditTable;
  restock_alerts: RestockAlertsTable;
  restock_text_slots: RestockTextSlotsTable;
  wishlist_items: WishlistItemsTable;
  shop_secrets: ShopSecretsTable;
  member_line_links: MemberLineLinksTable;
  line_login_states: LineLoginStatesTable;
  sim_line_codes: SimLineCodesTable;
  returns: ReturnsTable;
  reviews: ReviewsTable;
  review_helpful: ReviewHelpfulTable;
  review_reports: ReviewReportsTable;
  review_mail_stops: ReviewMailStopsTable;
  return_lines: ReturnLinesTable;
  return_events: ReturnEventsTable;
  refunds: RefundsTable;
}
