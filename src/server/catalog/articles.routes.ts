import { Hono } from 'hono';
import { z } from 'zod';
import { ok, paged } from '../common/envelope.ts';
import { intParam, MAX_PAGE_SIZE, window } from '../common/paging.ts';
import { queryOf } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { articleDetail, listArticles } from './content.ts';
import { catalogCache, optional } from './http-cache.ts';

/** Articles per page unless `page_size` says otherwise. */
export const ARTICLES_PAGE_SIZE = 12;

const listQuery = z.strictObject({
  page: optional(intParam(1, 1_000_000)),
  page_size: optional(intParam(1, MAX_PAGE_SIZE)),
});

/** GET /api/articles (paged, newest first) and GET /api/articles/{slug}. */
export const articles = new Hono<AppEnv>()
  .use('*', catalogCache)
  .get('/', async (c) => {
    const q = queryOf(c, listQuery);
    const page = q.page ?? 1;
    const size = q.page_size ?? ARTICLES_PAGE_SIZE;
    const { total, data } = await listArticles(c.get('deps').db, window(page, size), c.get('locale'));
    return ok(c, paged(data, total, page, size));
  })
  .get('/:slug', async (c) => {
    queryOf(c, z.strictObject({}));
    return ok(c, await articleDetail(c.get('deps').db, c.req.param('slug'), c.get('locale')));
  });
