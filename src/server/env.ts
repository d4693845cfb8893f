import { z } from 'zod';
import { KEEP_ALIVE_SECONDS } from '../config.ts';
import { LOG_LEVELS } from './common/log.ts';

/** `min-max` or `min-` (no upper bound), whole NT$. */
const amountRange = z
  .string()
  .regex(/^\d{1,7}-\d{0,7}$/, 'expected min-max in whole NT$, e.g. 33-6000')
  .transform((s) => {
    const [min, max] = s.split('-');
    return { min: Number(min), max: max ? Number(max) : null };
  })
  .refine((r) => r.max === null || r.max >= r.min, 'max below min');

/** More proxies than this in front of the shop is taken for a typo. */
const MAX_PROXY_HOPS = 16;

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(4321),
  HOST: z.string().min(1).default('localhost'),
  SQLITE_PATH: z.string().min(1).default('./data/shop.sqlite'),
  /** Build output: releases/ and the live client/ link; inside the project (built chunks import its packages). */
  DIST_DIR: z.string().min(1).default('dist'),
  // How often a serving process checks whether its pages need a rebuild (0: never; pages built by a job).
  REBUILD_CHECK_SECONDS: z.coerce.number().int().min(0).default(30),
  /** Seconds an idle connection stays open (config.ts KEEP_ALIVE_SECONDS); above the load balancer's idle timeout. */
  KEEP_ALIVE_SECONDS: z.coerce.number().int().min(1).max(3600).default(KEEP_ALIVE_SECONDS),
  DATABASE_URL: z.string().url().optional(),
  /** The shop's own photos (catalog import), served at /media/; outside the build output so builds keep them. */
  MEDIA_DIR: z.string().min(1).default('./data/media'),
  API_BASE: z.string().url().optional(),
  PUBLIC_API_BASE: z.string().default(''),
  SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  EMAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('聲林音響 Soundwood Audio <no-reply@soundwood.tw>'),
  /** The owner's alerts (issue 30): one or more addresses, comma-separated; unset: no owner mail. */
  SHOP_NOTIFY_EMAIL: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email()).max(20))
    .optional(),
  /** The language of the owner's mails. */
  SHOP_NOTIFY_LOCALE: z.enum(['zh-TW', 'en']).default('zh-TW'),
  /** Optional: the owner's events as signed JSON (X-Shop-Signature: HMAC-SHA256 with the secret). */
  SHOP_NOTIFY_WEBHOOK: z.url({ protocol: /^https?$/ }).optional(),
  SHOP_NOTIFY_WEBHOOK_SECRET: z.string().min(16).optional(),
  /**
   * Load suite only: the notification sender's pass interval and retry backoff (first pause, cap), in
   * ms, instead of config.ts NOTIFY_SEND_INTERVAL_MS, NOTIFY_RETRY_BASE_MS and NOTIFY_RETRY_MAX_MS.
   */
  NOTIFY_SEND_INTERVAL_MS: z.coerce.number().int().min(10).max(3_600_000).optional(),
  NOTIFY_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).optional(),
  NOTIFY_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).optional(),
  /** A variant's stock at or below this mails the owner (owner-low-stock), once per crossing. */
  LOW_STOCK_AT: z.coerce.number().int().min(0).max(10_000).optional(),
  /** At most this many restock texts to one phone in any hour (config.ts RESTOCK_ALERTS_PER_HOUR: 3). */
  RESTOCK_ALERTS_PER_HOUR: z.coerce.number().int().min(1).max(100).optional(),
  /** Origin of the storefront, for the links in emails (the build uses it for canonical links). */
  SITE_URL: z.string().url().default('http://localhost:4321'),
  CORS_ORIGINS: z.string().default(''),
  ALLOW_SIMULATORS: z.enum(['0', '1']).default('0'),
  /** `1` lets POST /api/dev/faults arm test faults under NODE_ENV=production (load and fault suites). */
  ALLOW_FAULTS: z.enum(['0', '1']).default('0'),
  /**
   * How many proxies in front of the server append to X-Forwarded-For: `0` reads the socket's peer,
   * `1` the rightmost entry (one load balancer), `n` the n-th entry from the right.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(MAX_PROXY_HOPS).default(0),
  /** `simulator` (local cashier and map), `stage` or `production` ECPay; see providers/ecpay/config.ts. */
  ECPAY_ENV: z.enum(['simulator', 'stage', 'production']).optional(),
  ECPAY_MERCHANT_ID: z
    .string()
    .regex(/^\d{7,10}$/)
    .optional(),
  ECPAY_HASH_KEY: z.string().min(8).optional(),
  ECPAY_HASH_IV: z.string().min(8).optional(),
  ECPAY_LOGISTICS_MERCHANT_ID: z
    .string()
    .regex(/^\d{7,10}$/)
    .optional(),
  ECPAY_LOGISTICS_HASH_KEY: z.string().min(8).optional(),
  ECPAY_LOGISTICS_HASH_IV: z.string().min(8).optional(),
  /** The carrier of home delivery through ECPay's logistics: T-CAT (TCAT) or Chunghwa Post (POST). */
  ECPAY_HOME_CARRIER: z.enum(['TCAT', 'POST']).default('TCAT'),
  ECPAY_INVOICE_MERCHANT_ID: z
    .string()
    .regex(/^\d{7,10}$/)
    .optional(),
  ECPAY_INVOICE_HASH_KEY: z.string().length(16).optional(),
  ECPAY_INVOICE_HASH_IV: z.string().length(16).optional(),
  /** Origins of ECPay's payment (cashier, QueryTradeInfo), B2C invoice and logistics servers; see providers/ecpay/config.ts. */
  ECPAY_PAYMENT_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  ECPAY_INVOICE_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  ECPAY_LOGISTICS_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Per-method amount limits of the cashier, `min-max` or `min-` (config.ts ECPAY_AMOUNT_LIMITS). */
  ECPAY_LIMIT_CREDIT: amountRange.optional(),
  ECPAY_LIMIT_ATM: amountRange.optional(),
  ECPAY_LIMIT_CVS: amountRange.optional(),
  /** Hours an expired ATM or store-code order keeps its stock before it is released (default 24). */
  PAYMENT_GRACE_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 14)
    .optional(),
  /** Simulator only: the pause between resends of an unanswered notice (ECPay: 5 to 15 minutes). */
  ECPAY_SIM_RESEND_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3_600_000)
    .default(5 * 60_000),
  /** LINE Login (issue 32): the channel's ID and secret (LINE Developers console, LINE Login channel). */
  LINE_CHANNEL_ID: z
    .string()
    .regex(/^\d{6,20}$/)
    .optional(),
  LINE_CHANNEL_SECRET: z.string().min(16).max(128).optional(),
  /**
   * Where LINE Login lives: the authorize page (LINE: https://access.line.me) and the token and verify
   * API (LINE: https://api.line.me). Unset: LINE's own in production, else the local simulator.
   */
  LINE_AUTH_BASE: z.url({ protocol: /^https?$/ }).optional(),
  LINE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /** How much the logger writes: fatal, error, warn, info (default), debug, trace or silent (read at start). */
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  /** The Bearer token a monitor sends for GET /api/metrics (other than from this machine); unset: local only. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** log2 of the scrypt cost; 17 is the production setting, tests may lower it for speed. */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
});

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
