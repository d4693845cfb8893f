import { useStore } from '@nanostores/react';
import type { Locale } from '../../config.ts';
import type { InstallmentOption } from '../../lib/api/order-types.ts';
import { fieldId } from '../../lib/checkout/draft.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { formatPrice } from '../../lib/i18n/price.ts';
import { $checkout, updateDraft } from '../../stores/checkout.ts';
import { FieldError, invalid } from './fields.tsx';

/** Under card payment: one payment, or one of the installment plans the total reaches. */
export function InstallmentChoice({ locale, plans }: { locale: Locale; plans: InstallmentOption[] }) {
  const { draft, errors } = useStore($checkout);
  const error = errors.installments;
  // A choice the total no longer reaches reads as one payment.
  const chosen = plans.some((p) => String(p.periods) === draft.installments) ? draft.installments : '';
  const options = [{ value: '', text: t(locale, 'checkout.installments.once') }].concat(
    plans.map((p) => ({ value: String(p.periods), text: planText(locale, p) })),
  );
  return (
    <fieldset className="sw-co-installments">
      <legend>{t(locale, 'checkout.installments')}</legend>
      {options.map((o, i) => {
        const id = i === 0 ? fieldId('installments') : `co-inst-${o.value}`;
        return (
          <div key={o.value || 'once'} className="sw-co-option">
            <input
              type="radio"
              id={id}
              name="installments"
              value={o.value}
              checked={chosen === o.value}
              onChange={() => updateDraft({ installments: o.value }, ['installments'])}
              {...invalid('installments', error)}
            />
            <label htmlFor={id}>{o.text}</label>
          </div>
        );
      })}
      <FieldError field="installments" text={error} />
    </fieldset>
  );
}

/** One plan's words: "12 interest-free payments of NT$1,241 (first payment NT$1,249)". */
export function planText(locale: Locale, plan: InstallmentOption): string {
  const each = t(locale, plan.interestFree ? 'checkout.installments.planFree' : 'checkout.installments.plan', {
    periods: plan.periods,
    each: formatPrice(plan.perPayment),
  });
  if (plan.firstPayment === plan.perPayment) return each;
  const first = t(locale, 'checkout.installments.first', { first: formatPrice(plan.firstPayment) });
  return locale === 'en' ? `${each} (${first})` : `${each}（${first}）`;
}
