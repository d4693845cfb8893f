import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { ok } from '../envelope.ts';
import { catalogCache, uidParam } from '../services/http-cache.ts';
import { listTerms, termTree } from '../services/taxonomy.ts';
import { queryOf } from '../validation.ts';

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
