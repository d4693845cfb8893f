import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Locale } from '../../config.ts';
import { AdminFrame } from './AdminFrame.tsx';
import { adminApi, messageOf } from './api.ts';
import { ADMIN_PAGE_SIZE } from './constants.ts';
import { price, refundStateLabel, returnStateLabel, when } from './display.ts';
import { translator } from './i18n.ts';
import { adminPath } from './paths.ts';
import { RETURN_VIEWS, type ReturnCounts, type ReturnRow, type ReturnView } from './return-types.ts';
import { Notice, type Paged, Pager, Table } from './ui.tsx';

interface Filters {
  view: ReturnView | '';
  page: number;
}

function readFilters(): Filters {
  const p = new URLSearchParams(location.search);
  const view = p.get('view') ?? '';
  return {
    view: (RETURN_VIEWS as readonly string[]).includes(view) ? (view as ReturnView) : '',
    page: Number(p.get('page')) || 1,
  };
}

function Body({ locale }: { locale: Locale }) {
  const t = useMemo(() => translator(locale), [locale]);
  const [filters, setFilters] = useState<Filters>(readFilters);
  const [list, setList] = useState<Paged<ReturnRow> | null>(null);
  const [counts, setCounts] = useState<ReturnCounts | null>(null);
  const [error, setError] = useState('');

  const load = useCallback(
    (f: Filters) => {
      setError('');
      adminApi
        .get<Paged<ReturnRow>>('/api/admin/returns', {
          query: { view: f.view || undefined, page: f.page, limit: ADMIN_PAGE_SIZE },
        })
        .then(setList)
        .catch((e) => setError(messageOf(e, t('admin.error.generic'))));
      adminApi
        .get<{ returns: ReturnCounts }>('/api/admin/today')
        .then((v) => setCounts(v.returns))
        .catch(() => setCounts(null));
    },
    [t],
  );
  useEffect(() => {
    const q = new URLSearchParams();
    if (filters.view) q.set('view', filters.view);
    if (filters.page > 1) q.set('page', String(filters.page));
    history.replaceState(null, '', `${location.pathname}${q.size ? `?${q}` : ''}`);
    load(filters);
  }, [filters, load]);

  const tab = (view: ReturnView | '') => {
    const label = view ? t(`admin.returns.view.${view}`) : t('admin.returns.viewAll');
    const count = view && counts ? counts[view] : undefined;
    return (
      <li key={view || 'all'}>
        <a
          href={adminPath(locale, 'returns', view ? `?view=${view}` : '')}
          aria-current={filters.view === view ? 'page' : undefined}
          onClick={(e) => {
            e.preventDefault();
            setFilters({ view, page: 1 });
          }}
        >
          {count === undefined ? label : t('admin.returns.tab', { label, count })}
        </a>
      </li>
    );
  };

  return (
    <>
      <nav className="sw-admin-tabs" aria-label={t('admin.returns.tabs')}>
        <ul>{(['', ...RETURN_VIEWS] as const).map(tab)}</ul>
      </nav>
      <Notice error={error} />
      {list && list.data.length === 0 && <p>{t('admin.returns.empty')}</p>}
      {list && list.data.length > 0 && (
        <>
          <Table label={t('admin.returns.title')}>
            <thead>
              <tr>
                <th scope="col">{t('admin.returns.col.id')}</th>
                <th scope="col">{t('admin.col.no')}</th>
                <th scope="col">{t('admin.returns.col.requested')}</th>
                <th scope="col">{t('admin.col.receiver')}</th>
                <th scope="col">{t('admin.col.quantity')}</th>
                <th scope="col">{t('admin.col.state')}</th>
                <th scope="col">{t('admin.returns.col.refund')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((r) => (
                <tr key={r.id}>
                  <td className="sw-card-1 sw-nowrap">
                    <a href={adminPath(locale, 'return', `?id=${r.id}`)}>{t('admin.return.title', { id: r.id })}</a>
                  </td>
                  <td data-label={t('admin.col.no')} className="sw-nowrap">
                    <a href={adminPath(locale, 'order', `?no=${encodeURIComponent(r.orderNo)}`)}>{r.orderNo}</a>
                  </td>
                  <td data-label={t('admin.returns.col.requested')}>{when(r.requestedAt, locale)}</td>
                  <td data-label={t('admin.col.receiver')}>{r.receiverName}</td>
                  <td data-label={t('admin.col.quantity')}>{r.quantity}</td>
                  <td className="sw-card-2">{returnStateLabel(locale, r.state)}</td>
                  <td data-label={t('admin.returns.col.refund')}>
                    {r.refundAmount === null ? '' : price(r.refundAmount)}
                    {r.refundState ? ` · ${refundStateLabel(locale, r.refundState)}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager t={t} page={list} onPage={(page) => setFilters({ ...filters, page })} />
        </>
      )}
    </>
  );
}

/** Returns: tabs by what the shop does next (with their counts), newest first, pages. */
export default function AdminReturns({ locale }: { locale: Locale }) {
  return (
    <AdminFrame locale={locale} current="returns" title={translator(locale)('admin.returns.title')}>
      {() => <Body locale={locale} />}
    </AdminFrame>
  );
}
