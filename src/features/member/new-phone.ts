import { type Locale, OTP_RESEND_SECONDS } from '../../config.ts';
import { lineApi } from '../../lib/api/line.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { formatMobile } from '../../lib/taiwan/phone.ts';
import { z } from '../../lib/zod.ts';
import { createCountdown, createForm } from '../auth/form.ts';
import { rules } from '../auth/validation.ts';

const phoneSchema = z.object({ phone: rules.mobile() });

/**
 * Sending a code to the number a member without one (made from a LINE account) types: the same
 * shape as the sign-up's sender (createOtpSender), through POST /api/auth/line/phone/send.
 */
export function createNewPhoneSender() {
  const form = createForm();
  const countdown = createCountdown();
  function send(phone: string, locale: Locale): Promise<boolean> {
    if (countdown.$seconds.get() > 0) return Promise.resolve(false);
    return form.submit(phoneSchema, { phone }, locale, async ({ phone: mobile }) => {
      const sent = await lineApi.sendPhoneCode(mobile);
      countdown.start(Math.max(OTP_RESEND_SECONDS, Math.ceil(sent.resendAfter || 0)));
      return t(locale, 'auth.otp.sent', { phone: formatMobile(mobile) });
    });
  }
  return { $form: form.$form, $seconds: countdown.$seconds, send };
}
