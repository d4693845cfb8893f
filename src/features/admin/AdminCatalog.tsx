import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import type { Locale } from '../../config.ts';
import { AdminFrame } from './AdminFrame.tsx';
import { adminApi, messageOf } from './api.ts';
import { CatalogImport } from './CatalogImport.tsx';
import { ChangeLog } from './ChangeLog.tsx';
import type { AdminProduct } from './catalog-types.ts';
import { ADMIN_PAGE_SIZE } from './constants.ts';
import { FeedGaps } from './FeedGaps.tsx';
import { translator } from './i18n.ts';
import type { StaffMe } from './session.ts';
import { Button, Check, Field, Notice, type Paged, Pager, Select, Table } from './ui.tsx';
import { VariantRow } from './VariantRow.tsx';

interface Filters {
  q: string;
  state: string;
  lowStock: boolean;
  soldOut: boolean;
  page: number;
}

function readFilters(): Filters {
  const p = new URLSearchParams(location.search);
  return {
    q: p.get('q') ?? '',
    state: p.get('state') ?? '',
    lowStock: p.get('low_stock') === '1',
    soldOut: p.get('sold_out') === '1',
    page: 1,
  };
}

function Products({ locale, me, onChanged }: { locale: Locale; me: StaffMe; onChanged: () => void }) {
  const t = useMemo(() => translator(locale), [locale]);
  const owner = me.role === 'owner';
  const [filters, setFilters] = useState<Filters>(readFilters);
  const [list, setList] = useState<Paged<AdminProduct> | null>(null);
  const [error, setError] = useState('');
  const [ok, setOk] = useState('');

  const load = useCallback(() => {
    adminApi
      .get<Paged<AdminProduct>>('/api/admin/products', {
        query: {
          q: filters.q || undefined,
          state: filters.state || undefined,
          lowStock: filters.lowStock ? 1 : undefined,
          soldOut: filters.soldOut ? 1 : undefined,
          page: filters.page,
          limit: ADMIN_PAGE_SIZE,
        },
      })
      .then(setList)
      .catch((e) => setError(messageOf(e, t('admin.error.generic'))));
  }, [filters, t]);
  useEffect(load, [load]);

  function search(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setError('');
    setFilters({
      q: String(data.get('q') ?? '').trim(),
      state: String(data.get('state') ?? ''),
      lowStock: data.get('lowStock') === 'on',
      soldOut: data.get('soldOut') === 'on',
      page: 1,
    });
  }

  async function toggle(p: AdminProduct) {
    setError('');
    setOk('');
    try {
      const res = await adminApi.post<{ pagesNotice?: string }>(
        `/api/admin/products/${encodeURIComponent(p.handle)}/${p.withdrawn ? 'publish' : 'withdraw'}`,
      );
      setOk(res.pagesNotice ?? '');
      load();
      onChanged();
    } catch (e) {
      setError(messageOf(e, t('admin.error.generic')));
    }
  }

  async function setReturnable(p: AdminProduct, returnable: boolean) {
    setError('');
    setOk('');
    try {
      const res = await adminApi.patch<{ pagesNotice?: string }>(
        `/api/admin/products/${encodeURIComponent(p.handle)}`,
        {
          body: { returnable },
        },
      );
      setOk(res.pagesNotice ?? '');
      load();
      onChanged();
    } catch (e) {
      setError(messageOf(e, t('admin.error.generic')));
    }
  }

  return (
    <div className="sw-admin-section">
      <form className="sw-admin-form" aria-label={t('admin.catalog.filters')} onSubmit={search}>
        <div className="sw-admin-row">
          <Field label={t('admin.catalog.q')} name="q" type="search" defaultValue={filters.q} />
          <Select
            label={t('admin.catalog.state')}
            name="state"
            defaultValue={filters.state}
            options={[
              { value: '', label: t('admin.catalog.anyState') },
              { value: 'published', label: t('admin.catalog.published') },
              { value: 'withdrawn', label: t('admin.catalog.withdrawn') },
            ]}
          />
          <Check label={t('admin.catalog.lowStock')} name="lowStock" defaultChecked={filters.lowStock} />
          <Check label={t('admin.catalog.soldOut')} name="soldOut" defaultChecked={filters.soldOut} />
          <Button type="submit" primary>
            {t('admin.catalog.search')}
          </Button>
        </div>
      </form>
      <Notice error={error} ok={ok} />
      {list && list.data.length === 0 && <p>{t('admin.catalog.empty')}</p>}
      {list?.data.map((p) => {
        const name = locale === 'en' ? p.nameEn : p.nameZh;
        return (
          <article key={p.handle} className="sw-admin-section">
            <h2>
              {name}{' '}
              <span className="muted">
                ({p.brand} · {p.handle})
              </span>
            </h2>
            <p className="sw-admin-actions">
              <span>{p.withdrawn ? t('admin.catalog.withdrawn') : t('admin.catalog.published')}</span>
              {owner && (
                <Button onClick={() => void toggle(p)}>
                  {t(p.withdrawn ? 'admin.catalog.publish' : 'admin.catalog.withdraw', { name })}
                </Button>
              )}
              {owner ? (
                <Check
                  label={t('admin.catalog.notReturnable', { name })}
                  checked={!p.returnable}
                  onChange={(e) => void setReturnable(p, !e.currentTarget.checked)}
                />
              ) : (
                !p.returnable && <span>{t('admin.catalog.notReturnableShort')}</span>
              )}
            </p>
            <Table label={name}>
              <thead>
                <tr>
                  <th scope="col">{t('admin.col.option')}</th>
                  <th scope="col">{t('admin.col.sku')}</th>
                  <th scope="col">{t('admin.col.price')}</th>
                  <th scope="col">{t('admin.col.stock')}</th>
                  <th scope="col">{t('admin.col.waiting')}</th>
                  <th scope="col">
                    <span className="sr-only">{t('admin.col.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {p.variants.map((v) => (
                  <VariantRow key={v.sku} locale={locale} v={v} owner={owner} onSaved={onChanged} />
                ))}
              </tbody>
            </Table>
          </article>
        );
      })}
      {list && <Pager t={t} page={list} onPage={(page) => setFilters({ ...filters, page })} />}
    </div>
  );
}

function Body({ locale, me }: { locale: Locale; me: StaffMe }) {
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((n) => n + 1);
  return (
    <>
      <FeedGaps locale={locale} version={version} />
      <Products locale={locale} me={me} onChanged={changed} />
      {me.role === 'owner' && <CatalogImport locale={locale} onApplied={changed} />}
      <ChangeLog locale={locale} version={version} />
    </>
  );
}

/** Catalog: products with search and filters, price and stock in place, publish and withdraw, import, export, change log. */
export default function AdminCatalog({ locale }: { locale: Locale }) {
  return (
    <AdminFrame locale={locale} current="catalog" title={translator(locale)('admin.catalog.title')}>
      {(me) => <Body locale={locale} me={me} />}
    </AdminFrame>
  );
}
