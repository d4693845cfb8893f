import { useEffect, useState } from 'react';
import type { Locale } from '../../config.ts';
import type { Order } from '../../lib/api/order-types.ts';
import { ordersApi } from '../../lib/api/orders.ts';
import { orderRefOf } from '../../lib/api/payment.ts';
import { formatDateTime } from '../../lib/i18n/format.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { type MessageKey, t } from '../../lib/i18n/messages/index.ts';
import { formatPrice } from '../../lib/i18n/price.ts';
import { mountOverlaysOnDemand } from '../auth/overlays-on-demand.ts';
import { PaymentStatus } from './PaymentStatus.tsx';
import { usePay } from './use-pay.ts';
import './payment.css';

type Loaded = { order: Order; key?: string } | 'missing' | null;

/** The result page of an order, with the guest's key kept in the link. */
export function resultHref(locale: Locale, no: string, key?: string): string {
  const q = new URLSearchParams({ no, ...(key ? { key } : {}) });
  return `${localePath(locale, '/cart/result')}?${q}`;
}

/**
 * /cart/payment?no=: the order's summary and the button that sends the shopper to ECPay's cashier;
 * once an ATM account or store code is issued, that instead (a new attempt would replace it).
 */
export default function PaymentView({ locale }: { locale: Locale }) {
  const [loaded, setLoaded] = useState<Loaded>(null);
  const { pay, busy, error } = usePay(locale);
  useEffect(() => {
    mountOverlaysOnDemand();
    const ref = orderRefOf(location.search);
    if (!ref) return setLoaded('missing');
    ordersApi.get(ref.no, ref.key).then(
      (order) => setLoaded({ order, key: ref.key }),
      () => setLoaded('missing'),
    );
  }, []);

  if (loaded === null)
    return (
      <p aria-busy="true" className="sw-pay">
        {t(locale, 'pay.loading')}
      </p>
    );
  if (loaded === 'missing')
    return (
      <div className="sw-empty" role="alert">
        <p>{t(locale, 'pay.noOrder')}</p>
      </div>
    );
  const { order, key } = loaded;
  return (
    <div className="sw-pay">
      <section aria-labelledby="pay-summary-title">
        <h2 id="pay-summary-title">{t(locale, 'pay.order', { no: order.no })}</h2>
        <ul className="sw-pay-lines" aria-label={t(locale, 'pay.lines')}>
          {order.lines.map((l) => (
            <li key={l.sku}>
              <span>
                {l.name}
                {l.optionValue ? ` ${l.optionValue}` : ''} {t(locale, 'pay.quantity', { quantity: l.quantity })}
              </span>
              <span>{formatPrice(l.lineTotal)}</span>
            </li>
          ))}
          <li>
            <span>{t(locale, 'pay.shipping')}</span>
            <span>{formatPrice(order.shippingFee)}</span>
          </li>
        </ul>
        <p className="sw-pay-sum">
          <span>{t(locale, 'pay.total')}</span>
          <span>{formatPrice(order.total)}</span>
        </p>
        <p>
          {t(locale, 'pay.method')}: {t(locale, `pay.method.${order.payment.method}` as MessageKey)}
        </p>
      </section>
      {order.canPay && !order.payment.atm && !order.payment.cvsCode ? (
        <>
          {order.payment.deadline !== null && (
            <p>{t(locale, 'pay.deadline', { time: formatDateTime(order.payment.deadline, locale) })}</p>
          )}
          <p>{t(locale, 'pay.note')}</p>
          <p>
            <button type="button" className="btn" disabled={busy} onClick={() => void pay(order.no, key)}>
              {busy ? t(locale, 'pay.going') : t(locale, 'pay.go')}
            </button>
          </p>
          {error && (
            <p className="sw-field-error" role="alert">
              {error}
            </p>
          )}
        </>
      ) : (
        <>
          <PaymentStatus locale={locale} order={order} guestKey={key} />
          <p>
            <a href={resultHref(locale, order.no, key)}>{t(locale, 'pay.viewResult')}</a>
          </p>
        </>
      )}
    </div>
  );
}
