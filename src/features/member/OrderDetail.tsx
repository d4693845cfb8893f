import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../config.ts';
import { localePath, neutralPath } from '../../lib/i18n/locale.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { type PageError, validateRoute } from '../../lib/runtime/route-errors.ts';
import { $order, loadOrder } from '../../stores/orders.ts';
import { OrderActions } from '../orders/OrderActions.tsx';
import { OrderView } from '../orders/OrderView.tsx';
import { MemberFrame } from './MemberFrame.tsx';

/** An order number in a URL: letters, digits and dashes, at most 40. */
export const ORDER_SLUG = /^[A-Za-z0-9-]{1,40}$/;

/** The order slug of the page's own URL (`/member/orders/{slug}`), validated (404 when malformed). */
export function orderSlugOf(pathname: string): string {
  const slug = decodeURIComponent(neutralPath(pathname).split('/')[3] ?? '');
  return validateRoute(pathname, { slug }, (p) => ORDER_SLUG.test(p.slug)).slug;
}

function Detail({ locale, no }: { locale: Locale; no: string }) {
  const { order, loading, error } = useStore($order);
  useEffect(() => {
    void loadOrder(no);
  }, [no]);
  if (loading || (!order && !error)) return <p aria-busy="true">{t(locale, 'auth.loading')}</p>;
  if (error || !order)
    return (
      <div className="sw-empty" data-status={error?.status}>
        <h1>{t(locale, 'member.order.title')}</h1>
        <p>{error?.message}</p>
        <a href={localePath(locale, '/member/orders')}>{t(locale, 'member.order.back')}</a>
      </div>
    );
  return (
    <>
      <h1>{t(locale, 'member.order.title')}</h1>
      <OrderActions locale={locale} />
      <OrderView locale={locale} order={order} />
      <p>
        <a href={localePath(locale, '/member/orders')}>{t(locale, 'member.order.back')}</a>
      </p>
    </>
  );
}

/** One order of the member: its contents, the timeline, pay now and cancel while allowed. */
export default function OrderDetail({ locale }: { locale: Locale }) {
  return (
    <MemberFrame locale={locale} current="orders">
      {() => {
        let slug: string;
        try {
          slug = orderSlugOf(location.pathname);
        } catch (error) {
          const e = error as PageError;
          return (
            <div className="sw-empty" data-status={e.statusCode} data-error={e.message}>
              <h1>{t(locale, 'error.notExist')}</h1>
              <a className="btn" href={localePath(locale, '/')}>
                {t(locale, 'error.backHome')}
              </a>
            </div>
          );
        }
        return <Detail locale={locale} no={slug} />;
      }}
    </MemberFrame>
  );
}
