import { useStore } from '@nanostores/react';
import type { Locale } from '../../config.ts';
import { fieldId } from '../../lib/checkout/draft.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { formatPrice } from '../../lib/i18n/price.ts';
import { $checkout, applyCoupon, removeCoupon } from '../../stores/checkout.ts';
import { CouponField } from '../promotions/CouponField.tsx';
import { DiscountRows, TierNudgeNote } from '../promotions/DiscountLines.tsx';

/** The server's quote: lines, subtotal, shipping, total, and what changed since the cart. */
export function CheckoutSummary({ locale }: { locale: Locale }) {
  const { quote, quoting, draft, errors } = useStore($checkout);
  if (!quote) return null;
  const chosen = draft.method;
  // A moved price is told beside its line; the other warnings (stock) above the lines.
  const warnings = quote.warnings.filter((w) => w.code !== 'PRICE_CHANGED');
  return (
    <section className="sw-co-summary" aria-labelledby="co-summary-title" aria-busy={quoting}>
      <h2 id="co-summary-title">{t(locale, 'cart.summary')}</h2>
      {warnings.length > 0 && (
        <ul className="sw-co-warnings" role="alert">
          {warnings.map((w) => (
            <li key={`${w.lineId}-${w.code}`}>{w.message}</li>
          ))}
        </ul>
      )}
      <ul className="sw-co-lines" aria-label={t(locale, 'cart.lines')}>
        {quote.lines.map((l) => (
          <li key={l.sku}>
            {l.image && <img src={l.image.src} alt="" width={56} height={56} loading="lazy" />}
            <span>
              {l.name}
              <br />
              <span className="sw-muted">
                {l.optionValue} × {l.quantity}
              </span>
              {l.priceChangedFrom !== null && (
                <>
                  <br />
                  <span className="sw-price-moved">
                    <del className="sw-muted">
                      <span className="sr-only">{t(locale, 'cart.priceWas')}</span>
                      {formatPrice(l.priceChangedFrom)}
                    </del>{' '}
                    <span className="sr-only">{t(locale, 'cart.unitPrice')}</span>
                    {formatPrice(l.unitPrice)}
                    <br />
                    {t(locale, 'cart.priceMoved', {
                      from: formatPrice(l.priceChangedFrom),
                      to: formatPrice(l.unitPrice),
                    })}
                  </span>
                </>
              )}
            </span>
            <span>{formatPrice(l.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="sw-co-totals">
        <dt>{t(locale, 'cart.subtotal')}</dt>
        <dd>{formatPrice(quote.subtotal)}</dd>
        <dt>{t(locale, 'checkout.shippingFee')}</dt>
        <dd>{chosen ? formatPrice(quote.shippingFee) : t(locale, 'checkout.shippingFee.later')}</dd>
        <DiscountRows discounts={quote.discounts} />
        <dt>{t(locale, 'checkout.total')}</dt>
        <dd>
          <strong>{formatPrice(quote.total)}</strong>
        </dd>
      </dl>
      <TierNudgeNote nudge={quote.nudge} locale={locale} />
      <CouponField
        locale={locale}
        inputId={fieldId('coupon')}
        applied={draft.coupon}
        error={errors.coupon}
        busy={quoting}
        onApply={(code) => void applyCoupon(code)}
        onRemove={() => void removeCoupon()}
      />
      {chosen && quote.freeShippingOver !== null && quote.shippingFee > 0 && (
        <p className="sw-muted">{t(locale, 'checkout.freeOver', { amount: formatPrice(quote.freeShippingOver) })}</p>
      )}
    </section>
  );
}
