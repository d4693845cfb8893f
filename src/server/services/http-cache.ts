import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../context.ts';

/** How long browsers and CDNs may reuse a catalogue answer before revalidating it by ETag. */
export const CATALOG_MAX_AGE_S = 30;
/**
 * How long this process reuses a rendered catalogue answer. Short enough that stock read by the
 * next request is at most a second old; long enough to absorb bursts on the same URL.
 */
export const CATALOG_CACHE_MS = 1_000;
/** Rendered answers kept per process; the oldest goes first. */
export const CATALOG_CACHE_ENTRIES = 2_000;

interface Entry {
  body: string;
  etag: string;
  expires: number;
}

const stores = new WeakMap<Deps, Map<string, Entry>>();

function storeOf(deps: Deps): Map<string, Entry> {
  let store = stores.get(deps);
  if (!store) {
    store = new Map();
    stores.set(deps, store);
  }
  return store;
}

/** Forgets every cached catalogue answer, e.g. after a change the next reader must see. */
export function invalidateCatalogCache(deps: Deps): void {
  stores.get(deps)?.clear();
}

const matches = (header: string | undefined, etag: string) =>
  header?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag) ?? false;

/**
 * Catalogue GETs: answers are rendered once per URL and locale for CATALOG_CACHE_MS (tests, with
 * NODE_ENV=test, read the database every time), carry an ETag of the body (If-None-Match → 304)
 * and a short public max-age. Failures are never cached.
 */
export const catalogCache: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'GET') return next();
  const deps = c.get('deps');
  const ttl = deps.env.NODE_ENV === 'test' ? 0 : CATALOG_CACHE_MS;
  const store = storeOf(deps);
  const key = `${c.get('locale')} ${c.req.url}`;
  const now = Date.now();
  let entry = store.get(key);
  if (!entry || entry.expires <= now) {
    await next();
    if (c.res.status !== 200) return;
    const body = await c.res.text();
    entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, expires: now + ttl };
    if (ttl > 0) {
      store.delete(key);
      if (store.size >= CATALOG_CACHE_ENTRIES) store.delete(store.keys().next().value as string);
      store.set(key, entry);
    }
  }
  const headers = {
    'Content-Type': 'application/json; charset=UTF-8',
    ETag: entry.etag,
    'Cache-Control': `public, max-age=${CATALOG_MAX_AGE_S}`,
  };
  c.res = undefined;
  c.res = matches(c.req.header('if-none-match'), entry.etag)
    ? new Response(null, { status: 304, headers })
    : new Response(entry.body, { status: 200, headers });
};

/** Treats an empty query value (`?brand=`) as absent, as HTML forms send them. */
export const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** A URL slug: lower-case letters, digits and hyphens. */
export const slugParam = z.string().regex(/^[a-z0-9][a-z0-9-]{0,149}$/, { message: 'invalid' });

/** A brand or category uid. */
export const uidParam = z.string().min(1).max(64, { message: 'invalid' });
