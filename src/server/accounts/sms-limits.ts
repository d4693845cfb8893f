import { OTP_RESEND_SECONDS } from '../../config.ts';
import { claimCooldown, releaseCooldown } from '../common/cooldown.ts';
import { ApiError } from '../common/errors.ts';
import { enforce, hit, type Limit, peek } from '../common/rate-limit.ts';
import type { Deps } from '../context.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Text-message limits of security.md. */
export const SMS_LIMITS = {
  /** One message per phone and purpose per 60 s. */
  cooldownMs: OTP_RESEND_SECONDS * 1000,
  perPhoneHour: 5,
  perPhoneDay: 10,
  perIpHour: 20,
} as const;

const phoneHour = (phone: string): Limit => ({
  key: `sms:phone-hour:${phone}`,
  windowMs: HOUR_MS,
  max: SMS_LIMITS.perPhoneHour,
});
const phoneDay = (phone: string): Limit => ({
  key: `sms:phone-day:${phone}`,
  windowMs: DAY_MS,
  max: SMS_LIMITS.perPhoneDay,
});
const cooldownKey = (phone: string, purpose: string) => `sms:cooldown:${phone}:${purpose}`;

/**
 * Admits one text message to `phone` for `purpose` or throws 429 RATE_LIMITED with Retry-After.
 * Every request counts against its IP; the per-phone hour and day budgets count messages admitted;
 * the 60-second slot per phone and purpose is claimed atomically, so a burst sends one message.
 */
export async function admitSms(deps: Deps, phone: string, purpose: string, ip: string): Promise<void> {
  await enforce(deps, { key: `sms:ip:${ip}`, windowMs: HOUR_MS, max: SMS_LIMITS.perIpHour });
  for (const limit of [phoneHour(phone), phoneDay(phone)]) {
    const { count, retryAfterS } = await peek(deps, limit);
    if (count >= limit.max) throw new ApiError('RATE_LIMITED', { retryAfterS });
  }
  const slot = await claimCooldown(deps, cooldownKey(phone, purpose), SMS_LIMITS.cooldownMs);
  if (!slot.claimed) throw new ApiError('RATE_LIMITED', { retryAfterS: slot.retryAfterS });
  await hit(deps, phoneHour(phone));
  await hit(deps, phoneDay(phone));
}

/** Frees the 60-second slot again after a message that could not be sent. */
export async function releaseSmsSlot(deps: Deps, phone: string, purpose: string): Promise<void> {
  await releaseCooldown(deps, cooldownKey(phone, purpose));
}
