import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../common/envelope.ts';
import { queryOf } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { catalogCache, uidParam } from './http-cache.ts';
import { listTerms, termTree } from './taxonomy.ts';

/** GET /api/product-brands/all and /categories?uid= (a brand with the categories of its products). */
export const brands = new Hono<AppEnv>()
  .use('*', catalogCache)
  .get('/all', async (c) => {
    queryOf(c, z.strictObject({}));
    return ok(c, await listTerms(c.get('deps').db, 'brands', c.get('locale')));
  })
  .get('/categories', async (c) => {
    const { uid } = queryOf(c, z.strictObject({ uid: uidParam }));
    return ok(c, await termTree(c.get('deps').db, 'brands', uid, c.get('locale')));
  });
