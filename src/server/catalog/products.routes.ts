import { Hono } from 'hono';
import { z } from 'zod';
import { ok, paged } from '../common/envelope.ts';
import { intParam, MAX_PAGE_SIZE, window } from '../common/paging.ts';
import { textField } from '../common/text-rules.ts';
import { queryOf } from '../common/validation.ts';
import type { AppEnv, Deps } from '../context.ts';
import { CATALOG_CACHE_MS, catalogCache, optional, slugParam } from './http-cache.ts';
import { productAnswer } from './product-detail.ts';
import { withRatings } from './product-extras.ts';
import { createListCache, type ListCache, listProducts } from './product-list.ts';

/** Products per page unless `page_size` says otherwise. */
export const PRODUCTS_PAGE_SIZE = 24;
const MAX_PRICE_NTD = 10_000_000;
const MAX_QUERY_CHARS = 100;

const listQuery = z
  .strictObject({
    page: optional(intParam(1, 1_000_000)),
    page_size: optional(intParam(1, MAX_PAGE_SIZE)),
    brand: optional(slugParam),
    category: optional(slugParam),
    q: optional(textField({ max: MAX_QUERY_CHARS })),
    min_price: optional(intParam(0, MAX_PRICE_NTD)),
    max_price: optional(intParam(0, MAX_PRICE_NTD)),
    in_stock: optional(z.enum(['0', '1', 'true', 'false'], { message: 'invalid' })),
    sort: optional(z.enum(['newest', 'price_asc', 'price_desc', 'name'], { message: 'invalid' })),
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    path: ['max_price'],
    message: 'invalid',
  });

const listCaches = new WeakMap<Deps, ListCache>();

/**
 * The lists' in-memory store (services/products.ts `ListCache`), as fresh as the rendered answers.
 * None under test (NODE_ENV=test), where every request reads the database, as with `catalogCache`.
 */
function listCacheOf(deps: Deps): ListCache | undefined {
  if (deps.env.NODE_ENV === 'test') return undefined;
  let cache = listCaches.get(deps);
  if (!cache) {
    cache = createListCache(CATALOG_CACHE_MS);
    listCaches.set(deps, cache);
  }
  return cache;
}

/** GET /api/products (paged, filtered, sorted) and GET /api/products/{slug}. */
export const products = new Hono<AppEnv>()
  .use('*', catalogCache)
  .get('/', async (c) => {
    const q = queryOf(c, listQuery);
    const page = q.page ?? 1;
    const size = q.page_size ?? PRODUCTS_PAGE_SIZE;
    const { total, data, freshUntil } = await listProducts(
      c.get('deps').db,
      {
        brand: q.brand,
        category: q.category,
        q: q.q || undefined,
        min_price: q.min_price,
        max_price: q.max_price,
        in_stock: q.in_stock === '1' || q.in_stock === 'true',
        sort: q.sort ?? 'newest',
        ...window(page, size),
      },
      c.get('locale'),
      listCacheOf(c.get('deps')),
    );
    if (freshUntil !== undefined) c.set('catalogFreshUntil', freshUntil);
    return ok(c, paged(await withRatings(c.get('deps').db.kysely, data), total, page, size));
  })
  .get('/:slug', async (c) => {
    queryOf(c, z.strictObject({}));
    return ok(c, await productAnswer(c.get('deps').db, c.req.param('slug'), c.get('locale')));
  });
