import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../config.ts';
import { localePath, neutralPath } from '../../lib/i18n/locale.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { type PageError, validateRoute } from '../../lib/runtime/route-errors.ts';
import { $order, loadOrder } from '../../stores/orders.ts';
import { Pending } from '../auth/Pending.tsx';
import { OrderActions } from '../orders/OrderActions.tsx';
import { OrderView } from '../orders/OrderView.tsx';
import { ReturnsPanel } from '../orders/ReturnsPanel.tsx';
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
  if (loading || (!order && !error)) return <Pending locale={locale} />;
  if (error || !order)
    return (
      <div className="sw-empty" data-status={error?.status}>
        <p>{error?.message}</p>
        <a href={localePath(locale, '/member/orders')}>{t(locale, 'member.order.back')}</a>
      </div>
    );
  return (
    <>
      <OrderActions locale={locale} />
      <ReturnsPanel locale={locale} order={order} />
      <OrderView locale={locale} order={order} />
      <p>
        <a href={localePath(locale, '/member/orders')}>{t(locale, 'member.order.back')}</a>
      </p>
    </>
  );
}

/** The page's order slug, or the 404 it is (read once mounted: the prerendered shell has no URL). */
function useSlug(): { slug: string } | { error: PageError } | null {
  const [slug, setSlug] = useState<{ slug: string } | { error: PageError } | null>(null);
  useEffect(() => {
    try {
      setSlug({ slug: orderSlugOf(location.pathname) });
    } catch (error) {
      setSlug({ error: error as PageError });
    }
  }, []);
  return slug;
}

/** One order of the member: its contents, the timeline, pay now and cancel while allowed, returns once delivered. */
export default function OrderDetail({ locale }: { locale: Locale }) {
  const slug = useSlug();
  const missing = slug && 'error' in slug ? slug.error : null;
  return (
    <MemberFrame
      locale={locale}
      current="orders"
      title={t(locale, missing ? 'error.notExist' : 'member.order.title')}
      lead={t(locale, 'member.order.lead')}
    >
      {() =>
        !slug ? (
          <Pending locale={locale} />
        ) : 'error' in slug ? (
          <div className="sw-empty" data-status={slug.error.statusCode} data-error={slug.error.message}>
            <a className="btn" href={localePath(locale, '/')}>
              {t(locale, 'error.backHome')}
            </a>
          </div>
        ) : (
          <Detail locale={locale} no={slug.slug} />
        )
      }
    </MemberFrame>
  );
}
