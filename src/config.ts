/**
 * Every figure of spec section 9 as a named constant, and the environment parsed once.
 * Client code imports the constants; only server code calls `serverEnv()`.
 */

export const LOCALES = ['zh-TW', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-TW';
export const TIME_ZONE = 'Asia/Taipei';

export const COOKIE = {
  accessToken: 'accessToken',
  userInfo: 'userInfo',
  recordPage: 'recordPage',
  locale: 'i18n_redirected',
  theme: 'theme',
} as const;
/** Token, user info and return page cookies: 7 days. */
export const AUTH_COOKIE_MAX_AGE_S = 604_800;
export const AUTH_COOKIE_DAYS = 7;
export const LOCALE_COOKIE_DAYS = 365;

export const POLLING_DELAY_MS = 5_000;
export const POLLING_ERROR_THRESHOLD = 3;
export const RELOAD_GUARD_MS = 10_000;
export const OUTDATED_BUILD_CHECK_MS = 3_600_000;
export const HEAD_UPDATE_DEBOUNCE_MS = 10;
export const SCROLL_TO_TOP_DELAY_MS = 1_600;
export const LANGUAGE_RELOAD_DELAY_MS = 300;

export const SYS_VARS_PAGE_SIZE = 10;
export const SYS_VARS_FIRST_PAGE = 1;
export const SITE_METAS_CLIENT_FLAG = 1;

export const LOADING_BAR = {
  throttleMs: 200,
  durationMs: 2_000,
  height: 3,
  hideDelayMs: 500,
  resetDelayMs: 400,
} as const;
export const ANIMATION_DEFAULT_SPEED = 1;

export const BREAKPOINTS = {
  mobile: 375,
  portrait: 576,
  tabletSm: 768,
  tablet: 1024,
  tabletLg: 1200,
  pcSm: 1440,
  pc: 1600,
  pcLg: 1920,
} as const;

export const MODAL = { width: '90%', maxWidth: '600px', maxHeight: '90vh', fadeMs: 100 } as const;

export const SMOOTH_SCROLL = {
  enabled: true,
  lerp: 0.1,
  minWidth: BREAKPOINTS.tablet,
  scrollToDurationMs: 1_000,
  easing: [0.25, 0, 0.35, 1] as const,
} as const;

export const THEME_COLORS = {
  primary: '#63E2B7',
  info: '#70c0e8',
  success: '#63e2b7',
  warning: '#f2c97d',
  error: '#EF4444',
} as const;
export const BORDER_RADIUS = '10px';

export const PREFETCH_MAX_CONCURRENT = 5;

/** Statuses on which an idempotent request is retried once (spec section 7). */
export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;
export const RETRY_COUNT = 1;

/** OTP resend countdown shown in forms. */
export const OTP_RESEND_SECONDS = 60;

/** Password length in characters (code points): at least 8, at most 128 (security.md). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** One-time codes: 6 digits, valid 5 minutes. */
export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 5 * 60_000;

/** Storefront pages: list sizes of the prerendered listings and the home sections. */
export const PRODUCTS_PAGE_SIZE = 24;
export const ARTICLES_PAGE_SIZE = 12;
export const HOME_NEW_PRODUCTS = 8;
export const HOME_LATEST_ARTICLES = 3;
export const RELATED_PRODUCTS = 4;
/** Largest page size the catalog API accepts: the build reads whole lists in pages of this size. */
export const API_MAX_PAGE_SIZE = 100;
/** The catalog import's --withdraw-missing refuses to withdraw more than this share of the products on sale without --yes. */
export const CATALOG_WITHDRAW_MAX_SHARE = 0.5;
/** Product images above the fold on listing pages (loaded eagerly); the rest load lazily. */
export const EAGER_IMAGES = 4;
/** Stock at or below this count shows 'only N left'. */
export const LOW_STOCK_THRESHOLD = 3;

/** Cart rules (issue 7): quantity 1 to 99 per line, at most 50 lines, guest carts kept 30 days. */
export const CART_MAX_QUANTITY = 99;
export const CART_MAX_LINES = 50;
export const CART_TOKEN_DAYS = 30;
export const CART_TOKEN_MAX_AGE_MS = CART_TOKEN_DAYS * 86_400_000;
/** The guest cart's cookie (sent back as the `X-Cart-Token` header) and the cached header count. */
export const CART_COOKIE = 'cartToken';
export const CART_TOKEN_HEADER = 'X-Cart-Token';
export const CART_COUNT_STORAGE_KEY = 'cartCount';
/** Fired on `window` in the tab that changed the count; other tabs hear the `storage` event. */
export const CART_COUNT_EVENT = 'cart:count';

/** Payment (issue 9): an unpaid card attempt holds the order's stock this long before it is released. */
export const CARD_PAY_TIMEOUT_MS = 30 * 60_000;
/** How often a serving process releases unpaid orders and retries e-invoices. */
export const PAYMENT_SWEEP_INTERVAL_MS = 60_000;
/** How long GET /api/health/ready waits for the database before answering 503. */
export const READY_DB_TIMEOUT_MS = 2_000;
/** A payment attempt older than this, its order still awaiting payment, is looked up at ECPay (a notice may be lost). */
export const RECONCILE_AFTER_MS = 5 * 60_000;
/** The same attempt is looked up again at most this often while its order awaits payment. */
export const RECONCILE_EVERY_MS = 5 * 60_000;
/** Attempts looked up per sweep pass; the next pass takes the rest. */
export const RECONCILE_BATCH = 50;
/**
 * ATM and store-code orders keep their stock this long after the account or code expired (ECPay's
 * notice of a last-minute payment can come up to a day later); PAYMENT_GRACE_HOURS overrides it.
 */
export const PAYMENT_GRACE_MS = 24 * 3_600_000;
/**
 * Days after the parcel's delivery or pickup (as its status notice reported it) during which the
 * shopper may ask to return the order (Consumer Protection Act §19: seven); RETURN_WINDOW_DAYS overrides it.
 */
export const RETURN_WINDOW_DAYS = 7;
/** The longest free-text reason of a return request. */
export const RETURN_REASON_TEXT_MAX = 500;
/** Days after it was written during which a review may be edited; then it is frozen. */
export const REVIEW_EDIT_DAYS = 30;
/** The longest title of a review (one line) and the longest text (several lines). */
export const REVIEW_TITLE_MAX = 100;
export const REVIEW_BODY_MAX = 2000;
/**
 * Days after an order's delivery or pickup when its one mail asking for reviews goes
 * (REVIEW_REQUEST_DAYS overrides it); an order delivered more than REVIEW_REQUEST_LATE_DAYS before
 * it fell due is not asked any more (a shop turning reviews on does not mail its whole past). The
 * late days must not pass NOTIFY_KEEP_MS: the sent mail's outbox row is what says it went.
 */
export const REVIEW_REQUEST_DAYS = 10;
export const REVIEW_REQUEST_LATE_DAYS = 30;
/** Orders looked at per pass of the review requests; the next pass takes the rest. */
export const REVIEW_REQUEST_BATCH = 100;
/** Reviews per page of a product's list, unless the request asks for another size. */
export const REVIEWS_PAGE_SIZE = 10;
/** Reviews a product page shows in its prerendered HTML (and its structured data): the newest. */
export const REVIEWS_ON_PAGE = 5;
/** The longest reason the shop gives for hiding a review, and the longest reply it posts under one. */
export const REVIEW_HIDE_REASON_MAX = 200;
export const REVIEW_REPLY_MAX = 2000;
/**
 * What ECPay's cashier accepts per method for a standard merchant, whole NT$ (ECPAY_LIMIT_CREDIT,
 * ECPAY_LIMIT_ATM, ECPAY_LIMIT_CVS, ECPAY_LIMIT_APPLE_PAY and ECPAY_LIMIT_TWQR override them as
 * `min-max`, `min-` for no upper bound).
 */
export const ECPAY_AMOUNT_LIMITS = {
  credit: { min: 5, max: null },
  atm: { min: 11, max: 49_999 },
  cvs_code: { min: 33, max: 6_000 },
  // A card payment through the wallet: the card's range until the merchant's contract says otherwise.
  apple_pay: { min: 5, max: null },
  twqr: { min: 5, max: null },
} as const satisfies Record<string, { min: number; max: number | null }>;
/** An e-invoice is tried this many times (once per sweep after the first) before it waits for a person. */
export const INVOICE_MAX_ATTEMPTS = 20;
/**
 * After a failed issue or void, the next try waits INVOICE_RETRY_BASE_MS doubled per attempt so far
 * (1, 2, 4, 8... minutes), at most INVOICE_RETRY_MAX_MS: a provider that is down or rate-limits
 * (ECPay answers HTTP 403 to too-frequent calls) is not hammered once a minute.
 */
export const INVOICE_RETRY_BASE_MS = 60_000;
export const INVOICE_RETRY_MAX_MS = 60 * 60_000;
/** How long the e-invoice adapter waits for ECPay's answer before it counts the call as unclear. */
export const INVOICE_TIMEOUT_MS = 10_000;

/** The order note's length limit (characters). */
export const CHECKOUT_NOTE_MAX = 200;
/** Orders per page in the member's order list. */
export const ORDERS_PAGE_SIZE = 10;

/**
 * Notifications (issue 30): the outbox sender claims due rows for NOTIFY_LEASE_MS (another server
 * takes a row only once its lease ran out), every NOTIFY_SEND_INTERVAL_MS, NOTIFY_BATCH at a time.
 * A failed delivery waits NOTIFY_RETRY_BASE_MS doubled per attempt (at most NOTIFY_RETRY_MAX_MS) and
 * is given up after NOTIFY_MAX_ATTEMPTS (about two days of an hour apart), then listed as failed.
 */
export const NOTIFY_LEASE_MS = 2 * 60_000;
export const NOTIFY_SEND_INTERVAL_MS = 15_000;
export const NOTIFY_BATCH = 50;
export const NOTIFY_RETRY_BASE_MS = 30_000;
export const NOTIFY_RETRY_MAX_MS = 60 * 60_000;
export const NOTIFY_MAX_ATTEMPTS = 60;
/**
 * An ATM or store-code order's placed mail waits (looking again every NOTIFY_PAY_INFO_POLL_MS) for
 * ECPay to give the account or code, at most NOTIFY_PAY_INFO_WAIT_MS after the order, then goes without.
 */
export const NOTIFY_PAY_INFO_WAIT_MS = 30 * 60_000;
export const NOTIFY_PAY_INFO_POLL_MS = 60_000;
/**
 * A return's approved mail waits for the return parcel's code (a booking under way or to be retried),
 * and a refund's sent mail for the e-invoice's correction (the allowance number), each looking again
 * every NOTIFY_PAY_INFO_POLL_MS, at most NOTIFY_RETURN_WAIT_MS after it was queued, then goes without.
 */
export const NOTIFY_RETURN_WAIT_MS = 30 * 60_000;
/** Sent and skipped notifications are deleted by the maintenance sweep this long after they were written. */
export const NOTIFY_KEEP_MS = 30 * 86_400_000;
/** How long the webhook adapter waits for the receiver's answer. */
export const NOTIFY_WEBHOOK_TIMEOUT_MS = 10_000;
/** A variant's stock at or below this (LOW_STOCK_AT) mails the owner, once per crossing. */
export const LOW_STOCK_AT_DEFAULT = 3;
/** The owner's daily digest goes out from this hour (Taipei time), covering the day before. */
export const OWNER_DIGEST_HOUR = 9;

// The owner's console (issue 31).
/** A staff member's setup link (`/admin/setup?token=…`) works this long. */
export const STAFF_SETUP_TTL_MS = 24 * 3_600_000;
/** A staff session ends this long after sign-in, whatever the activity. */
export const STAFF_SESSION_TTL_MS = 12 * 3_600_000;
/** A staff session ends after this long without a request. */
export const STAFF_SESSION_IDLE_MS = 30 * 60_000;
/** TOTP (RFC 6238): a code changes every 30 s, has 6 digits; the step before and after are accepted. */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW_STEPS = 1;
/** The issuer named in the authenticator app. */
export const TOTP_ISSUER = 'Soundwood';
/** Recovery codes given at setup, each good for one sign-in. */
export const STAFF_RECOVERY_CODES = 10;
/** Failed console sign-ins to one staff account in one Taipei day after which the owners are mailed (once that day). */
export const STAFF_LOGIN_FAILURES_ALERT = 10;
/** Largest Shopify CSV the console uploads (the rest of the API reads at most 100 KB). */
export const ADMIN_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Lists of the console's Today page. */
export const ADMIN_TODAY_LIST_MAX = 50;
/**
 * Products on sale the product feeds leave out for want of a photo: the console's catalog page lists
 * FEED_GAPS_LIST_MAX of them, the build's log line names FEED_GAPS_LOG_MAX (both give the count).
 */
export const FEED_GAPS_LIST_MAX = 20;
export const FEED_GAPS_LOG_MAX = 10;

/** Today shows this many low-stock variants (the lowest); the catalog's low-stock filter shows them all. */
export const ADMIN_TODAY_LOW_STOCK_MAX = 10;
/** An unclaimed parcel waits in the console's "needs action" this long after it came back. */
export const ADMIN_UNCLAIMED_DAYS = 14;
/** Labels printed on one sheet at most. */
export const ADMIN_LABELS_MAX = 50;
/**
 * Restock alerts and the wishlist (issue 32). A phone gets at most RESTOCK_ALERTS_PER_HOUR restock
 * texts in any hour (the environment's RESTOCK_ALERTS_PER_HOUR overrides it); more wait their turn in
 * the outbox. A guest may ask for RESTOCK_GUEST_PER_IP_HOUR alerts an hour from one address; one
 * contact waits for at most RESTOCK_MAX_WAITING variants. An email given when asking counts once the
 * link mailed to it is followed within RESTOCK_CONFIRM_MS; one address gets at most
 * RESTOCK_CONFIRM_MAILS_PER_HOUR such links an hour. A wishlist holds WISHLIST_MAX variants and
 * its page shows WISHLIST_PAGE_SIZE at a time.
 */
export const RESTOCK_ALERTS_PER_HOUR = 3;
export const RESTOCK_GUEST_PER_IP_HOUR = 10;
export const RESTOCK_MAX_WAITING = 50;
export const RESTOCK_CONFIRM_MS = 7 * 24 * 3_600_000;
export const RESTOCK_CONFIRM_MAILS_PER_HOUR = 3;
export const WISHLIST_MAX = 200;
export const WISHLIST_PAGE_SIZE = 12;
/** The browser's key for a guest's wishlist taps (merged into the member's list at login). */
export const WISHLIST_STORAGE_KEY = 'sw-wishlist';
/**
 * How long the server keeps an idle connection open for another request (KEEP_ALIVE_SECONDS
 * overrides it): above a load balancer's idle timeout (AWS ALB: 60 s), or the balancer sends a request
 * on a connection the server is closing and answers 502. A request's headers may take
 * HEADERS_TIMEOUT_MARGIN_MS longer than that, as Node asks (headersTimeout above keepAliveTimeout).
 */
export const KEEP_ALIVE_SECONDS = 65;
export const HEADERS_TIMEOUT_MARGIN_MS = 5_000;
/**
 * The site server's memory for built files (PAGE_CACHE_MB overrides it): the pages, assets and their
 * precompressed twins it has served, least recently used dropped first. A crawler asking for every page
 * of a 10,000-product build once would otherwise keep all of them.
 */
export const PAGE_CACHE_MB = 128;
