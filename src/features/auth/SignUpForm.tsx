import { useStore } from '@nanostores/react';
import type { Locale } from '../../config.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { z } from '../../lib/zod.ts';
import { register } from '../../stores/auth.ts';
import { NewPasswordFields, PhoneCodeFields } from './field-groups.tsx';
import { Field, FormMessages, formValues, SubmitButton } from './fields.tsx';
import { createForm } from './form.ts';
import { LineSignIn } from './LineSignIn.tsx';
import { createOtpSender } from './otp.ts';
import { Pending } from './Pending.tsx';
import { useGuard } from './use-guard.ts';
import { rules, withConfirmation } from './validation.ts';

const schema = withConfirmation(
  z.object({
    name: rules.required(),
    phone: rules.mobile(),
    code: rules.code(),
    password: rules.newPassword(),
    confirm: z.string(),
    terms: z.boolean().refine(Boolean, 'auth.error.terms'),
  }),
  (v) => v.password,
);
const signUpForm = createForm();
const otp = createOtpSender('register');

/** Sign-up: name, mobile number verified inline with a texted code, password twice, the terms. */
export default function SignUpForm({ locale }: { locale: Locale }) {
  const ready = useGuard('guest', locale);
  const form = useStore(signUpForm.$form);
  if (!ready) return <Pending locale={locale} />;
  const href = (path: string) => localePath(locale, path);
  return (
    <section className="sw-auth">
      <h1>{t(locale, 'auth.signUp.title')}</h1>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void signUpForm.submit(schema, formValues(event.currentTarget), locale, async (v) => {
            await register({ name: v.name, phone: v.phone, password: v.password, code: v.code });
            return undefined;
          });
        }}
      >
        <Field
          label={t(locale, 'auth.signUp.name')}
          name="name"
          autoComplete="name"
          required
          error={form.fields.name}
        />
        <PhoneCodeFields otp={otp} locale={locale} fields={form.fields} />
        <NewPasswordFields
          name="password"
          label={t(locale, 'auth.signUp.password')}
          confirmLabel={t(locale, 'auth.signUp.confirm')}
          fields={form.fields}
        />
        <div className="sw-field">
          <label className="sw-check">
            <input type="checkbox" name="terms" aria-invalid={form.fields.terms ? true : undefined} />
            <span>
              {t(locale, 'auth.signUp.agree')} <a href={href('/terms-of-user')}>{t(locale, 'auth.signUp.terms')}</a>{' '}
              {t(locale, 'auth.signUp.and')} <a href={href('/privacy-policy')}>{t(locale, 'auth.signUp.privacy')}</a>
            </span>
          </label>
          {form.fields.terms && (
            <p className="sw-field-error" role="alert">
              {form.fields.terms}
            </p>
          )}
        </div>
        <FormMessages message={form.message} notice={form.notice} />
        <SubmitButton
          pending={form.pending}
          label={t(locale, 'auth.signUp.submit')}
          pendingLabel={t(locale, 'auth.pending')}
        />
      </form>
      <LineSignIn locale={locale} label="line.signUp" />
      <p className="sw-links">
        <span>
          {t(locale, 'auth.signUp.haveAccount')} <a href={href('/login')}>{t(locale, 'auth.signUp.toLogin')}</a>
        </span>
      </p>
    </section>
  );
}
