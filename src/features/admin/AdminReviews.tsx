import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import type { Locale } from '../../config.ts';
import { ApiClientError } from '../../lib/api/client.ts';
import { AdminFrame } from './AdminFrame.tsx';
import { adminApi, messageOf } from './api.ts';
import { ADMIN_PAGE_SIZE } from './constants.ts';
import { translator } from './i18n.ts';
import { adminPath } from './paths.ts';
import { ReviewCard } from './ReviewCard.tsx';
import { type ConsoleReview, REVIEW_VIEWS, type ReviewCounts, type ReviewView, viewQuery } from './review-types.ts';
import { Button, Field, Notice, type Paged, Pager, Select } from './ui.tsx';

interface Filters {
  view: ReviewView | '';
  stars: string;
  product: string;
  page: number;
}

const STARS = ['1', '2', '3', '4', '5'];

function readFilters(): Filters {
  const p = new URLSearchParams(location.search);
  const view = p.get('view') ?? '';
  const stars = p.get('stars') ?? '';
  return {
    view: (REVIEW_VIEWS as readonly string[]).includes(view) ? (view as ReviewView) : '',
    stars: STARS.includes(stars) ? stars : '',
    product: (p.get('product') ?? '').trim(),
    page: Number(p.get('page')) || 1,
  };
}

function Body({ locale }: { locale: Locale }) {
  const t = useMemo(() => translator(locale), [locale]);
  const [filters, setFilters] = useState<Filters>(readFilters);
  const [counts, setCounts] = useState<ReviewCounts | null>(null);
  const [list, setList] = useState<Paged<ConsoleReview> | null>(null);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});

  const loadCounts = useCallback(() => {
    adminApi
      .get<{ reviews: ReviewCounts }>('/api/admin/today')
      .then((v) => setCounts(v.reviews))
      .catch(() => setCounts({ moderation: 'post', pending: 0, reported: 0, hidden: 0 }));
  }, []);
  useEffect(loadCounts, [loadCounts]);

  // The list waits for the counts: the "new" tab's reviews depend on how the shop moderates. An
  // action's new counts do not read the list again: the review acted on stays, with its outcome.
  const moderation = counts?.moderation;
  useEffect(() => {
    const q = new URLSearchParams();
    if (filters.view) q.set('view', filters.view);
    if (filters.stars) q.set('stars', filters.stars);
    if (filters.product) q.set('product', filters.product);
    if (filters.page > 1) q.set('page', String(filters.page));
    history.replaceState(null, '', `${location.pathname}${q.size ? `?${q}` : ''}`);
    if (!moderation) return;
    setError('');
    setFields({});
    adminApi
      .get<Paged<ConsoleReview>>('/api/admin/reviews', {
        query: {
          ...viewQuery(filters.view, moderation),
          stars: filters.stars || undefined,
          product: filters.product || undefined,
          page: filters.page,
          limit: ADMIN_PAGE_SIZE,
        },
      })
      .then(setList)
      .catch((e) => {
        setList(null);
        if (e instanceof ApiClientError && Object.keys(e.fields).length) setFields(e.fields);
        else setError(messageOf(e, t('admin.error.generic')));
      });
  }, [filters, moderation, t]);

  const tabCount = (view: ReviewView): number | undefined => {
    if (!counts) return undefined;
    if (view === 'new') return counts.moderation === 'pre' ? counts.pending : undefined;
    return counts[view];
  };
  const tab = (view: ReviewView | '') => {
    const label = view ? t(`admin.reviews.view.${view}`) : t('admin.reviews.viewAll');
    const count = view ? tabCount(view) : undefined;
    return (
      <li key={view || 'all'}>
        <a
          href={adminPath(locale, 'reviews', view ? `?view=${view}` : '')}
          aria-current={filters.view === view ? 'page' : undefined}
          onClick={(e) => {
            e.preventDefault();
            setFilters({ ...filters, view, page: 1 });
          }}
        >
          {count === undefined ? label : t('admin.reviews.tab', { label, count })}
        </a>
      </li>
    );
  };

  function filter(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const stars = String(data.get('stars') ?? '');
    setFilters({
      ...filters,
      stars: STARS.includes(stars) ? stars : '',
      product: String(data.get('product') ?? '').trim(),
      page: 1,
    });
  }

  const replaced = (r: ConsoleReview) => {
    setList((l) => (l ? { ...l, data: l.data.map((x) => (x.id === r.id ? r : x)) } : l));
    loadCounts();
  };
  return (
    <>
      <nav className="sw-admin-tabs" aria-label={t('admin.reviews.tabs')}>
        <ul>{(['', ...REVIEW_VIEWS] as const).map(tab)}</ul>
      </nav>
      {counts && filters.view === 'new' && (
        <p className="sw-admin-hint">
          {counts.moderation === 'pre' ? t('admin.reviews.newPre') : t('admin.reviews.newPost')}
        </p>
      )}
      <form
        className="sw-admin-form"
        aria-label={t('admin.reviews.filters')}
        noValidate
        onSubmit={filter}
        key={`${filters.stars}|${filters.product}`}
      >
        <div className="sw-admin-row">
          <Select
            label={t('admin.reviews.stars')}
            name="stars"
            defaultValue={filters.stars}
            options={[
              { value: '', label: t('admin.reviews.starsAny') },
              ...STARS.map((s) => ({ value: s, label: t('admin.reviews.starsN', { n: s }) })),
            ]}
          />
          <Field
            label={t('admin.reviews.product')}
            name="product"
            defaultValue={filters.product}
            autoComplete="off"
            spellCheck={false}
            error={fields.product ?? fields.stars}
          />
          <Button type="submit" primary>
            {t('admin.reviews.apply')}
          </Button>
        </div>
      </form>
      <Notice error={error} />
      {list && list.data.length === 0 && <p>{t('admin.reviews.empty')}</p>}
      {list && list.data.length > 0 && (
        <>
          <ul className="sw-admin-reviews">
            {list.data.map((r) => (
              <li key={r.id}>
                <ReviewCard locale={locale} review={r} onDone={replaced} />
              </li>
            ))}
          </ul>
          <Pager t={t} page={list} onPage={(page) => setFilters({ ...filters, page })} />
        </>
      )}
    </>
  );
}

/** Reviews: tabs new, reported, hidden and all (with counts), filters by stars and product, pages. */
export default function AdminReviews({ locale }: { locale: Locale }) {
  return (
    <AdminFrame locale={locale} current="reviews" title={translator(locale)('admin.reviews.title')}>
      {() => <Body locale={locale} />}
    </AdminFrame>
  );
}
