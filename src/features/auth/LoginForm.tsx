import { useStore } from '@nanostores/react';
import type { Locale } from '../../config.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { RESET_DONE_FLAG } from '../../lib/runtime/reset-ticket.ts';
import { z } from '../../lib/zod.ts';
import { login } from '../../stores/auth.ts';
import { Field, FormMessages, formValues, SubmitButton } from './fields.tsx';
import { createForm } from './form.ts';
import { LineSignIn } from './LineSignIn.tsx';
import { Pending } from './Pending.tsx';
import { useGuard } from './use-guard.ts';
import { rules } from './validation.ts';

const schema = z.object({ account: rules.required('auth.error.account'), password: rules.required() });
const loginForm = createForm();

/** The login form (phone number or email, and password). */
export default function LoginForm({ locale }: { locale: Locale }) {
  const ready = useGuard('guest', locale);
  const form = useStore(loginForm.$form);
  if (!ready) return <Pending locale={locale} />;
  const resetDone = new URLSearchParams(location.search).has(RESET_DONE_FLAG);
  const href = (path: string) => localePath(locale, path);
  return (
    <section className="sw-auth">
      <h1>{t(locale, 'auth.login.title')}</h1>
      {resetDone && !form.message && <FormMessages message="" notice={t(locale, 'auth.login.resetDone')} />}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void loginForm.submit(schema, formValues(event.currentTarget), locale, async (v) => {
            await login(v.account, v.password);
            return undefined;
          });
        }}
      >
        <Field
          label={t(locale, 'auth.login.account')}
          name="account"
          autoComplete="username"
          inputMode="email"
          required
          error={form.fields.account}
        />
        <Field
          label={t(locale, 'auth.login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={form.fields.password}
        />
        <FormMessages message={form.message} notice={form.notice} />
        <SubmitButton
          pending={form.pending}
          label={t(locale, 'auth.login.submit')}
          pendingLabel={t(locale, 'auth.pending')}
        />
      </form>
      <LineSignIn locale={locale} label="line.signIn" />
      <p className="sw-links">
        <a href={href('/forgot-password')}>{t(locale, 'auth.login.forgot')}</a>
        <span>
          {t(locale, 'auth.login.noAccount')} <a href={href('/sign-up')}>{t(locale, 'auth.login.toSignUp')}</a>
        </span>
      </p>
    </section>
  );
}
