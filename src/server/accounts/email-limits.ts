import { enforce } from '../common/rate-limit.ts';
import type { Deps } from '../context.ts';

const HOUR_MS = 3_600_000;

/** Email sending limits: counted before any lookup, so known and unknown addresses answer alike. */
export const EMAIL_LIMITS = {
  perAddressHour: 3,
  perIpHour: 20,
} as const;

/** Admits one email to `email` for `purpose` or throws 429 RATE_LIMITED with Retry-After. */
export async function admitEmail(deps: Deps, email: string, purpose: string, ip: string): Promise<void> {
  await enforce(deps, { key: `mail:ip:${ip}`, windowMs: HOUR_MS, max: EMAIL_LIMITS.perIpHour });
  await enforce(deps, { key: `mail:${purpose}:${email}`, windowMs: HOUR_MS, max: EMAIL_LIMITS.perAddressHour });
}
