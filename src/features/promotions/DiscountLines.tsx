import { Fragment } from 'react';
import type { Locale } from '../../config.ts';
import type { Discount, TierNudge } from '../../lib/api/order-types.ts';
import { formatPrice } from '../../lib/i18n/price.ts';

/** The discounts of a quote or an order, as rows of a totals list (`<dl>`): name, then minus the amount. */
export function DiscountRows({ discounts }: { discounts: readonly Discount[] }) {
  return (
    <>
      {discounts.map((d) => (
        <Fragment key={`${d.kind}-${d.code ?? d.name}`}>
          <dt className="sw-discount">{d.code ? `${d.name}（${d.code}）` : d.name}</dt>
          <dd className="sw-discount">−{formatPrice(d.amount)}</dd>
        </Fragment>
      ))}
    </>
  );
}

/** "再買 NT$420 享折 NT$300": how far the next spend threshold is. */
export function TierNudgeNote({ nudge, locale }: { nudge: TierNudge | null; locale: Locale }) {
  if (!nudge) return null;
  return (
    <p className="sw-nudge">
      {nudge.name}
      {locale === 'en' ? ': ' : '：'}
      {nudge.message}
    </p>
  );
}
