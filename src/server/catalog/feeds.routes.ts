import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../common/envelope.ts';
import { queryOf } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { feedItems } from './feed-items.ts';

/**
 * GET /api/catalog/feed-items → every published variant in the request's language (Accept-Language),
 * for the product feeds the build writes (/feeds/google.xml, /feeds/meta.csv, /en/feeds/google.xml).
 */
export const feedItemsRoute = new Hono<AppEnv>().get('/', async (c) => {
  queryOf(c, z.strictObject({}));
  return ok(c, await feedItems(c.get('deps').db, c.get('locale')));
});
