import { z } from 'zod';
import {
  ECPAY_AMOUNT_LIMITS,
  KEEP_ALIVE_SECONDS,
  LOW_STOCK_AT_DEFAULT,
  NOTIFY_RETRY_BASE_MS,
  NOTIFY_RETRY_MAX_MS,
  NOTIFY_SEND_INTERVAL_MS,
  PAGE_CACHE_MB,
  PAYMENT_GRACE_MS,
  RESTOCK_ALERTS_PER_HOUR,
  RETURN_WINDOW_DAYS,
  REVIEW_REQUEST_DAYS,
} from '../config.ts';
import { INSTALLMENT_PERIODS } from '../lib/checkout/installments.ts';
import { LOG_LEVELS } from './common/log.ts';

/**
 * What the operator's manual says of a variable: its meaning (Markdown, one line) and, when the schema
 * has no default of its own, what applies while it is unset. `npm run docs` writes the table of
 * docs/operator/configuration.md from these entries; a unit test fails when the two differ.
 */
export interface VariableDoc {
  meaning: string;
  unset?: string;
}
export const variableDocs = z.registry<VariableDoc>();
/** A variable of the schema below with its manual entry: every variable is one `about(...)` entry. */
const about = <T extends z.ZodType>(schema: T, meaning: string, unset?: string): T => {
  variableDocs.add(schema, unset === undefined ? { meaning } : { meaning, unset });
  return schema;
};

const limit = ({ min, max }: { min: number; max: number | null }) => `${min}-${max ?? ''}`;

/** `min-max` or `min-` (no upper bound), whole NT$. */
const amountRange = z
  .string()
  .regex(/^\d{1,7}-\d{0,7}$/, 'expected min-max in whole NT$, e.g. 33-6000')
  .transform((s) => {
    const [min, max] = s.split('-');
    return { min: Number(min), max: max ? Number(max) : null };
  })
  .refine((r) => r.max === null || r.max >= r.min, 'max below min');

const periodRe = new RegExp(`^(${INSTALLMENT_PERIODS.join('|')})$`);
/** `3,6,12`: the installment periods of the merchant's contract, shortest first. */
const periodList = z
  .string()
  .transform((s) => s.split(',').map((p) => p.trim()))
  .refine((ps) => ps.every((p) => periodRe.test(p)), `expected periods among ${INSTALLMENT_PERIODS.join(',')}`)
  .transform((ps) => [...new Set(ps.map(Number))].sort((a, b) => a - b));
/** `3:3000,12:12000`: the smallest total (whole NT$) per period. */
const periodMinimums = z
  .string()
  .refine(
    (s) => s.split(',').every((p) => /^\s*\d{1,2}\s*:\s*\d{1,7}\s*$/.test(p) && periodRe.test(p.split(':')[0]!.trim())),
    'expected period:amount pairs, e.g. 3:3000,12:12000',
  )
  .transform((s) => Object.fromEntries(s.split(',').map((p) => p.split(':').map((x) => Number(x.trim())))));
/** A fresh on/off switch per variable (the manual's registry keys on the schema). */
const flag = () => z.enum(['0', '1']).default('0');

/** More proxies than this in front of the shop is taken for a typo. */
const MAX_PROXY_HOPS = 16;

const schema = z.object({
  NODE_ENV: about(
    z.enum(['development', 'production', 'test']).default('development'),
    '`production` refuses development endpoints and simulators',
  ),
  PORT: about(z.coerce.number().int().min(0).max(65_535).default(4321), 'HTTP port'),
  HOST: about(z.string().min(1).default('localhost'), 'interface to listen on (`0.0.0.0` for all)'),
  KEEP_ALIVE_SECONDS: about(
    z.coerce.number().int().min(1).max(3600).default(KEEP_ALIVE_SECONDS),
    "seconds an idle keep-alive connection stays open (`headersTimeout` 5 s above it); behind a load balancer, set it above the balancer's idle timeout (AWS ALB: 60 s) or it answers some requests with 502",
  ),
  SQLITE_PATH: about(z.string().min(1).default('./data/shop.sqlite'), 'embedded database file, created on first run'),
  // Inside the project: built chunks import its packages.
  DIST_DIR: about(
    z.string().min(1).default('dist'),
    'build output inside the project: `releases/` and the live `client` link',
  ),
  FLAT_RELEASES: about(
    flag(),
    "`1`: every release holds every page (for serving `dist/client` with another server); `0`: an edit's rebuild writes only the pages it rendered and reads the others from the last full release (operator/deploying.md, A release over a base)",
  ),
  REBUILD_CHECK_SECONDS: about(
    z.coerce.number().int().min(0).default(30),
    'how often a serving process checks whether its pages need a rebuild (and it rebuilds them); `0`: never (pages built by a job)',
  ),
  REBUILD_STANDBY: about(
    z.enum(['0', '1']).default('1'),
    "`1`: the rebuild's process is started ahead of need (it loads the build's code and bundles the pages' code, then waits, so an edit's rebuild starts at its first page, 3 to 4 s sooner; one idle process of about 730 MB beside each serving one); `0`: started when a rebuild begins",
  ),
  DATABASE_URL: about(z.string().url().optional(), 'PostgreSQL connection URL; when set, SQLite is not used'),
  PAGE_CACHE_MB: about(
    z.coerce.number().positive().default(PAGE_CACHE_MB),
    'megabytes of built files (pages, assets, their .br/.gz twins) the site server keeps in memory; the least recently served are dropped first',
  ),
  MEDIA_DIR: about(
    z.string().min(1).default('./data/media'),
    "the shop's own photos (catalog import), served at `/media/`; outside `dist/` so every build keeps them",
  ),
  MEDIA_S3_BUCKET: about(
    z.string().min(3).max(63).optional(),
    "the shop's photos in this S3-compatible bucket (AWS S3, R2, MinIO, B2) instead of MEDIA_DIR, shared by every instance; credentials from the standard AWS variables (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, or a profile or role)",
    '(unset: photos in MEDIA_DIR)',
  ),
  MEDIA_S3_ENDPOINT: about(
    z.string().url().optional(),
    "the bucket's service address (R2: `https://<account>.r2.cloudflarestorage.com`, MinIO: its URL)",
    '(unset: AWS S3)',
  ),
  MEDIA_S3_REGION: about(
    z.string().min(1).optional(),
    "the bucket's region (`auto` for R2)",
    '(unset: AWS_REGION, else `us-east-1`)',
  ),
  MEDIA_S3_FORCE_PATH_STYLE: about(
    flag(),
    '`1`: the bucket in the path (`endpoint/bucket/key`), as MinIO and most local servers need',
  ),
  PAGES_S3_BUCKET: about(
    z.string().min(3).max(63).optional(),
    "the built pages in this S3-compatible bucket (at the media bucket's service: MEDIA_S3_ENDPOINT, MEDIA_S3_REGION, MEDIA_S3_FORCE_PATH_STYLE, the same credentials): the instance that rebuilds uploads the files that changed, the others download them instead of rendering; a CDN in front of it can serve the pages",
    '(unset: each instance serves its own builds)',
  ),
  MEDIA_PUBLIC_BASE: about(
    z
      .string()
      .url()
      .transform((s) => s.replace(/\/+$/, ''))
      .optional(),
    "public address of the photos (the bucket's public URL or a CDN in front of it): pages and feeds link `<base>/products/…`",
    '(unset: the shop serves them at `/media/`)',
  ),
  API_BASE: about(
    z.string().url().optional(),
    'build only: fetch catalog data from this API over HTTP instead of in process',
  ),
  PUBLIC_API_BASE: about(z.string().default(''), 'base URL the browser uses for the API', '(empty: same origin)'),
  SMS_PROVIDER: about(
    z.enum(['outbox', 'http']).default('outbox'),
    '`outbox` (development outbox) or `http` (SMS gateway)',
  ),
  SMS_HTTP_URL: about(z.string().url().optional(), 'the HTTP SMS gateway: its URL'),
  SMS_HTTP_TOKEN: about(z.string().optional(), 'the HTTP SMS gateway: its Bearer token'),
  SMS_HTTP_TIMEOUT_MS: about(
    z.coerce.number().int().positive().default(5_000),
    'the HTTP SMS gateway: how long to wait for its answer, in ms',
  ),
  EMAIL_PROVIDER: about(
    z.enum(['outbox', 'smtp']).default('outbox'),
    '`outbox` (development outbox) or `smtp` (a real mail server)',
  ),
  SMTP_URL: about(
    z.string().url().optional(),
    'the mail server: `smtp://user:pass@host:587` (STARTTLS) or `smtps://…:465`',
  ),
  MAIL_FROM: about(
    z.string().min(3).default('聲林音響 Soundwood Audio <no-reply@soundwood.tw>'),
    "sender of the shop's emails",
  ),
  SHOP_NOTIFY_EMAIL: about(
    z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.email()).max(20))
      .optional(),
    "the owner's alerts: one or more addresses, comma-separated (`owner-new-order`, `owner-needs-action`, `owner-low-stock`, `owner-daily`, `owner-staff-login`, `owner-return-requested`)",
    '(unset: no owner mail)',
  ),
  SHOP_NOTIFY_LOCALE: about(
    z.enum(['zh-TW', 'en']).default('zh-TW'),
    "the language of the owner's mails and webhook texts (`zh-TW` or `en`)",
  ),
  SHOP_NOTIFY_WEBHOOK: about(
    z.url({ protocol: /^https?$/ }).optional(),
    "optional: the owner's alerts and the returns' and refunds' events (`return-approved` … `refund-failed`) as JSON, signed `X-Shop-Signature: sha256=<HMAC-SHA256 hex of the body>` with `SHOP_NOTIFY_WEBHOOK_SECRET`",
  ),
  SHOP_NOTIFY_WEBHOOK_SECRET: about(
    z.string().min(16).optional(),
    "the webhook's signing secret (16+ characters; required with the webhook)",
  ),
  NOTIFY_SEND_INTERVAL_MS: about(
    z.coerce.number().int().min(10).max(3_600_000).optional(),
    "load suite only: the notification sender's pass interval, in ms (the suite's F6 runs 100)",
    `\`${NOTIFY_SEND_INTERVAL_MS}\``,
  ),
  NOTIFY_RETRY_BASE_MS: about(
    z.coerce.number().int().min(10).max(3_600_000).optional(),
    "load suite only: the notification sender's first retry pause, in ms, doubled per attempt (the suite's F6 runs 100)",
    `\`${NOTIFY_RETRY_BASE_MS}\``,
  ),
  NOTIFY_RETRY_MAX_MS: about(
    z.coerce.number().int().min(10).max(86_400_000).optional(),
    "load suite only: the notification sender's longest retry pause, in ms (the suite's F6 runs 400)",
    `\`${NOTIFY_RETRY_MAX_MS}\``,
  ),
  LOW_STOCK_AT: about(
    z.coerce.number().int().min(0).max(10_000).optional(),
    "a variant's stock falling to this or below mails the owner (`owner-low-stock`), once per crossing",
    `\`${LOW_STOCK_AT_DEFAULT}\``,
  ),
  RESTOCK_ALERTS_PER_HOUR: about(
    z.coerce.number().int().min(1).max(100).optional(),
    'at most this many restock texts to one phone in any hour; more wait their turn in the outbox (mails are not limited)',
    `\`${RESTOCK_ALERTS_PER_HOUR}\``,
  ),
  SITE_URL: about(
    z.string().url().default('http://localhost:4321'),
    'origin of the storefront: canonical links, the sitemap and links in emails',
  ),
  CORS_ORIGINS: about(
    z.string().default(''),
    'comma-separated storefront origins allowed to call the API cross-origin',
    '(empty)',
  ),
  ALLOW_SIMULATORS: about(
    z.enum(['0', '1']).default('0'),
    '`1` lets a production start use the local provider simulators',
  ),
  ALLOW_FAULTS: about(
    z.enum(['0', '1']).default('0'),
    '`1` lets `POST /api/dev/faults` arm test faults under `NODE_ENV=production` (load and fault suites only)',
  ),
  TRUST_PROXY: about(
    z.coerce.number().int().min(0).max(MAX_PROXY_HOPS).default(0),
    "`<hops>`: how many proxies append to `X-Forwarded-For`; `0` reads the socket's peer, `1` takes its rightmost entry (one load balancer), `2` the second from the right, and so on (see [Beyond one machine](deploying.md#beyond-one-machine))",
  ),
  ECPAY_ENV: about(
    z.enum(['simulator', 'stage', 'production']).optional(),
    '`simulator` (local cashier and store map), `stage` or `production` ECPay',
    '`production` under `NODE_ENV=production` without `ALLOW_SIMULATORS=1`, else `simulator`',
  ),
  ECPAY_MERCHANT_ID: about(
    z
      .string()
      .regex(/^\d{7,10}$/)
      .optional(),
    'ECPay payment (AIO) merchant; required when `ECPAY_ENV=production`',
    'stage merchant `3002607`',
  ),
  ECPAY_HASH_KEY: about(z.string().min(8).optional(), "the payment merchant's HashKey", "the stage merchant's"),
  ECPAY_HASH_IV: about(z.string().min(8).optional(), "the payment merchant's HashIV", "the stage merchant's"),
  ECPAY_CREDIT_CHECK_CODE: about(
    z
      .string()
      .regex(/^\d{1,12}$/)
      .optional(),
    "the merchant's check code of card refunds (`CreditCheckCode` of CreditDetail/QueryTrade/V2: ECPay's merchant console, 信用卡收單 → 信用卡授權資訊)",
    "(unset: the simulator's own code outside production)",
  ),
  ECPAY_LOGISTICS_MERCHANT_ID: about(
    z
      .string()
      .regex(/^\d{7,10}$/)
      .optional(),
    'ECPay logistics (C2C store pickup, home delivery) merchant; required in production',
    'stage merchant `2000933`',
  ),
  ECPAY_LOGISTICS_HASH_KEY: about(
    z.string().min(8).optional(),
    "the logistics merchant's HashKey",
    "the stage merchant's",
  ),
  ECPAY_LOGISTICS_HASH_IV: about(
    z.string().min(8).optional(),
    "the logistics merchant's HashIV",
    "the stage merchant's",
  ),
  ECPAY_HOME_CARRIER: about(
    z.enum(['TCAT', 'POST']).default('TCAT'),
    "home delivery through ECPay's logistics: `TCAT` (T-CAT) or `POST` (Chunghwa Post)",
  ),
  ECPAY_INVOICE_MERCHANT_ID: about(
    z
      .string()
      .regex(/^\d{7,10}$/)
      .optional(),
    'ECPay B2C e-invoice merchant; required in production',
    'stage merchant `2000132`',
  ),
  ECPAY_INVOICE_HASH_KEY: about(
    z.string().length(16).optional(),
    "the e-invoice merchant's HashKey (16 characters)",
    "the stage merchant's",
  ),
  ECPAY_INVOICE_HASH_IV: about(
    z.string().length(16).optional(),
    "the e-invoice merchant's HashIV (16 characters)",
    "the stage merchant's",
  ),
  ECPAY_PAYMENT_BASE_URL: about(
    z.url({ protocol: /^https?$/ }).optional(),
    "the origin of ECPay's payment server (cashier and QueryTradeInfo), for a proxy, a recorded fake or another simulator",
    'by `ECPAY_ENV`: the local simulator, `https://payment-stage.ecpay.com.tw` or the production origin',
  ),
  ECPAY_INVOICE_BASE_URL: about(
    z.url({ protocol: /^https?$/ }).optional(),
    "the origin of ECPay's B2C e-invoice server",
    'by `ECPAY_ENV`: the local simulator, `https://einvoice-stage.ecpay.com.tw` or the production origin',
  ),
  ECPAY_LOGISTICS_BASE_URL: about(
    z.url({ protocol: /^https?$/ }).optional(),
    "the origin of ECPay's store map and logistics server",
    'by `ECPAY_ENV`: the local simulator, `https://logistics-stage.ecpay.com.tw` or the production origin',
  ),
  ECPAY_LIMIT_CREDIT: about(
    amountRange.optional(),
    'amounts the cashier takes by card (`min-max` in NT$, `min-` for no upper bound)',
    `\`${limit(ECPAY_AMOUNT_LIMITS.credit)}\``,
  ),
  ECPAY_LIMIT_ATM: about(
    amountRange.optional(),
    'amounts the cashier takes by ATM transfer (`min-max` in NT$)',
    `\`${limit(ECPAY_AMOUNT_LIMITS.atm)}\``,
  ),
  ECPAY_LIMIT_CVS: about(
    amountRange.optional(),
    'amounts the cashier takes by convenience-store code (`min-max` in NT$)',
    `\`${limit(ECPAY_AMOUNT_LIMITS.cvs_code)}\``,
  ),
  ECPAY_LIMIT_APPLE_PAY: about(
    amountRange.optional(),
    'amounts the cashier takes by Apple Pay (`min-max` in NT$, `min-` for no upper bound)',
    `\`${limit(ECPAY_AMOUNT_LIMITS.apple_pay)}\``,
  ),
  ECPAY_LIMIT_TWQR: about(
    amountRange.optional(),
    'amounts the cashier takes by TWQR (`min-max` in NT$, `min-` for no upper bound)',
    `\`${limit(ECPAY_AMOUNT_LIMITS.twqr)}\``,
  ),
  ECPAY_INSTALLMENTS: about(
    periodList.optional(),
    `card installment periods the merchant's ECPay contract allows, e.g. \`3,6,12,24\` (among ${INSTALLMENT_PERIODS.join(', ')})`,
    '(unset: no installments)',
  ),
  INSTALLMENT_MIN_AMOUNT: about(
    periodMinimums.optional(),
    'the smallest order total per installment period, e.g. `3:3000,6:6000,12:12000,24:24000` (whole NT$)',
    '(unset: any total of at least NT$1 a payment)',
  ),
  INSTALLMENT_INTEREST_FREE: about(
    flag(),
    "`1`: the shop pays the banks' installment fee, and the pages say 0% interest (無息分期)",
  ),
  ECPAY_APPLE_PAY: about(flag(), "`1` offers Apple Pay (ECPay's `ApplePay`) in browsers that can pay with it"),
  ECPAY_TWQR: about(flag(), '`1` offers TWQR, the national QR code that Taiwan Pay, JKO and other wallets scan'),
  ECPAY_REDEEM: about(flag(), "`1` lets a one-payment card order use the card's bonus points (ECPay's `Redeem=Y`)"),
  PAYMENT_GRACE_HOURS: about(
    z.coerce
      .number()
      .min(0)
      .max(24 * 14)
      .optional(),
    'how long an ATM or store-code order keeps its stock after the account or code expired',
    `\`${PAYMENT_GRACE_MS / 3_600_000}\``,
  ),
  RETURN_WINDOW_DAYS: about(
    z.coerce.number().int().min(1).max(365).optional(),
    'days a delivered or picked-up order may be returned, from the delivery or pickup its parcel reported (Consumer Protection Act §19)',
    `\`${RETURN_WINDOW_DAYS}\``,
  ),
  REVIEWS_MODERATION: about(
    z.enum(['pre', 'post']).default('post'),
    "`post`: a shopper's review is published at once and the owner hides it if needed; `pre`: it waits (and waits again after an edit) until the owner publishes it",
  ),
  REVIEW_REQUESTS: about(
    z.enum(['0', '1']).default('1'),
    "`1` (default): shoppers are mailed once to review an order's products REVIEW_REQUEST_DAYS after delivery, with a link to the review form (`/review`); `0`: no such mail",
  ),
  REVIEW_REQUEST_DAYS: about(
    z.coerce.number().int().min(1).max(90).optional(),
    "days after an order's delivery or pickup when the shopper is mailed once (outbox purpose `review-request`) to review its products; never for a cancelled or returned order",
    `\`${REVIEW_REQUEST_DAYS}\``,
  ),
  INVOICE_ALLOWANCE_ONLINE: about(
    z.enum(['0', '1']).default('0'),
    "`1`: a return's e-invoice allowance is agreed online: ECPay mails the buyer a link to agree (AllowanceByCollegiate, 72 hours) and reports the allowance's number when the buyer does; `0`: the allowance is issued at once (Allowance), the buyer told by mail",
  ),
  ECPAY_SIM_RESEND_MS: about(
    z.coerce
      .number()
      .int()
      .min(10)
      .max(3_600_000)
      .default(5 * 60_000),
    'simulator only: the shortest pause before it resends an unanswered notice (ECPay: 5 to 15 minutes)',
  ),
  LINE_CHANNEL_ID: about(
    z
      .string()
      .regex(/^\d{6,20}$/)
      .optional(),
    "the LINE Login channel's ID (LINE Developers console); without it and the secret a production start offers no LINE sign-in (`line_error=unavailable`)",
    "(unset: the simulator's channel `1650000000`)",
  ),
  LINE_CHANNEL_SECRET: about(z.string().min(16).max(128).optional(), "the LINE Login channel's secret"),
  LINE_AUTH_BASE: about(
    z.url({ protocol: /^https?$/ }).optional(),
    "where LINE Login's authorize page lives (`/oauth2/v2.1/authorize` under it), for a proxy or another simulator",
    "LINE's (`https://access.line.me`) in production, else the simulator",
  ),
  LINE_API_BASE: about(
    z.url({ protocol: /^https?$/ }).optional(),
    "where LINE Login's token and verify API lives (`/oauth2/v2.1/…` under it)",
    "LINE's (`https://api.line.me`) in production, else the simulator",
  ),
  LOG_LEVEL: about(
    z.enum(LOG_LEVELS).optional(),
    'how much the server logs (one JSON line a request, plus events): `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`; read at start',
    '`info` (`silent` with `NODE_ENV=test`)',
  ),
  METRICS_TOKEN: about(
    z.string().min(16).optional(),
    'the Bearer token a monitor sends for `GET /api/metrics` from another machine (at least 16 characters); unset: metrics answer this machine only',
  ),
  SCRYPT_LOG_N: about(
    z.coerce.number().int().min(10).max(20).default(17),
    'password hashing cost (log2 N of scrypt); keep 17 in production (tests may lower it for speed)',
  ),
});

/** Every variable the shop reads, in the order of the manual's table. */
export const envSchema = schema;

export type ServerEnv = z.infer<typeof schema>;

/** Parses the environment; throws a readable error naming every bad variable. */
export function readEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}\nFix these variables and start again.`);
  }
  return parsed.data;
}

export const isProduction = (env: ServerEnv): boolean => env.NODE_ENV === 'production';
