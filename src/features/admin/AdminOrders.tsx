import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import type { Locale } from '../../config.ts';
import { AdminFrame } from './AdminFrame.tsx';
import { adminApi, messageOf } from './api.ts';
import { ADMIN_LABELS_MAX, ADMIN_PAGE_SIZE } from './constants.ts';
import { stateLabel } from './display.ts';
import { translator } from './i18n.ts';
import { labelWindow, writeSheet } from './labels.ts';
import { OrderTable } from './OrderTable.tsx';
import type { LabelForm, OrderRow } from './order-types.ts';
import { Button, Check, Field, Notice, type Paged, Pager, Select } from './ui.tsx';

const STATES = [
  'awaiting_payment',
  'paid',
  'processing',
  'shipped',
  'at_store',
  'delivered',
  'picked_up',
  'completed',
  'cancelled',
];

interface Filters {
  view: string;
  state: string;
  q: string;
  page: number;
}

function readFilters(): Filters {
  const p = new URLSearchParams(location.search);
  return {
    view: p.get('view') ?? '',
    state: p.get('state') ?? '',
    q: p.get('q') ?? '',
    page: Number(p.get('page')) || 1,
  };
}

function Body({ locale }: { locale: Locale }) {
  const t = useMemo(() => translator(locale), [locale]);
  const [filters, setFilters] = useState<Filters>(readFilters);
  const [list, setList] = useState<Paged<OrderRow> | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [refused, setRefused] = useState<string[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    (f: Filters) => {
      setError('');
      adminApi
        .get<Paged<OrderRow>>('/api/admin/orders', {
          query: {
            view: f.view || undefined,
            state: f.state || undefined,
            q: f.q || undefined,
            page: f.page,
            limit: ADMIN_PAGE_SIZE,
          },
        })
        .then(setList)
        .catch((e) => setError(messageOf(e, t('admin.error.generic'))));
    },
    [t],
  );
  useEffect(() => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(filters)) if (v && !(k === 'page' && v === 1)) q.set(k, String(v));
    history.replaceState(null, '', `${location.pathname}${q.size ? `?${q}` : ''}`);
    load(filters);
  }, [filters, load]);

  function search(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setSelected(new Set());
    setFilters({
      view: String(data.get('view') ?? ''),
      state: String(data.get('state') ?? ''),
      q: String(data.get('q') ?? '').trim(),
      page: 1,
    });
  }

  async function shipSelected() {
    const nos = [...selected].slice(0, ADMIN_LABELS_MAX);
    if (!nos.length || busy) return;
    const win = labelWindow('sw-label-sheet');
    setBusy(true);
    setNotice('');
    const refusals: string[] = [];
    const shipped: string[] = [];
    for (const no of nos) {
      try {
        await adminApi.post(`/api/admin/orders/${encodeURIComponent(no)}/ship`, { body: {} });
        shipped.push(no);
      } catch (e) {
        refusals.push(t('admin.orders.bulkRefused', { no, message: messageOf(e, t('admin.error.generic')) }));
      }
    }
    try {
      if (shipped.length) {
        const res = await adminApi.post<{
          labels: (LabelForm & { no: string })[];
          refused: { no: string; message: string }[];
        }>('/api/admin/orders/labels', { body: { orderNos: shipped } });
        for (const r of res.refused) refusals.push(t('admin.orders.bulkRefused', { no: r.no, message: r.message }));
        if (win && res.labels.length)
          writeSheet(win, t('admin.orders.labelSheet'), (no) => t('admin.orders.openLabel', { no }), res.labels);
        else win?.close();
        setNotice(t('admin.orders.bulkDone', { count: res.labels.length }));
      } else win?.close();
    } catch (e) {
      win?.close();
      refusals.push(messageOf(e, t('admin.error.generic')));
    }
    setRefused(refusals);
    setSelected(new Set());
    setBusy(false);
    load(filters);
  }

  const toShip = filters.view === 'to-ship';
  return (
    <>
      <form className="sw-admin-form" aria-label={t('admin.orders.filters')} onSubmit={search}>
        <div className="sw-admin-row">
          <Select
            label={t('admin.orders.view')}
            name="view"
            defaultValue={filters.view}
            options={[
              { value: '', label: t('admin.orders.viewAll') },
              { value: 'to-ship', label: t('admin.orders.viewToShip') },
              { value: 'needs-action', label: t('admin.orders.viewNeedsAction') },
            ]}
          />
          <Select
            label={t('admin.orders.state')}
            name="state"
            defaultValue={filters.state}
            options={[
              { value: '', label: t('admin.orders.anyState') },
              ...STATES.map((s) => ({ value: s, label: stateLabel(locale, s) })),
            ]}
          />
          <Field label={t('admin.orders.q')} name="q" type="search" defaultValue={filters.q} />
          <Button type="submit" primary>
            {t('admin.orders.search')}
          </Button>
        </div>
      </form>
      <Notice error={error} ok={notice} />
      {refused.length > 0 && (
        <ul className="sw-admin-list" role="alert">
          {refused.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      {list && list.data.length === 0 && <p>{t('admin.orders.empty')}</p>}
      {list && list.data.length > 0 && (
        <>
          {toShip && (
            <div className="sw-admin-actions">
              <Check
                label={t('admin.orders.selectAll')}
                checked={list.data.every((r) => selected.has(r.no))}
                onChange={(e) => setSelected(e.currentTarget.checked ? new Set(list.data.map((r) => r.no)) : new Set())}
              />
              <Button primary busy={busy} disabled={!selected.size || busy} onClick={() => void shipSelected()}>
                {busy ? t('admin.working') : t('admin.orders.shipSelected', { count: selected.size })}
              </Button>
            </div>
          )}
          <OrderTable
            locale={locale}
            label={t('admin.orders.title')}
            rows={list.data}
            selected={toShip ? selected : undefined}
            onSelect={(no, on) =>
              setSelected((s) => {
                const next = new Set(s);
                if (on) next.add(no);
                else next.delete(no);
                return next;
              })
            }
          />
          <Pager t={t} page={list} onPage={(page) => setFilters({ ...filters, page })} />
        </>
      )}
    </>
  );
}

/** Orders: filters (state, to ship, needs action), search, pages; ship many with one label sheet. */
export default function AdminOrders({ locale }: { locale: Locale }) {
  return (
    <AdminFrame locale={locale} current="orders" title={translator(locale)('admin.orders.title')}>
      {() => <Body locale={locale} />}
    </AdminFrame>
  );
}
