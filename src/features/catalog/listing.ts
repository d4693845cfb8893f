/**
 * Filters, sorting and paging of a brand or category listing in the browser. The first page is
 * prerendered; when the URL carries filters (or the shopper changes them) the products come from
 * GET /api/products and replace the grid, the count and the pager in place. What fetches and draws
 * them (listing-fetch.ts) loads with the first filter: a shopper who only looks at the page does not
 * download, compile or run it.
 */
import type { ListingLook } from './listing-fetch.ts';
import {
  type FilterKey,
  isFiltered,
  type ListingState,
  listingQuery,
  listingSearch,
  parseListing,
} from './listing-query.ts';

/** What the page hands the script (JSON in `[data-listing-config]`). */
export interface ListingConfig extends ListingLook {
  key: FilterKey;
  fixed: { brand?: string; category?: string };
  pageSize: number;
  /** Locale URL of the listing's first page; filtered views keep their state in its query. */
  base: string;
  labels: ListingLook['labels'] & { error: string };
}

function formState(form: HTMLFormElement, key: FilterKey): ListingState {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value) params.set(name, value);
  return parseListing(params, key);
}

function fillForm(form: HTMLFormElement, s: ListingState, key: FilterKey): void {
  const el = form.elements;
  for (const radio of form.querySelectorAll<HTMLInputElement>(`input[name="${key}"]`))
    radio.checked = radio.value === (s.filter ?? '');
  const sort = el.namedItem('sort') as HTMLSelectElement | null;
  if (sort) sort.value = s.sort ?? 'newest';
  const inStock = el.namedItem('in_stock') as HTMLInputElement | null;
  if (inStock) inStock.checked = Boolean(s.inStock);
  const min = el.namedItem('min_price') as HTMLInputElement | null;
  if (min) min.value = s.minPrice === undefined ? '' : String(s.minPrice);
  const max = el.namedItem('max_price') as HTMLInputElement | null;
  if (max) max.value = s.maxPrice === undefined ? '' : String(s.maxPrice);
}

/** The listing's parts; a missing one is a markup bug and throws. */
function parts(root: HTMLElement) {
  const pick = <T extends HTMLElement = HTMLElement>(selector: string): T => {
    const el = root.querySelector<T>(selector);
    if (!el) throw new Error(`Listing markup lacks ${selector}`);
    return el;
  };
  return {
    config: JSON.parse(pick('[data-listing-config]').textContent ?? '{}') as ListingConfig,
    form: pick<HTMLFormElement>('form[data-filters]'),
    results: pick('[data-results]'),
    grid: pick('[data-grid-wrap] > ul'),
    count: pick('[data-count]'),
    pager: pick('[data-pager]'),
    noData: pick('[data-no-data]'),
    error: pick('[data-error]'),
  };
}

export function initListing(root: HTMLElement): void {
  const { config, form, results, grid, count, pager, noData, error } = parts(root);
  let latest = 0;
  // Until the shopper filters, the prerendered grid and its path-based pager stay as they are.
  let live = false;

  async function show(state: ListingState): Promise<void> {
    const ticket = ++latest;
    live = true;
    history.replaceState(history.state, '', `${config.base}${listingSearch(state, config.key)}`);
    results.setAttribute('aria-busy', 'true');
    error.hidden = true;
    try {
      const { fetchListing, listingView } = await import('./listing-fetch.ts');
      const result = await fetchListing(config.locale, listingQuery(state, config.key, config.fixed, config.pageSize));
      if (ticket !== latest) return;
      if (!result.ok) {
        // A rejected filter (say, a minimum above the maximum) comes back with the API's own words.
        error.textContent = result.messages.length ? result.messages.join(' ') : config.labels.error;
        error.hidden = false;
        return;
      }
      listingView(
        result.list,
        config,
        { grid, count, pager, noData },
        (page) => `${config.base}${listingSearch({ ...state, page }, config.key)}`,
      );
    } catch {
      // The script chunk itself failed to load (offline, or a build replaced it).
      if (ticket !== latest) return;
      error.textContent = config.labels.error;
      error.hidden = false;
    } finally {
      if (ticket === latest) results.removeAttribute('aria-busy');
    }
  }

  form.addEventListener('change', (e) => {
    // Price boxes wait for the apply button; every other control applies at once.
    if ((e.target as HTMLInputElement).type === 'number') return;
    void show(formState(form, config.key));
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void show(formState(form, config.key));
  });
  form.addEventListener('reset', () => {
    queueMicrotask(() => void show({}));
  });
  pager.addEventListener('click', (e) => {
    const link = (e.target as Element).closest('a');
    if (!link || !live) return;
    e.preventDefault();
    void show(parseListing(new URL(link.href).searchParams, config.key));
    results.scrollIntoView({ block: 'start' });
  });

  const initial = parseListing(new URLSearchParams(location.search), config.key);
  // A filter chosen before this script ran (on a slow connection, or restored by the browser) is
  // applied now rather than lost; otherwise the address decides what the controls show.
  const early = formState(form, config.key);
  if (!isFiltered(initial) && isFiltered(early)) {
    void show(early);
    return;
  }
  fillForm(form, initial, config.key);
  if (isFiltered(initial)) void show(initial);
}
