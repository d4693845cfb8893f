import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../config.ts';
import type { InstallmentOption } from '../../lib/api/order-types.ts';
import { fieldId } from '../../lib/checkout/draft.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { $checkout, updateDraft } from '../../stores/checkout.ts';
import { FieldError, invalid } from './fields.tsx';
import { InstallmentChoice } from './InstallmentChoice.tsx';

/** Whether this browser can pay with Apple Pay (Safari on a device with a card in its wallet). */
function canApplePay(): boolean {
  const session = (window as { ApplePaySession?: { canMakePayments?: () => boolean } }).ApplePaySession;
  try {
    return Boolean(session?.canMakePayments?.());
  } catch {
    return false;
  }
}

/** Payment methods the quote offers for these choices; the others are listed with the reason. */
export function PaymentFields({ locale }: { locale: Locale }) {
  const { draft, quote, errors } = useStore($checkout);
  // Apple Pay is offered only where the browser can pay with it; known after the first render.
  const [applePay, setApplePay] = useState(false);
  useEffect(() => setApplePay(canApplePay()), []);
  const methods = (quote?.paymentMethods ?? []).filter((m) => m.code !== 'apple_pay' || applePay);
  const offered = methods.filter((m) => m.available);
  const missing = methods.filter((m) => !m.available);
  const error = errors.payment;
  const plans: InstallmentOption[] = quote?.installments ?? [];
  return (
    <fieldset className="sw-co-section">
      <legend>{t(locale, 'checkout.payment')}</legend>
      <div className="sw-co-options">
        {offered.map((m, i) => {
          const id = i === 0 ? fieldId('payment') : `co-pay-${m.code}`;
          return (
            <div key={m.code} className="sw-co-option">
              <input
                type="radio"
                id={id}
                name="payment"
                value={m.code}
                checked={draft.payment === m.code}
                onChange={() => updateDraft({ payment: m.code }, ['payment', 'installments'])}
                {...invalid('payment', error)}
              />
              <label htmlFor={id}>{m.name}</label>
              {m.code === 'credit' && draft.payment === 'credit' && plans.length > 0 && (
                <InstallmentChoice locale={locale} plans={plans} />
              )}
            </div>
          );
        })}
      </div>
      <FieldError field="payment" text={error} />
      {missing.length > 0 && (
        <div className="sw-co-missing">
          <p>{t(locale, 'checkout.payment.missing')}</p>
          <ul>
            {missing.map((m) => (
              <li key={m.code}>
                {m.name}: {m.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
