/**
 * The search page: reads `?q=` (and `page`), asks GET /api/products?q= and shows the cards, the
 * count and a pager, or the no-data state when nothing matches.
 */
import { EAGER_IMAGES, type Locale, PRODUCTS_PAGE_SIZE } from '../../config.ts';
import { listProducts } from '../../lib/api/catalog.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { playAll } from '../animation/lottie.ts';
import { browserApi } from './browser-api.ts';
import { type CardLabels, type PagerLabels, pagerHtml, productCardHtml } from './cards.ts';
import { productPath } from './paths.ts';

/** What the page hands the script (JSON in `[data-search-config]`). */
export interface SearchConfig {
  locale: Locale;
  labels: { card: CardLabels; pager: PagerLabels; resultsFor: string; count: string; prompt: string; error: string };
}

/** Longest query sent to the API. */
const MAX_QUERY = 100;

export async function initSearch(root: HTMLElement): Promise<void> {
  const config = JSON.parse(root.querySelector('[data-search-config]')?.textContent ?? '{}') as SearchConfig;
  const summary = root.querySelector<HTMLElement>('[data-summary]');
  const grid = root.querySelector<HTMLElement>('[data-grid-wrap] > ul');
  const pager = root.querySelector<HTMLElement>('[data-pager]');
  const noData = root.querySelector<HTMLElement>('[data-no-data]');
  const error = root.querySelector<HTMLElement>('[data-error]');
  const input = root.querySelector<HTMLInputElement>('input[name="q"]');
  if (!summary || !grid || !pager || !noData || !error || !input) return;

  const params = new URLSearchParams(location.search);
  const q = (params.get('q') ?? '').trim().slice(0, MAX_QUERY);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  input.value = q;
  const headerBox = document.querySelector<HTMLInputElement>('#site-search');
  if (headerBox) headerBox.value = q;
  if (!q) {
    summary.textContent = config.labels.prompt;
    return;
  }
  const heading = config.labels.resultsFor.replace('{q}', q);
  document.title = `${heading} | ${document.title}`;
  root.setAttribute('aria-busy', 'true');
  try {
    const list = await listProducts(browserApi(config.locale), { q, page, pageSize: PRODUCTS_PAGE_SIZE });
    summary.textContent = `${heading} · ${config.labels.count.replace('{count}', String(list.total))}`;
    grid.innerHTML = list.data
      .map((p, i) =>
        productCardHtml(p, {
          href: localePath(config.locale, productPath(p, 'brand')),
          labels: config.labels.card,
          eager: i < EAGER_IMAGES,
          level: 2,
        }),
      )
      .join('');
    const base = location.pathname;
    pager.innerHTML = pagerHtml(
      list.current,
      list.pageCount,
      (n) => `${base}?${new URLSearchParams({ q, ...(n > 1 ? { page: String(n) } : {}) })}`,
      config.labels.pager,
    );
    noData.hidden = list.data.length > 0;
    if (!noData.hidden) playAll(noData);
  } catch {
    summary.textContent = heading;
    error.textContent = config.labels.error;
    error.hidden = false;
  } finally {
    root.removeAttribute('aria-busy');
  }
}
