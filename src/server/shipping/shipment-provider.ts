import type { Deps } from '../context.ts';
import { ecpayBases, ecpayConfig } from '../providers/ecpay/config.ts';
import { ecpayLogistics, type LogisticsProvider } from '../providers/logistics/adapter.ts';

/** Where ECPay posts status notices: the shop's own address (SITE_URL). */
export const NOTIFY_PATH = '/api/shipments/ecpay/notify';

const siteOrigin = (deps: Deps) => new URL(deps.env.SITE_URL).origin;

/** The base of ECPay's logistics server: ECPAY_LOGISTICS_BASE_URL, ECPay by mode, or the simulator under SITE_URL. */
export const logisticsBase = (deps: Deps): string =>
  ecpayBases(deps.env, ecpayConfig(deps.env).mode, siteOrigin(deps)).logistics;

/** ECPay's logistics (or the simulator, over the same protocol) for this shop. */
export function logisticsProvider(deps: Deps): LogisticsProvider {
  return ecpayLogistics({
    account: ecpayConfig(deps.env).logistics,
    baseUrl: logisticsBase(deps),
    now: () => deps.clock.now(),
  });
}

export const serverReplyUrl = (deps: Deps): string => `${siteOrigin(deps)}${NOTIFY_PATH}`;
