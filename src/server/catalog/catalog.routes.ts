import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../common/envelope.ts';
import { queryOf } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { catalogFingerprint } from './fingerprint.ts';

/** GET /api/catalog/fingerprint → {fingerprint, updated_at}; ETag with If-None-Match → 304. */
export const catalog = new Hono<AppEnv>().get('/fingerprint', async (c) => {
  queryOf(c, z.strictObject({}));
  const fp = await catalogFingerprint(c.get('deps').db);
  const tag = `"${fp.fingerprint}"`;
  c.header('ETag', tag);
  const match = c.req.header('if-none-match');
  if (match?.split(',').some((t) => t.trim().replace(/^W\//, '') === tag)) return c.body(null, 304);
  return ok(c, fp);
});
