import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../common/envelope.ts';
import { queryOf } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { catalogCache, uidParam } from './http-cache.ts';
import { listTerms, termTree } from './taxonomy.ts';

/** GET /api/product-categories/all and /brands?uid= (a category with the brands of its products). */
export const categories = new Hono<AppEnv>()
  .use('*', catalogCache)
  .get('/all', async (c) => {
    queryOf(c, z.strictObject({}));
    return ok(c, await listTerms(c.get('deps').db, 'categories', c.get('locale')));
  })
  .get('/brands', async (c) => {
    const { uid } = queryOf(c, z.strictObject({ uid: uidParam }));
    return ok(c, await termTree(c.get('deps').db, 'categories', uid, c.get('locale')));
  });
