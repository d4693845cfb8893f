import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../common/envelope.ts';
import { queryOf } from '../common/validation.ts';
import type { AppEnv, Deps } from '../context.ts';
import { type CatalogFingerprint, catalogFingerprint } from './fingerprint.ts';
import { CATALOG_CACHE_MS } from './http-cache.ts';

/**
 * The fingerprint read at most once per CATALOG_CACHE_MS per process, requests meanwhile sharing
 * it: on a 10,000-product catalogue it is some 25 ms of database work, and the address is public
 * (50 requests a second took a whole core). Tests (NODE_ENV=test) read it every time.
 */
const lastRead = new WeakMap<Deps, { value: Promise<CatalogFingerprint>; expires: number }>();

function sharedFingerprint(deps: Deps): Promise<CatalogFingerprint> {
  const now = Date.now();
  const hit = lastRead.get(deps);
  if (hit && hit.expires > now) return hit.value;
  const value = catalogFingerprint(deps.db);
  if (deps.env.NODE_ENV === 'test') return value;
  const entry = { value, expires: now + CATALOG_CACHE_MS };
  lastRead.set(deps, entry);
  // A failed read is not kept.
  value.catch(() => {
    if (lastRead.get(deps) === entry) lastRead.delete(deps);
  });
  return value;
}

/** GET /api/catalog/fingerprint → {fingerprint, updated_at}; ETag with If-None-Match → 304. */
export const catalog = new Hono<AppEnv>().get('/fingerprint', async (c) => {
  queryOf(c, z.strictObject({}));
  const fp = await sharedFingerprint(c.get('deps'));
  const tag = `"${fp.fingerprint}"`;
  c.header('ETag', tag);
  const match = c.req.header('if-none-match');
  if (match?.split(',').some((t) => t.trim().replace(/^W\//, '') === tag)) return c.body(null, 304);
  return ok(c, fp);
});
