import { useStore } from '@nanostores/react';
import type { Locale } from '../../config.ts';
import { usersApi } from '../../lib/api/users.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { z } from '../../lib/zod.ts';
import { Field, FormMessages, formValues, SubmitButton } from './fields.tsx';
import { createForm } from './form.ts';

const schema = z.object({
  email: z.string().trim().min(1, 'auth.error.required').pipe(z.email('auth.error.email')),
});
const emailForm = createForm();

/** For members without a verified mobile number: a reset link sent to the account's email. */
export function ForgotByEmailForm({ locale }: { locale: Locale }) {
  const form = useStore(emailForm.$form);
  return (
    <div className="sw-auth-alt">
      <h2>{t(locale, 'auth.forgotEmail.title')}</h2>
      <p className="muted">{t(locale, 'auth.forgotEmail.intro')}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void emailForm.submit(schema, formValues(event.currentTarget), locale, async (v) => {
            await usersApi.sendResetEmail({ email: v.email });
            return t(locale, 'auth.forgotEmail.sent');
          });
        }}
      >
        <Field
          label={t(locale, 'auth.forgotEmail.email')}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={254}
          error={form.fields.email}
        />
        <FormMessages message={form.message} notice={form.notice} />
        <SubmitButton
          pending={form.pending}
          label={t(locale, 'auth.forgotEmail.submit')}
          pendingLabel={t(locale, 'auth.pending')}
        />
      </form>
    </div>
  );
}
