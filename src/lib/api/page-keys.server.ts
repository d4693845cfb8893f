/**
 * Cache keys of the prerendered pages, for Astro's incremental builds (`experimental.incrementalBuild`):
 * a page whose key and code are unchanged since the last build is copied from Astro's cache instead
 * of rendered. A key is a digest of everything the page shows: the site's start-up data (header,
 * footer, head: every page shows it) and the page's own data, exactly as the page receives it.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '../../config.ts';
import { localeParams } from '../i18n/locale.ts';
import { installmentOffer, returnWindowDays, serverVersion, shopName, siteData } from './build.server.ts';
import { buildOutput } from './build-source.ts';

const KEY = Symbol.for('shop.page-keys');
const store = globalThis as typeof globalThis & { [KEY]?: Map<Locale, Promise<string>> };
store[KEY] ??= new Map();
const siteDigests = store[KEY];

/** Forgets the site digests (with `forgetBuildData`, to read the catalog again). */
export const forgetSiteDigests = (): void => siteDigests.clear();

/** A short digest of values, in order (JSON text, or the text itself for strings). */
export function digest(...parts: unknown[]): string {
  const hash = createHash('sha256');
  for (const part of parts)
    hash.update(typeof part === 'string' ? part : (JSON.stringify(part) ?? 'undefined')).update('\0');
  return hash.digest('base64url').slice(0, 22);
}

/**
 * The names of the browser's files this build made (`_astro/`, each named by a hash of its content).
 * Astro keys a page's code by its server-side modules only: a change to a script the browser runs
 * renames its chunk (and a shared chunk holds many pages' modules), and a page restored from the
 * cache would still name the old file, gone from the new release. Every key holds them instead.
 */
function clientFiles(): string[] {
  const dir = buildOutput();
  if (!dir) return [];
  try {
    return readdirSync(join(dir, '_astro')).sort();
  } catch {
    return [];
  }
}

/**
 * What every page of `locale` shows: the site metas, brands, categories, system variables, shop name;
 * the version of the shop's server code that answered them (pages show what it answers); the
 * browser files the pages name; and the settings of the build's environment that pages show (the card
 * installments the product pages advertise, the return period the policy and checkout state): a
 * changed contract is on every page it concerns after the next build, not only on pages whose data moved.
 */
export function siteDigest(locale: Locale): Promise<string> {
  let hit = siteDigests.get(locale);
  if (!hit) {
    hit = Promise.all([siteData(locale), shopName(locale), serverVersion()]).then(([data, name, version]) =>
      digest(locale, data, name, version, clientFiles(), installmentOffer(), returnWindowDays()),
    );
    siteDigests.set(locale, hit);
  }
  return hit;
}

/** The key of a page of `locale` that shows the site's data and `own` (its props or loaded data). */
export async function pageKey(locale: Locale, ...own: unknown[]): Promise<string> {
  return digest(await siteDigest(locale), ...own);
}

/**
 * `localeParams()` with each locale's cache key: pages that show the site's data only, or also what
 * `own(locale)` loads (the home page's newest products, the first page of articles).
 */
export function keyedLocaleParams(own?: (locale: Locale) => Promise<unknown>) {
  return Promise.all(
    localeParams().map(async (entry) => ({
      ...entry,
      cacheKey: await pageKey(entry.props.locale, own ? await own(entry.props.locale) : null),
    })),
  );
}
