import { useStore } from '@nanostores/react';
import type { Locale } from '../../config.ts';
import { usersApi } from '../../lib/api/users.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { nav } from '../../lib/runtime/navigate.ts';
import { saveResetTicket } from '../../lib/runtime/reset-ticket.ts';
import { z } from '../../lib/zod.ts';
import { ForgotByEmailForm } from './ForgotByEmailForm.tsx';
import { PhoneCodeFields } from './field-groups.tsx';
import { FormMessages, formValues, SubmitButton } from './fields.tsx';
import { createForm } from './form.ts';
import { createOtpSender } from './otp.ts';
import { Pending } from './Pending.tsx';
import { useGuard } from './use-guard.ts';
import { rules } from './validation.ts';

const schema = z.object({ phone: rules.mobile(), code: rules.code() });
const forgotForm = createForm();
const otp = createOtpSender('forgot');

/**
 * Forgot password: mobile number → texted code → a reset ticket for the reset-password page; for
 * members without a verified mobile number, a reset link by email.
 */
export default function ForgotPasswordForm({ locale }: { locale: Locale }) {
  const ready = useGuard('guest', locale);
  const form = useStore(forgotForm.$form);
  if (!ready) return <Pending locale={locale} />;
  return (
    <section className="sw-auth">
      <h1>{t(locale, 'auth.forgot.title')}</h1>
      <p className="muted">{t(locale, 'auth.forgot.intro')}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void forgotForm.submit(schema, formValues(event.currentTarget), locale, async (v) => {
            const { ticket, expiresAt } = await usersApi.verifyForgotOtp({ phone: v.phone, code: v.code });
            saveResetTicket(ticket, expiresAt);
            nav.go(localePath(locale, '/reset-password'));
            return undefined;
          });
        }}
      >
        <PhoneCodeFields otp={otp} locale={locale} fields={form.fields} />
        <FormMessages message={form.message} notice={form.notice} />
        <SubmitButton
          pending={form.pending}
          label={t(locale, 'auth.forgot.submit')}
          pendingLabel={t(locale, 'auth.pending')}
        />
      </form>
      <ForgotByEmailForm locale={locale} />
    </section>
  );
}
