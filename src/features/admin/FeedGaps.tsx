import { useEffect, useMemo, useState } from 'react';
import type { Locale } from '../../config.ts';
import { adminApi } from './api.ts';
import type { FeedGaps as Gaps } from './catalog-types.ts';
import { translator } from './i18n.ts';
import { adminPath } from './paths.ts';

/**
 * The catalog page's notice of products on sale that the product feeds leave out for want of a
 * photo, each linked to its row in the catalog; nothing when there are none. Read again after an edit.
 */
export function FeedGaps({ locale, version }: { locale: Locale; version: number }) {
  const t = useMemo(() => translator(locale), [locale]);
  const [gaps, setGaps] = useState<Gaps | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload signal
  useEffect(() => {
    // Only a notice: when it cannot be read, the page goes on without it.
    adminApi
      .get<Gaps>('/api/admin/catalog/feed-gaps')
      .then(setGaps)
      .catch(() => setGaps(null));
  }, [version]);
  if (!gaps || gaps.products === 0) return null;
  const more = gaps.products - gaps.list.length;
  return (
    <section className="sw-admin-section" aria-labelledby="feed-gaps-title">
      <h2 id="feed-gaps-title">{t('admin.catalog.feedGapsTitle')}</h2>
      <p className="sw-form-notice" role="status">
        {t('admin.catalog.feedGaps', { products: gaps.products, variants: gaps.variants })}
      </p>
      <ul>
        {gaps.list.map((g) => (
          <li key={g.handle}>
            <a href={adminPath(locale, 'catalog', `?q=${encodeURIComponent(g.handle)}`)}>
              {locale === 'en' ? g.nameEn : g.nameZh}
            </a>{' '}
            <span className="muted">
              ({g.handle}: {g.skus.join(', ')})
            </span>
          </li>
        ))}
      </ul>
      {more > 0 && <p>{t('admin.catalog.feedGapsMore', { count: more })}</p>}
    </section>
  );
}
