import { Hono } from 'hono';
import { z } from 'zod';
import type { Locale } from '../../config.ts';
import { ok } from '../common/envelope.ts';
import { queryOf } from '../common/validation.ts';
import type { AppEnv, Deps } from '../context.ts';
import { type FeedProductWire, feedItems } from './feed-items.ts';
import { CATALOG_CACHE_MS } from './http-cache.ts';

/**
 * The whole catalogue in one answer is costly to read: requests within CATALOG_CACHE_MS of a read
 * (and those arriving while it runs) share it, per locale, so a burst of them reads it once. Tests
 * (NODE_ENV=test) read the database every time, as the other catalogue routes do.
 */
const shared = new WeakMap<Deps, Map<Locale, { at: number; items: Promise<FeedProductWire[]> }>>();

function read(deps: Deps, locale: Locale): Promise<FeedProductWire[]> {
  if (deps.env.NODE_ENV === 'test') return feedItems(deps.db, locale);
  let byLocale = shared.get(deps);
  if (!byLocale) {
    byLocale = new Map();
    shared.set(deps, byLocale);
  }
  const now = Date.now();
  const hit = byLocale.get(locale);
  if (hit && now - hit.at < CATALOG_CACHE_MS) return hit.items;
  const items = feedItems(deps.db, locale);
  byLocale.set(locale, { at: now, items });
  // A failed read is not kept: the next request reads again.
  items.catch(() => byLocale.delete(locale));
  return items;
}

/**
 * GET /api/catalog/feed-items → every product on sale with its variants, in the request's language
 * (Accept-Language), for the product feeds the build writes (/feeds/google.xml, /feeds/meta.csv,
 * /en/feeds/google.xml).
 */
export const feedItemsRoute = new Hono<AppEnv>().get('/', async (c) => {
  queryOf(c, z.strictObject({}));
  return ok(c, await read(c.get('deps'), c.get('locale')));
});
