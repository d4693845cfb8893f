/**
 * Helpers for the storefront page tests: locale URLs, messages, and a sample of the catalog read
 * from the running shop API (the same database the server uses), so tests follow the demo data.
 */
import type { APIRequestContext, Page, Route } from '@playwright/test';
import type { Locale } from '../../../src/config.ts';
import { localePath } from '../../../src/lib/i18n/locale.ts';
import { type MessageKey, t } from '../../../src/lib/i18n/messages/index.ts';

export const LOCALES: Locale[] = ['zh-TW', 'en'];

/** The browser language of a visitor of each locale (the root redirect follows it). */
export const browserLocale = (locale: Locale) => (locale === 'en' ? 'en-US' : 'zh-TW');

export const url = (locale: Locale, path: string) => localePath(locale, path);
export const msg = (locale: Locale, key: MessageKey, params?: Record<string, string | number>) =>
  t(locale, key, params);

// biome-ignore lint/suspicious/noExplicitAny: API answers are read as plain JSON here
export type Json = any;

/** GET an API path in a locale and return its `result`. */
export async function api(request: APIRequestContext, path: string, locale: Locale = 'zh-TW'): Promise<Json> {
  const res = await request.get(path, { headers: { 'Accept-Language': locale } });
  if (!res.ok()) throw new Error(`${path}: HTTP ${res.status()}`);
  return (await res.json()).result;
}

/** Every entry of a paged API list. */
export async function apiAll(request: APIRequestContext, path: string, locale: Locale = 'zh-TW'): Promise<Json[]> {
  const out: Json[] = [];
  for (let page = 1; ; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await api(request, `${path}${sep}page=${page}&page_size=100`, locale);
    out.push(...res.data);
    if (page >= res.page_count) return out;
  }
}

export interface Sample {
  brand: Json;
  category: Json;
  /** A category with more than one page of products. */
  bigCategory: Json;
  product: Json;
  article: Json;
  meta: (path: string) => Json;
}

/** A brand, category, product and article in one locale, and the site metas. */
export async function sample(request: APIRequestContext, locale: Locale): Promise<Sample> {
  const [brands, categories, metas, products, articles] = await Promise.all([
    api(request, '/api/product-brands/all', locale),
    api(request, '/api/product-categories/all', locale),
    api(request, '/api/site-metas/all?client=1', locale),
    api(request, '/api/products?page=1&page_size=1&sort=newest', locale),
    api(request, '/api/articles?page=1&page_size=1', locale),
  ]);
  const product = await api(request, `/api/products/${products.data[0].slug}`, locale);
  return {
    brand: brands.find((b: Json) => b.slug === product.brand.slug),
    category: categories.find((c: Json) => c.slug === product.category.slug),
    bigCategory: [...categories].sort((a: Json, b: Json) => b.product_count - a.product_count)[0],
    product,
    article: articles.data[0],
    meta: (path: string) => metas.find((m: Json) => m.url === path),
  };
}

/** Collects console errors and page errors of one page. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Holds the browser's requests to `pattern` until the returned function is called, so that a test
 * sees what the page shows before those answers; the requests then go on to the server, and once
 * every held one has gone on, the hold is removed (later requests go straight through). Removing it
 * before the held requests had gone on let Playwright continue them itself, and the hold's own
 * continue then failed with "Route is already handled".
 */
export async function holdRequests(page: Page, pattern: string): Promise<() => Promise<void>> {
  let open: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    open = resolve;
  });
  const going = new Set<Promise<void>>();
  const handler = (route: Route) => {
    const on = held.then(() => route.continue());
    going.add(on);
    return on;
  };
  await page.route(pattern, handler);
  return async () => {
    open();
    await Promise.allSettled(going);
    await page.unroute(pattern, handler);
  };
}

/** The page's CPU four times slower, as Lighthouse's mobile runs (Chromium's DevTools protocol). */
export async function slowCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}
