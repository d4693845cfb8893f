import { useEffect, useMemo, useState } from 'react';
import type { Locale } from '../../config.ts';
import { AdminFrame } from './AdminFrame.tsx';
import { adminApi, messageOf } from './api.ts';
import { price } from './display.ts';
import { translator } from './i18n.ts';
import { OrderTable } from './OrderTable.tsx';
import type { OrderRow } from './order-types.ts';
import { adminPath } from './paths.ts';
import { RETURN_VIEWS, type ReturnCounts } from './return-types.ts';
import type { ReviewCounts } from './review-types.ts';
import { Notice, Section, Table } from './ui.tsx';

interface Day {
  day: string;
  orders: number;
  sales: number;
}
interface TodayView {
  today: Day;
  yesterday: Day;
  toShip: OrderRow[];
  toShipTotal: number;
  needsAction: OrderRow[];
  lowStock: {
    sku: string;
    handle: string;
    productNameZh: string;
    productNameEn: string;
    option: string;
    stock: number;
  }[];
  lowStockTotal: number;
  soldOutTotal: number;
  lowStockAt: number;
  returns: ReturnCounts;
  reviews?: ReviewCounts;
}

function Body({ locale }: { locale: Locale }) {
  const t = useMemo(() => translator(locale), [locale]);
  const [view, setView] = useState<TodayView | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    adminApi
      .get<TodayView>('/api/admin/today')
      .then(setView)
      .catch((e) => setError(messageOf(e, t('admin.error.generic'))));
  }, [t]);
  if (error) return <Notice error={error} />;
  if (!view) return <p role="status">{t('admin.loading')}</p>;
  const day = (label: string, d: Day) => (
    <div>
      <dt>{label}</dt>
      <dd>
        {t('admin.today.orders')} {d.orders}
        <br />
        {t('admin.today.sales')} {price(d.sales)}
      </dd>
    </div>
  );
  return (
    <>
      <dl className="sw-admin-cards">
        {day(t('admin.today.today', { day: view.today.day }), view.today)}
        {day(t('admin.today.yesterday', { day: view.yesterday.day }), view.yesterday)}
      </dl>
      <Section title={t('admin.today.toShip')}>
        {view.toShip.length ? (
          <>
            <OrderTable locale={locale} label={t('admin.today.toShip')} rows={view.toShip} />
            <p>
              <a href={adminPath(locale, 'orders', '?view=to-ship')}>
                {t('admin.today.toShipAll', { count: view.toShipTotal })}
              </a>
            </p>
          </>
        ) : (
          <p>{t('admin.none')}</p>
        )}
      </Section>
      <Section title={t('admin.returns.today')}>
        <ul className="sw-admin-list">
          {RETURN_VIEWS.map((v) => (
            <li key={v}>
              <a href={adminPath(locale, 'returns', `?view=${v}`)}>
                {t('admin.returns.todayCount', { label: t(`admin.returns.view.${v}`), count: view.returns[v] })}
              </a>
            </li>
          ))}
        </ul>
      </Section>
      {view.reviews && (
        <Section title={t('admin.reviews.today')}>
          <ul className="sw-admin-list">
            {view.reviews.moderation === 'pre' && (
              <li>
                <a href={adminPath(locale, 'reviews', '?view=new')}>
                  {t('admin.reviews.todayCount', {
                    label: t('admin.reviews.state.pending'),
                    count: view.reviews.pending,
                  })}
                </a>
              </li>
            )}
            <li>
              <a href={adminPath(locale, 'reviews', '?view=reported')}>
                {t('admin.reviews.todayCount', {
                  label: t('admin.reviews.view.reported'),
                  count: view.reviews.reported,
                })}
              </a>
            </li>
          </ul>
        </Section>
      )}
      <Section title={t('admin.today.needsAction')}>
        {view.needsAction.length ? (
          <OrderTable locale={locale} label={t('admin.today.needsAction')} rows={view.needsAction} />
        ) : (
          <p>{t('admin.none')}</p>
        )}
      </Section>
      <Section title={t('admin.today.lowStock', { at: view.lowStockAt })}>
        {view.lowStock.length ? (
          <Table label={t('admin.today.lowStock', { at: view.lowStockAt })}>
            <thead>
              <tr>
                <th scope="col">{t('admin.col.product')}</th>
                <th scope="col">{t('admin.col.sku')}</th>
                <th scope="col">{t('admin.col.stock')}</th>
              </tr>
            </thead>
            <tbody>
              {view.lowStock.map((v) => (
                <tr key={v.sku}>
                  <td>
                    <a href={adminPath(locale, 'catalog', `?q=${encodeURIComponent(v.sku)}`)}>
                      {locale === 'en' ? v.productNameEn : v.productNameZh}
                    </a>
                    {v.option ? ` · ${v.option}` : ''}
                  </td>
                  <td>{v.sku}</td>
                  <td>{v.stock}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <p>{t('admin.none')}</p>
        )}
        {view.lowStockTotal > 0 && (
          <p>
            <a href={adminPath(locale, 'catalog', '?low_stock=1')}>
              {t('admin.today.lowStockAll', { count: view.lowStockTotal })}
            </a>
          </p>
        )}
        {view.soldOutTotal > 0 && (
          <p>
            <a href={adminPath(locale, 'catalog', '?sold_out=1')}>
              {t('admin.today.soldOut', { count: view.soldOutTotal })}
            </a>
          </p>
        )}
      </Section>
    </>
  );
}

/** Today: orders and sales today and yesterday, what waits to ship, returns waiting, what needs a person, low stock. */
export default function AdminToday({ locale }: { locale: Locale }) {
  return (
    <AdminFrame locale={locale} current="today" title={translator(locale)('admin.today.title')}>
      {() => <Body locale={locale} />}
    </AdminFrame>
  );
}
