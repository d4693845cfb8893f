import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { useRef } from 'react';
import type { Locale } from '../../config.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { Field, FormMessages } from './fields.tsx';
import { OtpButton } from './OtpButton.tsx';
import type { createOtpSender } from './otp.ts';
import type { FieldErrors } from './validate.ts';

/** The texted-code input (`code`: digits, offered for one-time-code autofill); addon and hint as in Field. */
export function CodeField(props: { label: string; error?: string; addon?: ReactNode; hint?: ReactNode }) {
  return (
    <Field
      label={props.label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      error={props.error}
      addon={props.addon}
      hint={props.hint}
    />
  );
}

/**
 * The mobile number (`phone`) with its send-code button, then the texted code (`code`). `fields` are
 * the form's errors; the sender's own refusal of the number shows on the phone field when the form
 * has none, and the sender's messages show below that field.
 */
export function PhoneCodeFields(props: {
  otp: ReturnType<typeof createOtpSender>;
  locale: Locale;
  fields: FieldErrors;
}) {
  const { otp, locale, fields } = props;
  const sending = useStore(otp.$form);
  const phone = useRef<HTMLInputElement>(null);
  return (
    <>
      <Field
        ref={phone}
        label={t(locale, 'auth.signUp.phone')}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="0912345678"
        required
        error={fields.phone ?? sending.fields.phone}
        addon={
          <OtpButton sender={otp} locale={locale} onSend={() => void otp.send(phone.current?.value ?? '', locale)} />
        }
        hint={<FormMessages message={sending.message} notice={sending.notice} />}
      />
      <CodeField label={t(locale, 'auth.signUp.code')} error={fields.code} />
    </>
  );
}

/**
 * A new password (named `name`, `newPassword` unless told) and its confirmation (`confirm`), both
 * offered to the password manager as a new password. `fields` are the form's errors.
 */
export function NewPasswordFields(props: {
  name?: 'newPassword' | 'password';
  label: string;
  confirmLabel: string;
  fields: FieldErrors;
}) {
  const { name = 'newPassword', fields } = props;
  return (
    <>
      <Field
        label={props.label}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        error={fields[name]}
      />
      <Field
        label={props.confirmLabel}
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        error={fields.confirm}
      />
    </>
  );
}
