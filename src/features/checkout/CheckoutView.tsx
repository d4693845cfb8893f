import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { CHECKOUT_NOTE_MAX, type Locale } from '../../config.ts';
import { fieldId } from '../../lib/checkout/draft.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { $auth, $isLoggedIn } from '../../stores/auth.ts';
import { $checkout, initCheckout, showFieldError, updateDraft } from '../../stores/checkout.ts';
import { placeOrder } from '../../stores/checkout-order.ts';
import { Pending } from '../auth/Pending.tsx';
import { useGuard } from '../auth/use-guard.ts';
import { CheckoutSummary } from './CheckoutSummary.tsx';
import { FieldError, invalid } from './fields.tsx';
import { InvoiceFields } from './InvoiceFields.tsx';
import { PaymentFields } from './PaymentFields.tsx';
import { GuestLead, ReceiverFields } from './ReceiverFields.tsx';
import { ShippingFields } from './ShippingFields.tsx';
import { storeErrorKey } from './store-error.ts';
import '../auth/forms.css';
import '../cart/cart.css';
import './checkout.css';

function Note({ locale }: { locale: Locale }) {
  const { draft, errors } = useStore($checkout);
  const used = [...draft.note].length;
  return (
    <div className="sw-field sw-co-section">
      <label htmlFor={fieldId('note')}>{t(locale, 'checkout.note')}</label>
      <textarea
        id={fieldId('note')}
        name="note"
        rows={3}
        value={draft.note}
        onChange={(e) => updateDraft({ note: e.target.value }, ['note'])}
        {...invalid('note', errors.note, 'co-note-count')}
      />
      <p id="co-note-count" className="sw-muted" aria-live="polite">
        {t(locale, 'checkout.note.count', { used, max: CHECKOUT_NOTE_MAX })}
      </p>
      <FieldError field="note" text={errors.note} />
    </div>
  );
}

/** /cart/checkout: receiver, shipping, payment, e-invoice, note, the quote, and the order button. */
export default function CheckoutView({ locale }: { locale: Locale }) {
  const ready = useGuard(null, locale);
  const { userInfo } = useStore($auth);
  const member = useStore($isLoggedIn);
  const state = useStore($checkout);
  const started = useRef(false);
  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true;
    // Back from the store map with a refusal: said beside the store choice, once (the address is cleaned).
    const storeError = storeErrorKey(location.search);
    if (storeError) history.replaceState(history.state, '', location.pathname + location.hash);
    void initCheckout(member ? userInfo : null).then(() => {
      if (storeError) showFieldError('shipping.store', t(locale, storeError));
    });
  }, [ready, member, userInfo, locale]);

  useEffect(() => {
    // Back from the store map through the page cache: its buttons work again.
    const back = (e: PageTransitionEvent) => e.persisted && $checkout.setKey('mapPending', false);
    addEventListener('pageshow', back);
    return () => removeEventListener('pageshow', back);
  }, []);

  // Until the island knows who is ordering, the page (prerendered) shows the guests' lead where the
  // form will have it; a member's browser hides it before the first paint (CartShell).
  if (!ready || !state.quote)
    return (
      <div className="sw-co-pending">
        <GuestLead locale={locale} />
        <Pending locale={locale} />
      </div>
    );
  if (state.quote.lines.length === 0)
    return (
      <div className="sw-empty">
        <h2>{t(locale, 'cart.empty')}</h2>
        <a className="btn" href={localePath(locale, '/categories')}>
          {t(locale, 'cart.startShopping')}
        </a>
      </div>
    );
  return (
    <form
      className="sw-co"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void placeOrder(locale, !member).then((bad) => {
          if (bad) document.getElementById(fieldId(bad))?.focus();
        });
      }}
    >
      <div className="sw-co-main">
        {!member && <GuestLead locale={locale} />}
        <ReceiverFields locale={locale} guest={!member} />
        <ShippingFields locale={locale} />
        <PaymentFields locale={locale} />
        <InvoiceFields locale={locale} />
        <Note locale={locale} />
      </div>
      <div className="sw-co-side">
        <CheckoutSummary locale={locale} />
        {state.message && (
          <p className="sw-form-message" role="alert">
            {state.message}
          </p>
        )}
        <button type="submit" className="btn sw-co-place" disabled={state.placing} aria-busy={state.placing}>
          {t(locale, state.placing ? 'checkout.placing' : 'checkout.place')}
        </button>
        {!state.quote.canOrder && state.quote.warnings.length > 0 && (
          <p className="sw-muted">{t(locale, 'checkout.cannotOrder')}</p>
        )}
        <a href={localePath(locale, '/cart')}>{t(locale, 'checkout.backToCart')}</a>
      </div>
    </form>
  );
}
