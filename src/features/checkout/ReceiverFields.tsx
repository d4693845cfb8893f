import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Locale } from '../../config.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { recordVisit } from '../../lib/runtime/record-page.ts';
import { formatMobile, toMobile } from '../../lib/taiwan/phone.ts';
import { $checkout, phoneConfirmed, updateDraft } from '../../stores/checkout.ts';
import { sendPhoneCode, verifyPhoneCode } from '../../stores/checkout-order.ts';
import { FieldError, invalid, TextField } from './fields.tsx';

/** A guest confirms the receiver's mobile with a texted code before ordering. */
function PhoneCheck({ locale }: { locale: Locale }) {
  const state = useStore($checkout);
  const [code, setCode] = useState('');
  if (phoneConfirmed(state))
    return (
      <p className="sw-form-notice" role="status">
        {t(locale, 'checkout.phone.confirmed', { phone: formatMobile(state.phoneCheck?.phone ?? '') })}
      </p>
    );
  const phone = toMobile(state.draft.phone);
  return (
    <div className="sw-co-phone">
      <p id="co-phone-hint" className="sw-muted">
        {t(locale, 'checkout.phone.why')}
      </p>
      <button
        type="button"
        className="sw-button"
        aria-disabled={state.phonePending}
        onClick={() => void sendPhoneCode(locale)}
      >
        {t(locale, state.codeSent ? 'checkout.phone.resend' : 'checkout.phone.send')}
      </button>
      {state.codeSent && phone && (
        <p className="sw-form-notice" role="status">
          {t(locale, 'auth.otp.sent', { phone: formatMobile(phone) })}
        </p>
      )}
      <div className="sw-field">
        <label htmlFor="co-phone-code">{t(locale, 'checkout.phone.code')}</label>
        <div className="sw-inline">
          <input
            id="co-phone-code"
            name="phone.code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            {...invalid('phone.code', state.errors['phone.code'])}
          />
          <button
            type="button"
            className="sw-button"
            aria-disabled={state.phonePending}
            onClick={() => void verifyPhoneCode(code, locale)}
          >
            {t(locale, 'checkout.phone.verify')}
          </button>
        </div>
        <FieldError field="phone.code" text={state.errors['phone.code']} />
      </div>
    </div>
  );
}

/**
 * A guest may sign in or sign up (and come back here). The page's first paint has it before the
 * island loads, at the same place, hidden for members before that paint (CheckoutView).
 */
export function GuestLead({ locale }: { locale: Locale }) {
  return (
    <p className="sw-co-guest">
      {t(locale, 'checkout.guest.intro')}{' '}
      <a href={localePath(locale, '/login')} onClick={() => recordVisit()}>
        {t(locale, 'checkout.guest.login')}
      </a>{' '}
      <a href={localePath(locale, '/sign-up')} onClick={() => recordVisit()}>
        {t(locale, 'checkout.guest.signUp')}
      </a>
    </p>
  );
}

/** Receiver: name, mobile and email; a guest confirms the mobile. */
export function ReceiverFields({ locale, guest }: { locale: Locale; guest: boolean }) {
  const { draft, errors } = useStore($checkout);
  const pickup = draft.method === 'cvs';
  // The carrier's name rule, told before it is broken: store pickup's is the ID check's.
  const rule = pickup
    ? 'checkout.receiver.pickupRule'
    : draft.method === 'home'
      ? 'checkout.receiver.homeRule'
      : undefined;
  return (
    <fieldset className="sw-co-section">
      <legend>{t(locale, 'checkout.receiver')}</legend>
      <TextField
        field="receiver.name"
        label={t(locale, pickup ? 'receiver.field.name' : 'checkout.receiver.name')}
        autoComplete="name"
        value={draft.name}
        error={errors['receiver.name']}
        hint={
          rule ? (
            <p id="co-name-hint" className="sw-muted">
              {t(locale, rule)}
            </p>
          ) : undefined
        }
        hintId={rule ? 'co-name-hint' : undefined}
        onValue={(name) => updateDraft({ name }, ['receiver.name'])}
      />
      <TextField
        field="receiver.phone"
        label={t(locale, 'checkout.receiver.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={draft.phone}
        error={errors['receiver.phone']}
        onValue={(phone) => updateDraft({ phone }, ['receiver.phone', 'phone.code'])}
      />
      {guest && <PhoneCheck locale={locale} />}
      <TextField
        field="receiver.email"
        label={t(locale, 'checkout.receiver.email')}
        type="email"
        autoComplete="email"
        value={draft.email}
        error={errors['receiver.email']}
        onValue={(email) => updateDraft({ email }, ['receiver.email'])}
      />
    </fieldset>
  );
}
