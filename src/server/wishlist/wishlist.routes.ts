import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { WISHLIST_PAGE_SIZE } from '../../config.ts';
import { authenticate } from '../accounts/auth.ts';
import { ok } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { pageParams } from '../common/paging.ts';
import { queryOf } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { removeItem, saveItem, wishlistOf } from './wishlist.ts';

const SKU_RE = /^[^\s/?#]{1,64}$/;
/** The most SKUs or products one GET may narrow to (a listing page's cards). */
const FILTER_MAX = 100;

const list = (key: 'sku' | 'invalid') =>
  z
    .string()
    .max(FILTER_MAX * 65, { message: key })
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.string().regex(SKU_RE, { message: key })).max(FILTER_MAX, { message: key }));

const listQuery = z.strictObject({ ...pageParams, skus: list('sku').optional(), products: list('invalid').optional() });

/** The SKU of the path, as the router decoded it (once: `%25` is a `%`, never decoded again). */
function skuOf(c: Context<AppEnv>): string {
  const sku = c.req.param('sku') ?? '';
  if (!SKU_RE.test(sku)) throw new ApiError('PRODUCT_UNAVAILABLE');
  return sku;
}

/**
 * The wishlist (issue 32), a member's (Bearer): GET / (paged, newest first; `skus=a,b` or
 * `products=slug,slug` narrows it to what a page shows), PUT /{sku} (save; again changes nothing),
 * DELETE /{sku} (remove). A guest's taps stay in the browser and are PUT here after login.
 */
export const wishlist = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  })
  .get('/', async (c) => {
    const member = await authenticate(c);
    const q = queryOf(c, listQuery);
    return ok(
      c,
      await wishlistOf(c.get('deps'), member.id, c.get('locale'), q.page ?? 1, q.page_size ?? WISHLIST_PAGE_SIZE, {
        ...(q.skus ? { skus: q.skus } : {}),
        ...(q.products ? { products: q.products } : {}),
      }),
    );
  })
  .put('/:sku', async (c) => {
    const member = await authenticate(c);
    queryOf(c, z.strictObject({}));
    return ok(c, { ...(await saveItem(c.get('deps'), member.id, skuOf(c))), saved: true });
  })
  .delete('/:sku', async (c) => {
    const member = await authenticate(c);
    queryOf(c, z.strictObject({}));
    return ok(c, { ...(await removeItem(c.get('deps'), member.id, skuOf(c))), saved: false });
  });
