import { type Locale, OTP_RESEND_SECONDS } from '../../config.ts';
import { type OtpPurpose, usersApi } from '../../lib/api/users.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { formatMobile } from '../../lib/taiwan/phone.ts';
import { z } from '../../lib/zod.ts';
import { createCountdown, createForm } from './form.ts';
import { rules } from './validation.ts';

const phoneSchema = z.object({ phone: rules.mobile() });

/**
 * Sending a one-time code for `purpose`: its own pending flag and messages, and the 60 s resend
 * countdown (or the server's `resend_after`, when longer).
 */
export function createOtpSender(purpose: OtpPurpose) {
  const form = createForm();
  const countdown = createCountdown();

  /** Sends a code to `phone` unless one is on its way or the countdown runs. */
  function send(phone: string, locale: Locale): Promise<boolean> {
    if (countdown.$seconds.get() > 0) return Promise.resolve(false);
    return form.submit(phoneSchema, { phone }, locale, async ({ phone: mobile }) => {
      const sent = await usersApi.sendOtp({ phone: mobile, purpose });
      countdown.start(Math.max(OTP_RESEND_SECONDS, Math.ceil(sent.resendAfter || 0)));
      return t(locale, 'auth.otp.sent', { phone: formatMobile(mobile) });
    });
  }

  return { $form: form.$form, $seconds: countdown.$seconds, send };
}
