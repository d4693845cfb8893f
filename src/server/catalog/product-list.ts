import { type Kysely, sql } from 'kysely';
import type { Locale } from '../../config.ts';
import { setBounded } from '../common/bounded-map.ts';
import { col } from '../common/i18n.ts';
import { compileOnce, type Params, unplanned } from '../db/compile-once.ts';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import {
  base,
  type ProductFilter,
  type ProductSort,
  type ProductSummary,
  type SummaryRow,
  summariesById,
  summaryColumns,
  toSummary,
} from './product-rows.ts';

/** `LIKE` pattern matching `text` anywhere, with the wildcards in it taken literally. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** What changes the SQL text of a list query; the values are bound separately. */
interface ListShape {
  brand: boolean;
  category: boolean;
  q: boolean;
  min_price: boolean;
  max_price: boolean;
  in_stock: boolean;
  sort: ProductSort;
  /** The language of the summary columns and of the `name` sort. */
  s: 'zh' | 'en';
  /** First images read laterally (PostgreSQL). */
  lateral: boolean;
}

interface ListValues {
  brand: string | undefined;
  category: string | undefined;
  pattern: string;
  min_price: number | undefined;
  max_price: number | undefined;
  limit: number;
  offset: number;
}

/**
 * Products matching the filter. Brand and category slugs are looked up in subqueries rather than
 * joined, and the search pattern is bound through `unplanned`: either would let SQLite plan with the
 * bound value, and so re-plan the statement on every run (see `unplanned`).
 */
function filtered(db: Kysely<Database>, f: ListShape, v: Params<ListValues>) {
  // A withdrawn product is not on the storefront: not in lists, search, the home page or the sitemap.
  let q = db.selectFrom('products as p').where('p.withdrawn_at', 'is', null);
  if (f.brand)
    q = q.where('p.brand_id', '=', (eb) =>
      eb.selectFrom('brands as b').select('b.id').where('b.slug', '=', v.value('brand')!),
    );
  if (f.category)
    q = q.where('p.category_id', '=', (eb) =>
      eb.selectFrom('categories as c').select('c.id').where('c.slug', '=', v.value('category')!),
    );
  if (f.min_price) q = q.where('p.price', '>=', v.value('min_price')!);
  if (f.max_price) q = q.where('p.price', '<=', v.value('max_price')!);
  if (f.in_stock) q = q.where('p.stock', '>', 0);
  if (f.q) {
    const pattern = unplanned(v.value('pattern'), 'text');
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('p.name_zh')}) LIKE ${pattern} ESCAPE '\\'`,
        sql<boolean>`lower(${eb.ref('p.name_en')}) LIKE ${pattern} ESCAPE '\\'`,
      ]),
    );
  }
  return q;
}

/** The order of a list: the sort's column, then the newest id first among equals. */
function orderOf(f: ListShape): [ref: string, direction: 'asc' | 'desc'][] {
  const first: [string, 'asc' | 'desc'] =
    f.sort === 'price_asc'
      ? ['p.price', 'asc']
      : f.sort === 'price_desc'
        ? ['p.price', 'desc']
        : f.sort === 'name'
          ? [`p.name_${f.s}`, 'asc']
          : ['p.created_at', 'desc'];
  return [first, ['p.id', 'desc']];
}

/**
 * One page of summaries in order, each row with the filter's total. The page is chosen in a
 * subquery that sorts and counts ids only; the wide columns and first images are read for the
 * page's rows alone.
 */
const listPage = compileOnce((db, f: ListShape, v: Params<ListValues>) => {
  let page = filtered(db, f, v).select((eb) => ['p.id', eb.fn.countAll<number>().over().as('total_count')]);
  for (const [ref, direction] of orderOf(f)) page = page.orderBy(sql.ref(ref), direction);
  const chosen = page
    .limit(unplanned(v.value('limit'), 'integer'))
    .offset(unplanned(v.value('offset'), 'integer'))
    .as('page');
  let q = base(db, f.lateral)
    .innerJoin(chosen, 'page.id', 'p.id')
    .select([...summaryColumns(f.s), 'page.total_count']);
  for (const [ref, direction] of orderOf(f)) q = q.orderBy(sql.ref(ref), direction);
  return q;
});

/** How many products match the filter, for a page past the end (which has no row to carry the total). */
const countMatching = compileOnce((db, f: ListShape, v: Params<ListValues>) =>
  filtered(db, f, v).select((eb) => eb.fn.countAll<number>().as('n')),
);

/**
 * Lists answered from memory for a short while. A list's matching ids, in order, with their prices
 * are read once per filter (brand, category, search, stock, sort) and language, and kept for
 * `ttlMs`; price bounds and the page are applied to them in memory, and the page's summaries come
 * from a per-product store kept as long. Every visitor's price range, every page of a category,
 * costs no query while both are fresh. Answers are at most `ttlMs` old, as the rendered-answer
 * cache already allows (http-cache.ts, CATALOG_CACHE_MS).
 */
export interface ListCache {
  ttlMs: number;
  candidates: Map<string, { rows: Promise<{ ids: number[]; prices: number[] }>; expires: number }>;
  summaries: Map<string, { summary: ProductSummary; expires: number }>;
}

/** Filters whose matching ids are kept at once; the oldest goes first. */
export const LIST_CACHE_FILTERS = 200;
/** Product summaries kept at once (per language); the oldest goes first. */
export const LIST_CACHE_SUMMARIES = 5_000;

export const createListCache = (ttlMs: number): ListCache => ({ ttlMs, candidates: new Map(), summaries: new Map() });

/** Every product matching the filter without its price bounds, in the list's order: ids and prices. */
const candidatesOf = compileOnce((db, f: ListShape, v: Params<ListValues>) => {
  let q = filtered(db, f, v).select(['p.id', 'p.price']);
  for (const [ref, direction] of orderOf(f)) q = q.orderBy(sql.ref(ref), direction);
  return q;
});

async function listFromCache(
  db: Db,
  shape: ListShape,
  values: ListValues,
  cache: ListCache,
): Promise<{ total: number; data: ProductSummary[]; freshUntil: number }> {
  const now = Date.now();
  const unbounded: ListShape = { ...shape, min_price: false, max_price: false };
  const key = JSON.stringify([unbounded, values.brand, values.category, values.pattern]);
  let hit = cache.candidates.get(key);
  if (!hit || hit.expires <= now) {
    const rows = candidatesOf(db, unbounded, values).then((found) => ({
      ids: found.map((r) => r.id),
      prices: found.map((r) => r.price),
    }));
    hit = { rows, expires: now + cache.ttlMs };
    // Requests arriving while it loads share this read; a failed read is not kept.
    setBounded(cache.candidates, key, hit, LIST_CACHE_FILTERS);
    rows.catch(() => {
      if (cache.candidates.get(key) === hit) cache.candidates.delete(key);
    });
  }
  const { ids, prices } = await hit.rows;
  const min = values.min_price ?? Number.NEGATIVE_INFINITY;
  const max = values.max_price ?? Number.POSITIVE_INFINITY;
  const matching: number[] = [];
  for (let i = 0; i < ids.length; i++) if (prices[i]! >= min && prices[i]! <= max) matching.push(ids[i]!);
  const page = matching.slice(values.offset, values.offset + values.limit);

  const found = new Map<number, ProductSummary>();
  const missing: number[] = [];
  // The answer is as fresh as the oldest thing it was built from.
  let freshUntil = hit.expires;
  for (const id of page) {
    const kept = cache.summaries.get(`${shape.s}:${id}`);
    if (kept && kept.expires > now) {
      found.set(id, kept.summary);
      freshUntil = Math.min(freshUntil, kept.expires);
    } else missing.push(id);
  }
  if (missing.length) {
    const byId = Object.fromEntries(missing.map((id, i) => [`id${i}`, id]));
    const rows = await summariesById(db, { s: shape.s, lateral: shape.lateral, n: missing.length }, byId);
    for (const row of rows) {
      const summary = toSummary(row as SummaryRow);
      found.set(summary.id, summary);
      setBounded(
        cache.summaries,
        `${shape.s}:${summary.id}`,
        { summary, expires: now + cache.ttlMs },
        LIST_CACHE_SUMMARIES,
      );
    }
  }
  // A product deleted since its ids were read drops out of the page.
  const data = page.map((id) => found.get(id)).filter((p) => p !== undefined);
  return { total: matching.length, data, freshUntil };
}

/** One page of products matching the filter, in the requested order, and the total count. */
export async function listProducts(
  db: Db,
  opts: ProductFilter & { sort: ProductSort; limit: number; offset: number },
  locale: Locale,
  cache?: ListCache,
): Promise<{ total: number; data: ProductSummary[]; freshUntil?: number }> {
  const shape: ListShape = {
    brand: Boolean(opts.brand),
    category: Boolean(opts.category),
    q: Boolean(opts.q),
    min_price: opts.min_price !== undefined,
    max_price: opts.max_price !== undefined,
    in_stock: Boolean(opts.in_stock),
    sort: opts.sort,
    s: col(locale),
    lateral: db.dialect === 'postgres',
  };
  const values: ListValues = {
    brand: opts.brand,
    category: opts.category,
    pattern: opts.q ? containsPattern(opts.q) : '',
    min_price: opts.min_price,
    max_price: opts.max_price,
    limit: opts.limit,
    offset: opts.offset,
  };
  if (cache) return listFromCache(db, shape, values, cache);
  const rows = await listPage(db, shape, values);
  if (rows.length) return { total: Number(rows[0]!.total_count), data: rows.map((r) => toSummary(r as SummaryRow)) };
  // Only a page past the end needs its own count.
  if (!opts.offset) return { total: 0, data: [] };
  const [count] = await countMatching(db, shape, values);
  return { total: Number(count?.n ?? 0), data: [] };
}
