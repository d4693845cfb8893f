import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../config.ts';
import { recallOrderKey } from '../../lib/api/payment.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { $order, keptGuestKey, loadOrder } from '../../stores/orders.ts';
import { Pending } from '../auth/Pending.tsx';
import { useGuard } from '../auth/use-guard.ts';
import { labels } from '../orders/labels.ts';
import { OrderActions } from '../orders/OrderActions.tsx';
import { OrderView } from '../orders/OrderView.tsx';
import { ReturnsPanel } from '../orders/ReturnsPanel.tsx';
import { PaymentStatus } from '../payment/PaymentStatus.tsx';
import '../auth/forms.css';
import '../cart/cart.css';

const ORDER_NO = /^[A-Za-z0-9-]{1,40}$/;
const KEY = /^[A-Za-z0-9_-]{8,200}$/;

/** The order number and the guest's key of the page's URL (`?no=...&key=...`), when well formed. */
export function resultParams(search: string): { no: string; key?: string } | null {
  const q = new URLSearchParams(search);
  const no = q.get('no') ?? '';
  const key = q.get('key') ?? '';
  if (!ORDER_NO.test(no)) return null;
  if (KEY.test(key)) return { no, key };
  // Back from ECPay's cashier, whose return carries the number only: the key kept before leaving.
  const kept = recallOrderKey(no);
  return kept ? { no, key: kept } : { no };
}

/** The guest's link to the order: this page with the order number and its key. */
function linkOf(no: string, key: string): string {
  return `${location.origin}${location.pathname}?no=${encodeURIComponent(no)}&key=${encodeURIComponent(key)}`;
}

/** /cart/result: what was ordered, its total and state, and what happens next; a guest's link to keep. */
export default function ResultView({ locale }: { locale: Locale }) {
  const ready = useGuard(null, locale);
  const { order, loading, error } = useStore($order);
  const [params] = useState(() => {
    const p = typeof location === 'undefined' ? null : resultParams(location.search);
    // Back from paying at an address without the key: this tab still knows it.
    return p && !p.key ? { ...p, key: keptGuestKey(p.no) } : p;
  });
  useEffect(() => {
    if (ready && params) void loadOrder(params.no, params.key);
  }, [ready, params]);
  useEffect(() => {
    // A key recalled from this tab goes back into the address, so that the link to keep is whole.
    if (!params?.key || new URLSearchParams(location.search).has('key')) return;
    const q = new URLSearchParams(location.search);
    q.set('key', params.key);
    history.replaceState(history.state, '', `${location.pathname}?${q}`);
  }, [params]);

  if (!ready || (params && (loading || (!order && !error)))) return <Pending locale={locale} />;
  if (!params || error || !order)
    return (
      <div className="sw-empty" data-status={error?.status ?? 404}>
        <h2>{t(locale, 'result.notFound')}</h2>
        <p>{error?.message ?? t(locale, 'result.notFoundHint')}</p>
        <a className="btn" href={localePath(locale, '/')}>
          {t(locale, 'error.backHome')}
        </a>
      </div>
    );
  const cancelled = order.state === 'cancelled';
  return (
    <div className="sw-order">
      <h2>{t(locale, cancelled ? 'result.cancelled' : 'result.placed')}</h2>
      {!cancelled && <p>{labels.next(locale, order.payment.method)}</p>}
      <PaymentStatus locale={locale} order={order} guestKey={params.key} />
      {params.key && (
        <div className="sw-order-link">
          <label htmlFor="result-link">{t(locale, 'result.keepLink')}</label>
          <input
            id="result-link"
            readOnly
            value={linkOf(params.no, params.key)}
            onFocus={(e) => e.currentTarget.select()}
          />
          <p className="sw-muted">{t(locale, 'result.keepLinkHint')}</p>
        </div>
      )}
      <OrderActions locale={locale} guestKey={params.key} />
      {params.key && <ReturnsPanel locale={locale} order={order} guestKey={params.key} />}
      <OrderView locale={locale} order={order} />
      {!params.key && <a href={localePath(locale, '/member/orders')}>{t(locale, 'result.allOrders')}</a>}
    </div>
  );
}
