import { Hono } from 'hono';
import { z } from 'zod';
import { SYS_VARS_FIRST_PAGE, SYS_VARS_PAGE_SIZE } from '../../config.ts';
import { ok, paged } from '../common/envelope.ts';
import { intParam, MAX_PAGE_SIZE, window } from '../common/paging.ts';
import { queryOf } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { listSysVars } from './content.ts';
import { catalogCache, optional } from './http-cache.ts';

const page = optional(intParam(1, 1_000_000));
const size = optional(intParam(1, MAX_PAGE_SIZE));
// The spec's client sends camelCase names; snake_case is the wire default. Both are accepted.
const query = z.strictObject({ current_page: page, currentPage: page, page_size: size, pageSize: size });

/** GET /api/sys-vars?current_page=&page_size=: paged system variables of the request's locale. */
export const sysVars = new Hono<AppEnv>().use('*', catalogCache).get('/', async (c) => {
  const q = queryOf(c, query);
  const current = q.current_page ?? q.currentPage ?? SYS_VARS_FIRST_PAGE;
  const limit = q.page_size ?? q.pageSize ?? SYS_VARS_PAGE_SIZE;
  const { total, data } = await listSysVars(c.get('deps').db, window(current, limit), c.get('locale'));
  return ok(c, paged(data, total, current, limit));
});
