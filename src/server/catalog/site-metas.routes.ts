import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../common/envelope.ts';
import { queryOf } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { listSiteMetas } from './content.ts';
import { catalogCache, optional } from './http-cache.ts';

/** GET /api/site-metas/all?client=1: the page metadata of the request's locale. */
export const siteMetas = new Hono<AppEnv>().use('*', catalogCache).get('/all', async (c) => {
  queryOf(c, z.strictObject({ client: optional(z.enum(['0', '1'], { message: 'invalid' })) }));
  return ok(c, await listSiteMetas(c.get('deps').db, c.get('locale')));
});
