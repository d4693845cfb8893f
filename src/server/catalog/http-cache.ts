import { hash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { setBounded } from '../common/bounded-map.ts';
import { jsonTextOf } from '../common/envelope.ts';
import type { AppEnv, Deps } from '../context.ts';

/** How long browsers and CDNs may reuse a catalogue answer before revalidating it by ETag. */
export const CATALOG_MAX_AGE_S = 30;
/**
 * How long this process reuses a rendered catalogue answer. Short enough that stock read by the
 * next request is at most a second old; long enough to absorb bursts on the same URL.
 */
export const CATALOG_CACHE_MS = 1_000;
/** Rendered answers kept per process (the largest, a 100-product page, is about 60 kB); the oldest goes first. */
export const CATALOG_CACHE_ENTRIES = 500;

interface Entry {
  /** The rendered JSON, encoded once. */
  body: Uint8Array;
  etag: string;
  expires: number;
}

interface Store {
  entries: Map<string, Entry>;
  /** Renders under way, so concurrent misses on one URL wait for one render instead of each running it. */
  pending: Map<string, Promise<Entry | null>>;
}

const stores = new WeakMap<Deps, Store>();

function storeOf(deps: Deps): Store {
  let store = stores.get(deps);
  if (!store) {
    store = { entries: new Map(), pending: new Map() };
    stores.set(deps, store);
  }
  return store;
}

/** Forgets every cached catalogue answer, e.g. after a change the next reader must see. */
export function invalidateCatalogCache(deps: Deps): void {
  stores.get(deps)?.entries.clear();
}

const matches = (header: string | undefined, etag: string) =>
  header?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag) ?? false;

const toEntry = (body: Uint8Array, expires: number): Entry => ({
  body,
  etag: `"${hash('sha1', body, 'base64url')}"`,
  expires,
});

const encoder = new TextEncoder();
/** Reused for encoding: sizing the output first (as Buffer.from does) costs as much as encoding it. */
let scratch = new Uint8Array(0);

/** The UTF-8 bytes of `text`, in an array of their own. */
function utf8(text: string): Uint8Array {
  // At most 3 bytes per UTF-16 unit (a surrogate pair is 2 units for 4 bytes).
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  return scratch.slice(0, encoder.encodeInto(text, scratch).written);
}

/**
 * Catalogue GETs: answers are rendered once per URL and locale for CATALOG_CACHE_MS (tests, with
 * NODE_ENV=test, read the database every time), carry an ETag of the body (If-None-Match → 304)
 * and a short public max-age. While one request re-renders an expired answer, the others get the
 * previous one. Failures are never cached.
 */
export const catalogCache: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'GET') return next();
  const deps = c.get('deps');
  const ttl = deps.env.NODE_ENV === 'test' ? 0 : CATALOG_CACHE_MS;
  const store = storeOf(deps);
  // Path and query only: the Host header must not multiply entries.
  const url = c.req.url;
  const key = `${c.get('locale')} ${url.slice(url.indexOf('/', url.indexOf('//') + 2))}`;
  const now = Date.now();
  let entry = store.entries.get(key);
  if (!entry || entry.expires <= now) {
    const pending = ttl > 0 ? store.pending.get(key) : undefined;
    const shared = pending && !entry ? await pending : null;
    if (shared) entry = shared;
    else if (!pending || !entry) {
      // No render under way (or it failed): render this request's answer and share it.
      const render = (async () => {
        await next();
        if (c.res.status !== 200) return null;
        // The text of an ok() answer is at hand; reading a response body back costs more than encoding it.
        const text = jsonTextOf(c.res);
        // Never kept past the data it was built from (a product list from the list cache): a change
        // shows within one CATALOG_CACHE_MS, not one for each cache.
        const expires = Math.min(now + ttl, c.get('catalogFreshUntil') ?? Number.POSITIVE_INFINITY);
        return toEntry(text === undefined ? new Uint8Array(await c.res.arrayBuffer()) : utf8(text), expires);
      })();
      if (ttl > 0) store.pending.set(key, render);
      try {
        entry = (await render) ?? undefined;
      } finally {
        if (ttl > 0) store.pending.delete(key);
      }
      if (!entry) return;
      if (ttl > 0) setBounded(store.entries, key, entry, CATALOG_CACHE_ENTRIES);
    }
    // Otherwise a refresh is under way: the previous answer serves meanwhile.
  }
  const headers = {
    'Content-Type': 'application/json; charset=UTF-8',
    ETag: entry.etag,
    // An answer to a request carrying credentials is never stored by shared caches (security.md).
    'Cache-Control': c.req.header('authorization') ? 'no-store' : `public, max-age=${CATALOG_MAX_AGE_S}`,
  };
  // Built through the context so headers set by outer middleware before `next()` are kept.
  c.res = undefined;
  c.res = matches(c.req.header('if-none-match'), entry.etag)
    ? c.body(null, 304, headers)
    : c.body(entry.body as Uint8Array<ArrayBuffer>, 200, headers);
};

/** Treats an empty query value (`?brand=`) as absent, as HTML forms send them. */
export const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** A URL slug: lower-case letters, digits and hyphens. */
export const slugParam = z.string().regex(/^[a-z0-9][a-z0-9-]{0,149}$/, { message: 'invalid' });

/** A brand or category uid. */
export const uidParam = z.string().min(1).max(64, { message: 'invalid' });
