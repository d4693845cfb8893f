/**
 * Where the build's pages get the shop's data when it runs in the build's own process: the build
 * scripts install it (scripts/lib/in-process-shop.ts) before Astro runs, so the shop's server code
 * is not part of any page's bundle or dependency graph. Its `version` (a digest of that code) is part
 * of every page's cache key instead: pages show what the shop answers, so new server code renders
 * them again. Without it, the data comes from API_BASE over HTTP.
 */

import type { Locale } from '../../config.ts';
import type { ProductRoute } from './catalog.ts';

export interface BuildSource {
  /** The shop API's fetch (the Hono app's, no port). */
  fetch(request: Request): Promise<Response>;
  /**
   * From the shop's database in one pass (page-keys.server.ts): the versions of the product pages
   * (by slug), and per brand and category (`brand:<slug>`, `category:<slug>`) its products on sale
   * in the listings' newest order with the version of each one's own rows (listing-paths.server.ts),
   * and where every product's pages are (`routes`: slugs, newest first).
   */
  catalogVersions(): Promise<{
    pages: Map<string, string>;
    routes: ProductRoute[];
    listings: Map<string, { ids: number[]; versions: string[] }>;
  }>;
  /**
   * A product's detail as GET /api/products/:slug answers it (its `result`, the wire's snake_case
   * keys), read from the catalogue's service without the request and response around it (a page in
   * each language for each of tens of thousands of products). Fails as the route does (not found,
   * withdrawn).
   */
  product(locale: Locale, slug: string): Promise<unknown>;
  close(): Promise<void>;
  /** A digest of the shop's server code. */
  version: string;
}

const KEY = Symbol.for('shop.build-source');
const store = globalThis as typeof globalThis & { [KEY]?: () => Promise<BuildSource> };

/** Installs how to open the in-process shop (opened on the first request for data). */
export function setBuildSource(open: (() => Promise<BuildSource>) | undefined): void {
  store[KEY] = open;
}

export const buildSourceOpener = (): (() => Promise<BuildSource>) | undefined => store[KEY];

const OUTPUT = Symbol.for('shop.build-output');
const output = globalThis as typeof globalThis & { [OUTPUT]?: string };

/** The client folder the running build writes (set by the build script before Astro runs). */
export function setBuildOutput(clientDir: string | undefined): void {
  output[OUTPUT] = clientDir;
}

export const buildOutput = (): string | undefined => output[OUTPUT];
