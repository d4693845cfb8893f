/**
 * The half of the listing script that runs once the shopper filters: the products fetched and drawn.
 * Loaded on first use, so that a listing page ships no API client and no card markup until then.
 */
import type { Locale } from '../../config.ts';
import { listProducts, type Paged, type ProductQuery, type ProductSummary } from '../../lib/api/catalog.ts';
import { ApiClientError } from '../../lib/api/client.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { playAll } from '../animation/lottie.ts';
import { browserApi } from './browser-api.ts';
import { type CardLabels, type PagerLabels, pagerHtml, productCardHtml } from './cards.ts';
import { productPath } from './paths.ts';

export type ListingResult = { ok: true; list: Paged<ProductSummary> } | { ok: false; messages: string[] };

/** One page of products; a refusal carries the API's field messages (in the page's language). */
export async function fetchListing(locale: Locale, query: ProductQuery): Promise<ListingResult> {
  try {
    return { ok: true, list: await listProducts(browserApi(locale), query) };
  } catch (error) {
    return { ok: false, messages: error instanceof ApiClientError ? Object.values(error.fields) : [] };
  }
}

/** What drawing a page of products needs of the listing's config (listing.ts's ListingConfig). */
export interface ListingLook {
  locale: Locale;
  /** Product links go under the brand or under the category. */
  via: 'brand' | 'category';
  labels: { card: CardLabels; pager: PagerLabels; count: string };
}

/** The listing's parts a fetched page replaces. */
export interface ListingParts {
  grid: HTMLElement;
  count: HTMLElement;
  pager: HTMLElement;
  noData: HTMLElement;
}

/** Draws a fetched page of products: the grid, the count, the pager (its links from `hrefFor`), the no-data state. */
export function listingView(
  list: Paged<ProductSummary>,
  config: ListingLook,
  { grid, count, pager, noData }: ListingParts,
  hrefFor: (page: number) => string,
): void {
  grid.innerHTML = list.data
    .map((p) =>
      productCardHtml(p, {
        href: localePath(config.locale, productPath(p, config.via)),
        labels: config.labels.card,
      }),
    )
    .join('');
  count.textContent = config.labels.count.replace('{count}', String(list.total));
  pager.innerHTML = pagerHtml(list.current, list.pageCount, hrefFor, config.labels.pager);
  noData.hidden = list.data.length > 0;
  if (!noData.hidden) playAll(noData);
}
