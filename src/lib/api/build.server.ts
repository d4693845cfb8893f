/**
 * Build-time data. Without API_BASE the shop API runs in this process (the same Hono app, no port,
 * installed by the build script: build-source.ts); with API_BASE it is called over HTTP. Either way every call goes through `createApiClient`, and
 * every answer is memoized for the life of the process, so a build fetches each thing once, however
 * many pages use it. The memo lives on `globalThis` so that every bundled copy of this module and the
 * build script share one cache and one call counter.
 */
import { DEFAULT_LOCALE, type Locale, RETURN_WINDOW_DAYS } from '../../config.ts';
import { type InstallmentOffer, installmentOfferOf } from '../checkout/installments.ts';
import { setDateLocale } from '../i18n/date-language.ts';
import { t } from '../i18n/messages/index.ts';
import { type BuildSource, buildSourceOpener } from './build-source.ts';
import { camelKeys } from './case.ts';
import {
  type Article,
  type ArticleSummary,
  type Brand,
  type Category,
  getArticle,
  getBrands,
  getBrandTree,
  getCategories,
  getCategoryTree,
  getFingerprint,
  getProduct,
  getSiteMetas,
  getSysVars,
  listArticles,
  listProducts,
  type Paged,
  type ProductDetail,
  type ProductQuery,
  type ProductRoute,
  type ProductSummary,
  readAll,
  type SiteMeta,
  type SysVars,
  type TreeNode,
} from './catalog.ts';
import { type ApiClient, createApiClient } from './client.ts';

/** Base URL of the in-process API: only its path reaches the Hono app. */
const IN_PROCESS_BASE = 'http://shop.internal';

interface BuildState {
  memo: Map<string, Promise<unknown>>;
  /** Product details between their two pages, as JSON text (see `productForPages`). */
  kept: Map<string, { text: Promise<string>; uses: number }>;
  clients: Map<Locale, ApiClient>;
  calls: number;
  /** When the first page asked for its data (performance.now()): the start of prerendering. */
  pagesStartedAt?: number;
  close?: () => Promise<void>;
  /** The in-process shop (none when the data comes from API_BASE). */
  source?: BuildSource;
  transport?: Promise<{ baseURL: string; fetch: typeof fetch }>;
  /** Requests under way, and the ones waiting for a free slot (see MAX_IN_FLIGHT). */
  inFlight: number;
  waiting: (() => void)[];
}

const KEY = Symbol.for('shop.build-data');
const store = globalThis as typeof globalThis & { [KEY]?: BuildState };
if (!store[KEY])
  store[KEY] = { memo: new Map(), kept: new Map(), clients: new Map(), calls: 0, inFlight: 0, waiting: [] };
const state: BuildState = store[KEY];

/**
 * API requests in flight at once. The pages ask for every product at the same moment; the in-process
 * embedded database runs one query at a time, and its driver wakes every waiting query each time
 * one finishes, so tens of thousands of them queued (a 10,000-product catalogue) cost time in the
 * square of their number. Over HTTP, the same bound keeps the sockets few.
 */
const MAX_IN_FLIGHT = 16;

/** Runs `request` when fewer than MAX_IN_FLIGHT are under way; a finished one hands its slot on. */
async function bounded<T>(request: () => Promise<T>): Promise<T> {
  if (state.inFlight < MAX_IN_FLIGHT) state.inFlight++;
  else await new Promise<void>((resolve) => state.waiting.push(resolve));
  try {
    return await request();
  } finally {
    const next = state.waiting.shift();
    if (next) next();
    else state.inFlight--;
  }
}

async function openTransport(): Promise<{ baseURL: string; fetch: typeof fetch }> {
  const base = process.env.API_BASE;
  if (base) return { baseURL: base, fetch: (input, init) => globalThis.fetch(input, init) };
  const open = buildSourceOpener();
  if (!open) throw new Error('No shop to read the pages from: build with `npm run build`, or set API_BASE.');
  const source = await open();
  state.source = source;
  state.close = () => source.close();
  return {
    baseURL: IN_PROCESS_BASE,
    fetch: async (input, init) => source.fetch(new Request(input, init)),
  };
}

/** The in-process shop, opened on first use; undefined when the data comes from API_BASE. */
async function inProcessSource(): Promise<BuildSource | undefined> {
  if (process.env.API_BASE) return undefined;
  state.transport ??= openTransport();
  await state.transport;
  return state.source;
}

async function client(locale: Locale): Promise<ApiClient> {
  const existing = state.clients.get(locale);
  if (existing) return existing;
  state.transport ??= openTransport();
  const { baseURL, fetch } = await state.transport;
  const api = createApiClient({
    baseURL,
    getLocale: () => locale,
    fetch: (input, init) => {
      state.calls++;
      return bounded(() => fetch(input, init));
    },
  });
  state.clients.set(locale, api);
  return api;
}

/** Runs `load` once per key for the life of the build; later callers share the same promise. */
function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  let hit = state.memo.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = load();
    // A failed load stays cached as well: one build reports each failure once.
    state.memo.set(key, hit);
  }
  return hit;
}

const call = <T>(locale: Locale, key: string, fn: (api: ApiClient) => Promise<T>): Promise<T> =>
  once(`${locale}:${key}`, async () => fn(await client(locale)));

export interface SiteData {
  metas: SiteMeta[];
  brands: Brand[];
  categories: Category[];
  sysVars: SysVars;
}

/**
 * The start-up data of spec section 4, in its order: site metas, brands, categories, system
 * variables, then the date language. Fetched once per locale per build.
 */
export const siteData = (locale: Locale): Promise<SiteData> => {
  state.pagesStartedAt ??= performance.now();
  return once(`${locale}:startup`, async () => {
    const api = await client(locale);
    const metas = await getSiteMetas(api);
    const brands = await getBrands(api);
    const categories = await getCategories(api);
    const sysVars = await getSysVars(api);
    setDateLocale(locale);
    return { metas, brands, categories, sysVars };
  });
};

export const brandTree = (locale: Locale, uid: string): Promise<TreeNode> =>
  call(locale, `brand-tree:${uid}`, (api) => getBrandTree(api, uid));

export const categoryTree = (locale: Locale, uid: string): Promise<TreeNode> =>
  call(locale, `category-tree:${uid}`, (api) => getCategoryTree(api, uid));

/** One page of products; the same query is fetched once per build. */
export const products = (locale: Locale, query: ProductQuery): Promise<Paged<ProductSummary>> =>
  call(locale, `products:${JSON.stringify(query)}`, (api) => listProducts(api, query));

/** Every product (summaries), newest first. */
export const allProducts = (locale: Locale): Promise<ProductSummary[]> =>
  call(locale, 'products:all', (api) =>
    readAll((page, pageSize) => listProducts(api, { page, pageSize, sort: 'newest' })),
  );

/**
 * Every product's route, newest first: from the in-process shop's database in the one read of the
 * page versions (a 10,000-product catalogue's summaries are 200 API requests otherwise), else the
 * summaries themselves (`allProducts`).
 */
export const productRoutes = async (locale: Locale): Promise<ProductRoute[]> =>
  (await catalogVersions())?.routes ?? allProducts(locale);

/** Pages that show one product's detail: its view under its brand and under its category. */
const PAGES_PER_PRODUCT = 2;
/**
 * A product's detail as JSON text, fetched once. The paths of both product routes read it for their
 * cache keys (page-keys.server.ts), then each page parses it; it is dropped once both pages of the
 * product have read it, so a large catalogue's details are held as text (a few kB, where the parsed
 * object costs several times that) and never all as objects, nor fetched twice.
 */
export function productDetailText(locale: Locale, slug: string): Promise<string> {
  const key = `${locale}:${slug}`;
  let hit = state.kept.get(key);
  if (!hit) {
    hit = { text: readProductText(locale, slug), uses: 0 };
    // A failure is reported by the page (or its paths) that asked; it is fetched again if asked again.
    hit.text.catch(() => state.kept.delete(key));
    state.kept.set(key, hit);
  }
  return hit.text;
}

/**
 * A product's detail as JSON text: from the in-process shop's catalogue service, or over the API
 * with API_BASE. The same answer either way: the route reads the same service, and its keys are
 * camelCased here as the API client does.
 */
async function readProductText(locale: Locale, slug: string): Promise<string> {
  const source = await inProcessSource();
  // Bounded as the requests are: the pages ask for every product at once (see MAX_IN_FLIGHT).
  if (source) return JSON.stringify(camelKeys(await bounded(() => source.product(locale, slug))));
  return JSON.stringify(await getProduct(await client(locale), slug));
}

/** A product's detail for one of its pages (see `productDetailText`). */
export async function productForPages(locale: Locale, slug: string): Promise<ProductDetail> {
  const key = `${locale}:${slug}`;
  const text = await productDetailText(locale, slug);
  const hit = state.kept.get(key);
  if (hit && ++hit.uses >= PAGES_PER_PRODUCT) state.kept.delete(key);
  return JSON.parse(text) as ProductDetail;
}

export const articles = (locale: Locale, page: number, pageSize: number): Promise<Paged<ArticleSummary>> =>
  call(locale, `articles:${page}:${pageSize}`, (api) => listArticles(api, page, pageSize));

export const allArticles = (locale: Locale): Promise<ArticleSummary[]> =>
  call(locale, 'articles:all', (api) => readAll((page, pageSize) => listArticles(api, page, pageSize)));

export const article = (locale: Locale, slug: string): Promise<Article> =>
  call(locale, `article:${slug}`, (api) => getArticle(api, slug));

/** When prerendering began (the first page's start-up data), for the build's pages-per-second figure. */
export const pagesStartedAt = (): number | undefined => state.pagesStartedAt;

/** How many API requests this process has made for the build so far. */
export const buildCallCount = (): number => state.calls;

/** The catalogue's versions from the in-process shop's database, one read per build; null with API_BASE. */
const catalogVersions = () =>
  once('catalog-versions', async () => (await inProcessSource())?.catalogVersions() ?? null);

/**
 * Versions of the product pages read from the in-process shop's database in one pass
 * (src/server/catalog/page-versions.ts), or null when the data comes from API_BASE, whose pages are
 * then keyed by each product's detail (`productDetailText`).
 */
export const productPageVersions = async (): Promise<Map<string, string> | null> =>
  (await catalogVersions())?.pages ?? null;

/**
 * The listings' products and their versions (read with the product pages' versions), or null when
 * the data comes from API_BASE: listing pages are then keyed by the cards they load.
 */
export const listingVersions = async (): Promise<Map<string, { ids: number[]; versions: string[] }> | null> =>
  (await catalogVersions())?.listings ?? null;

/** A digest of the in-process shop's server code ('' when the data comes from API_BASE). */
export const serverVersion = async (): Promise<string> => (await inProcessSource())?.version ?? '';

/** Forgets every answer fetched so far (a long-lived process that reads the catalog again, a test). */
export function forgetBuildData(): void {
  state.memo.clear();
  state.kept.clear();
}

/** Closes the in-process database, if one was opened. */
export async function closeBuildData(): Promise<void> {
  await state.close?.();
  state.close = undefined;
}

/** The shop's name for headers and titles: the `name` system variable, else the message. */
export async function shopName(locale: Locale): Promise<string> {
  const { sysVars } = await siteData(locale);
  return sysVars.name || t(locale, 'site.name');
}

/** The catalog fingerprint the build is made from (read before the pages, so later edits trigger a rebuild). */
export const catalogFingerprint = (): Promise<{ fingerprint: string; updatedAt: string }> =>
  call(DEFAULT_LOCALE, 'fingerprint', (api) => getFingerprint(api));

/** Every product on sale with its variants, for the product feeds (GET /api/catalog/feed-items), once per locale. */
export const feedProducts = (locale: Locale): Promise<FeedProduct[]> =>
  call(locale, 'feed-items', (api) => api.get<FeedProduct[]>('/api/catalog/feed-items'));

/** A product as the feeds read it (src/server/catalog/feed-items.ts, camelCased by the client). */
export interface FeedProduct {
  uid: string;
  slug: string;
  brandSlug: string;
  brand: string;
  name: string;
  description: string;
  variants: {
    sku: string;
    optionName: string;
    optionValue: string;
    price: number;
    compareAtPrice: number | null;
    stock: number;
    shippingFee: number;
    image: string;
  }[];
}

/** The card installments the product pages advertise, from the serving process's environment. */
export const installmentOffer = (): InstallmentOffer => installmentOfferOf(process.env);

/**
 * Days a delivered order may be returned, as the server counts them: RETURN_WINDOW_DAYS, else the
 * default of config.ts. Pages are built by the serving process (or a job with its environment).
 */
export function returnWindowDays(): number {
  const days = Number(process.env.RETURN_WINDOW_DAYS);
  // The server refuses to start with a bad value (env.ts); a build without one says the default.
  return Number.isInteger(days) && days >= 1 && days <= 365 ? days : RETURN_WINDOW_DAYS;
}
