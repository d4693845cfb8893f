import type { ServerEnv } from '../../env.ts';
import type { HashPair } from './check-mac.ts';

/** Which ECPay the shop talks to: the local simulators, ECPay's stage system, or production. */
export type EcpayMode = 'simulator' | 'stage' | 'production';

export interface EcpayAccount extends HashPair {
  merchantId: string;
}

export interface EcpayConfig {
  mode: EcpayMode;
  payment: EcpayAccount;
  /** CreditCheckCode of card refunds (ECPAY_CREDIT_CHECK_CODE); '' in production mode when unset. */
  creditCheckCode: string;
  logistics: EcpayAccount;
  invoice: EcpayAccount;
}

/** ECPay's public stage merchants (developers.ecpay.com.tw), usable by anyone for testing. */
export const STAGE_ACCOUNTS = {
  payment: { merchantId: '3002607', hashKey: 'pwFHCqoQZGmho4w6', hashIV: 'EkRm7iFT261dpevs' },
  logistics: { merchantId: '2000933', hashKey: 'XBERn1YOvpM9nfZc', hashIV: 'h1ONHk4P4yqbl5LK' },
  invoice: { merchantId: '2000132', hashKey: 'ejCk326UnaZWKisg', hashIV: 'q9jcZX8Ib9LM8wYk' },
} as const satisfies Record<string, EcpayAccount>;

/** The check code the card-refund simulator takes when ECPAY_CREDIT_CHECK_CODE is unset (not ECPay's). */
export const SIM_CREDIT_CHECK_CODE = '59211230';

function account(
  service: keyof typeof STAGE_ACCOUNTS,
  mode: EcpayMode,
  given: { merchantId?: string; hashKey?: string; hashIV?: string },
  names: string,
): EcpayAccount {
  if (given.merchantId && given.hashKey && given.hashIV)
    return { merchantId: given.merchantId, hashKey: given.hashKey, hashIV: given.hashIV };
  if (mode === 'production')
    throw new Error(`ECPAY_ENV=production needs ${names} (from ECPay's merchant console). Set them and start again.`);
  return STAGE_ACCOUNTS[service];
}

/** ECPAY_ENV, or by default `production` under NODE_ENV=production without ALLOW_SIMULATORS=1, else `simulator`. */
export function ecpayMode(env: ServerEnv): EcpayMode {
  const live = env.NODE_ENV === 'production' && env.ALLOW_SIMULATORS !== '1';
  return env.ECPAY_ENV ?? (live ? 'production' : 'simulator');
}

/**
 * The ECPay settings of `env` (mode from `ecpayMode`); outside production mode, unset credentials
 * fall back to the stage merchants. Throws a readable error when production mode lacks credentials.
 */
export function ecpayConfig(env: ServerEnv): EcpayConfig {
  const mode = ecpayMode(env);
  return {
    mode,
    creditCheckCode: env.ECPAY_CREDIT_CHECK_CODE ?? (mode === 'production' ? '' : SIM_CREDIT_CHECK_CODE),
    payment: account(
      'payment',
      mode,
      { merchantId: env.ECPAY_MERCHANT_ID, hashKey: env.ECPAY_HASH_KEY, hashIV: env.ECPAY_HASH_IV },
      'ECPAY_MERCHANT_ID, ECPAY_HASH_KEY and ECPAY_HASH_IV',
    ),
    logistics: account(
      'logistics',
      mode,
      {
        merchantId: env.ECPAY_LOGISTICS_MERCHANT_ID,
        hashKey: env.ECPAY_LOGISTICS_HASH_KEY,
        hashIV: env.ECPAY_LOGISTICS_HASH_IV,
      },
      'ECPAY_LOGISTICS_MERCHANT_ID, ECPAY_LOGISTICS_HASH_KEY and ECPAY_LOGISTICS_HASH_IV',
    ),
    invoice: account(
      'invoice',
      mode,
      {
        merchantId: env.ECPAY_INVOICE_MERCHANT_ID,
        hashKey: env.ECPAY_INVOICE_HASH_KEY,
        hashIV: env.ECPAY_INVOICE_HASH_IV,
      },
      'ECPAY_INVOICE_MERCHANT_ID, ECPAY_INVOICE_HASH_KEY and ECPAY_INVOICE_HASH_IV',
    ),
  };
}

const HOSTS = {
  stage: {
    payment: 'https://payment-stage.ecpay.com.tw',
    logistics: 'https://logistics-stage.ecpay.com.tw',
    invoice: 'https://einvoice-stage.ecpay.com.tw',
  },
  production: {
    payment: 'https://payment.ecpay.com.tw',
    logistics: 'https://logistics.ecpay.com.tw',
    invoice: 'https://einvoice.ecpay.com.tw',
  },
} as const;

/**
 * Where the local simulators answer under the shop's own origin. Each keeps ECPay's own paths below
 * its base (`<payment>/Cashier/AioCheckOut/V5`, `<invoice>/B2CInvoice/Issue`, `<logistics>/Express/map`).
 */
export const SIMULATOR_BASES = {
  payment: '/api/sim/ecpay',
  invoice: '/api/sim/ecpay/invoice',
  logistics: '/api/sim/logistics',
} as const;

/** The older simulator addresses, still answered (bookmarks, scripts). */
export const SIMULATOR_PATHS = {
  cashier: '/api/sim/ecpay/cashier',
  map: '/api/sim/logistics/map',
  invoice: '/api/sim/ecpay/invoice',
} as const;

/**
 * The base of each ECPay server: ECPAY_PAYMENT_BASE_URL, ECPAY_INVOICE_BASE_URL and
 * ECPAY_LOGISTICS_BASE_URL when set (any server that speaks ECPay's protocol), else ECPay's stage or
 * production origin by mode, or the local simulators under `origin`.
 */
export function ecpayBases(
  env: Pick<ServerEnv, 'ECPAY_PAYMENT_BASE_URL' | 'ECPAY_INVOICE_BASE_URL' | 'ECPAY_LOGISTICS_BASE_URL'>,
  mode: EcpayMode,
  origin: string,
) {
  const fallback =
    mode === 'simulator'
      ? {
          payment: `${origin}${SIMULATOR_BASES.payment}`,
          invoice: `${origin}${SIMULATOR_BASES.invoice}`,
          logistics: `${origin}${SIMULATOR_BASES.logistics}`,
        }
      : HOSTS[mode];
  const trim = (url: string | undefined) => url?.replace(/\/+$/, '');
  return {
    payment: trim(env.ECPAY_PAYMENT_BASE_URL) ?? fallback.payment,
    invoice: trim(env.ECPAY_INVOICE_BASE_URL) ?? fallback.invoice,
    logistics: trim(env.ECPAY_LOGISTICS_BASE_URL) ?? fallback.logistics,
  };
}

/** What decides the endpoints: the server's environment, or a mode alone (no base URL set). */
export type EcpayTarget = EcpayMode | ServerEnv;

/** Where the browser (cashier, map) or the server (QueryTradeInfo, invoice) sends ECPay requests. */
export function ecpayEndpoints(target: EcpayTarget, origin: string) {
  const base =
    typeof target === 'string' ? ecpayBases({}, target, origin) : ecpayBases(target, ecpayMode(target), origin);
  return {
    cashier: `${base.payment}/Cashier/AioCheckOut/V5`,
    queryTrade: `${base.payment}/Cashier/QueryTradeInfo/V5`,
    creditQuery: `${base.payment}/CreditDetail/QueryTrade/V2`,
    creditAction: `${base.payment}/CreditDetail/DoAction`,
    map: `${base.logistics}/Express/map`,
    invoice: `${base.invoice}/B2CInvoice`,
  };
}

/**
 * Refuses a production start that would send shoppers to the simulators or to ECPay's stage system,
 * unless ALLOW_SIMULATORS=1, and one that sets ECPAY_ENV=production without the merchant's credentials.
 */
export function assertEcpayServingConfig(env: ServerEnv): void {
  const mode = ecpayMode(env);
  if (env.NODE_ENV === 'production' && mode !== 'production' && env.ALLOW_SIMULATORS !== '1')
    throw new Error(
      `NODE_ENV=production with ECPAY_ENV=${mode} would take no real payments. Set ECPAY_ENV=production with the merchant's credentials, or ALLOW_SIMULATORS=1 for a demo.`,
    );
  // Names the missing credentials. Until payments ship, a production start without ECPAY_ENV passes.
  if (env.ECPAY_ENV === 'production') ecpayConfig(env);
}

/**
 * The origins the shopper's browser posts forms to (the cashier, the store map, a label's print page)
 * for this environment: ECPay's stage or production hosts, or the base URLs set; none for the local
 * simulators, which answer on the shop's own origin. The pages' CSP `form-action` allows them.
 */
export function formTargetsOf(env: ServerEnv): string[] {
  const bases = ecpayBases(env, ecpayMode(env), '');
  const origins = [bases.payment, bases.logistics]
    .filter((base) => /^https?:\/\//.test(base))
    .map((base) => new URL(base).origin);
  return [...new Set(origins)];
}
