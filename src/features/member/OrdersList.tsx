import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../config.ts';
import type { OrderState, OrderSummary } from '../../lib/api/order-types.ts';
import { formatDate } from '../../lib/i18n/format.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { formatPrice } from '../../lib/i18n/price.ts';
import { $orders, loadOrders } from '../../stores/orders.ts';
import { labels, ORDER_STATES } from '../orders/labels.ts';
import { MemberFrame } from './MemberFrame.tsx';
import '../orders/orders.css';

/** The page and state filter of the list's URL (`?page=2&state=shipped`), so that back and reload keep them. */
export function listParams(search: string): { page: number; state: OrderState | '' } {
  const q = new URLSearchParams(search);
  const page = Number(q.get('page'));
  const state = ORDER_STATES.find((s) => s === q.get('state')) ?? '';
  return { page: Number.isInteger(page) && page >= 1 ? page : 1, state };
}

function listHref(locale: Locale, page: number, state: string): string {
  const q = new URLSearchParams();
  if (state) q.set('state', state);
  if (page > 1) q.set('page', String(page));
  const query = q.toString();
  return `${localePath(locale, '/member/orders')}${query ? `?${query}` : ''}`;
}

function Row({ locale, o }: { locale: Locale; o: OrderSummary }) {
  return (
    <li>
      {o.imageSrc ? <img src={o.imageSrc} alt="" width={64} height={64} loading="lazy" /> : <span />}
      <div>
        <p>
          <a href={localePath(locale, `/member/orders/${encodeURIComponent(o.no)}`)}>
            {t(locale, 'member.order.number', { no: o.no })}
          </a>
        </p>
        <p className="sw-muted">
          {o.firstItemName}
          {o.count > 1 ? ` ${t(locale, 'orders.more', { count: o.count })}` : ''}
        </p>
        <p className="sw-muted">{formatDate(o.createdAt, locale)}</p>
      </div>
      <div>
        <p>{labels.state(locale, o.state)}</p>
        <p>
          <strong>{formatPrice(o.total)}</strong>
        </p>
      </div>
    </li>
  );
}

function List({ locale }: { locale: Locale }) {
  const { page, loading, state } = useStore($orders);
  useEffect(() => {
    const p = listParams(location.search);
    void loadOrders(p.page, p.state);
  }, []);
  const pages = page ? page.pageCount : 1;
  return (
    <>
      <form className="sw-orders-filter" method="get" action={localePath(locale, '/member/orders')}>
        <div className="sw-field">
          <label htmlFor="orders-state">{t(locale, 'orders.filter')}</label>
          <select
            id="orders-state"
            name="state"
            value={state}
            onChange={(e) => {
              const next = e.target.value as OrderState | '';
              history.replaceState(null, '', listHref(locale, 1, next));
              void loadOrders(1, next);
            }}
          >
            <option value="">{t(locale, 'orders.all')}</option>
            {ORDER_STATES.map((s) => (
              <option key={s} value={s}>
                {labels.state(locale, s)}
              </option>
            ))}
          </select>
        </div>
      </form>
      {!page || loading ? (
        <p aria-busy="true">{t(locale, 'auth.loading')}</p>
      ) : page.data.length === 0 ? (
        <div className="sw-empty">
          <p>{t(locale, state ? 'orders.emptyState' : 'member.orders.empty')}</p>
          <a className="btn" href={localePath(locale, '/')}>
            {t(locale, 'member.orders.shop')}
          </a>
        </div>
      ) : (
        <>
          <ul className="sw-orders-list" aria-label={t(locale, 'member.orders.title')}>
            {page.data.map((o) => (
              <Row key={o.no} locale={locale} o={o} />
            ))}
          </ul>
          {pages > 1 && (
            <nav className="sw-orders-pager" aria-label={t(locale, 'orders.pages')}>
              {page.current > 1 && (
                <a href={listHref(locale, page.current - 1, state)} rel="prev">
                  {t(locale, 'orders.prev')}
                </a>
              )}
              <span>{t(locale, 'orders.pageOf', { page: page.current, pages })}</span>
              {page.current < pages && (
                <a href={listHref(locale, page.current + 1, state)} rel="next">
                  {t(locale, 'orders.next')}
                </a>
              )}
            </nav>
          )}
        </>
      )}
    </>
  );
}

/** The member's orders: state, date, total and first item image; filter by state; paged. */
export default function OrdersList({ locale }: { locale: Locale }) {
  return (
    <MemberFrame
      locale={locale}
      current="orders"
      title={t(locale, 'member.orders.title')}
      lead={t(locale, 'member.orders.lead')}
    >
      {() => <List locale={locale} />}
    </MemberFrame>
  );
}
