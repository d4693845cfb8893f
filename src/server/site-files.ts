import type { NonSharedBuffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, normalize, sep } from 'node:path';
import { LRUCache } from 'lru-cache';

/** Content types of the files the build emits. */
export const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

const BASE_CSP = [
  "default-src 'self'",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
];

/**
 * The contents of a page's inline scripts (no `src`, not JSON data), as bytes: read from the page's
 * bytes without decoding it into a string, which for every page a crawler asks for would be a
 * page-sized piece of garbage.
 */
function inlineScripts(html: Buffer): Buffer[] {
  const scripts: Buffer[] = [];
  for (let at = html.indexOf('<script'); at >= 0; at = html.indexOf('<script', at)) {
    const tagEnd = html.indexOf('>', at);
    const close = tagEnd < 0 ? -1 : html.indexOf('</script>', tagEnd);
    if (close < 0) break;
    const tag = html.toString('latin1', at, tagEnd);
    if (!/\bsrc=/.test(tag) && !/type="application\/(ld\+)?json"/.test(tag))
      scripts.push(html.subarray(tagEnd + 1, close));
    at = close + '</script>'.length;
  }
  return scripts;
}

/**
 * A CSP header for one HTML page: its own inline scripts are allowed by hash, nothing else inline.
 * `formTargets`: the other origins the page's forms post to (ECPay's cashier and store map).
 */
export function cspFor(
  html: string | Buffer,
  extraConnect = '',
  formTargets: readonly string[] = [],
  imgSources: readonly string[] = [],
): string {
  const hashes = inlineScripts(typeof html === 'string' ? Buffer.from(html) : html).map(
    (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  );
  const directives = BASE_CSP.map((d) =>
    d.startsWith('connect-src') && extraConnect
      ? `${d} ${extraConnect}`
      : d.startsWith('form-action') && formTargets.length
        ? `${d} ${formTargets.join(' ')}`
        : d.startsWith('img-src') && imgSources.length
          ? `${d} ${imgSources.join(' ')}`
          : d,
  );
  return [...directives, `script-src 'self' ${[...new Set(hashes)].join(' ')}`.trim()].join('; ');
}

/** On every response: a script or style is never taken for another type. */
export const SECURITY_HEADERS: Record<string, string> = { 'X-Content-Type-Options': 'nosniff' };

/**
 * On documents only: these govern a page (its frames, referrers, features, opener), and on a
 * script or an image they would only add some 200 bytes to each of a page's many requests.
 */
export const DOCUMENT_HEADERS: Record<string, string> = {
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** One built file with its precompressed twins and the headers every answer with it carries. */
export interface StaticFile {
  body: NonSharedBuffer;
  br?: NonSharedBuffer;
  gz?: NonSharedBuffer;
  /** For conditional requests; absent on immutable assets, which are never revalidated. */
  etag?: string;
  /** Content type, security and cache headers: all but the encoding, length, Vary and ETag. */
  headers: Readonly<Record<string, string>>;
}

/** What the cache counts for an entry besides its bytes: the object, its headers, its key. */
const ENTRY_OVERHEAD_BYTES = 1_024;

export interface FileCacheOptions {
  root: string;
  /** The most bytes of files (and twins) held at once; the least recently used go first. */
  budgetBytes: number;
  https?: boolean;
  publicApiBase?: string;
  formTargets?: readonly string[];
  /** Origins the pages' images come from besides the shop's own (MEDIA_PUBLIC_BASE's). */
  imgSources?: readonly string[];
}

/**
 * The headers of the file at `rel` (its path under the build folder, with `/`). A page names the
 * build it was served from (`Server-Timing: build;desc="<id>"`, `build` the id of the release's
 * builds/latest.json): the page's outdated-build check reads it from the navigation's timing entry
 * (src/lib/runtime/build-check.ts) instead of asking for the manifest on every page view.
 */
function headersOf(
  rel: string,
  type: string,
  csp: string | undefined,
  https: boolean,
  build: string | null,
): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': type, ...SECURITY_HEADERS };
  const html = type.startsWith('text/html');
  if (html) Object.assign(headers, DOCUMENT_HEADERS);
  if (html && build) headers['Server-Timing'] = `build;desc="${build}"`;
  if (https) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  if (csp) headers['Content-Security-Policy'] = csp;
  headers['Cache-Control'] = cacheControlOf(rel, html);
  return headers;
}

/**
 * How long a browser or a CDN may keep the built file at `rel`: the fingerprinted assets for ever,
 * pages, feeds and the build marker revalidated on every use, the rest a day. The same rules go with
 * the files a release puts in the pages' bucket (scripts/lib/page-bucket.ts).
 */
export function cacheControlOf(rel: string, html: boolean): string {
  if (rel.startsWith('_astro/')) return 'public, max-age=31536000, immutable';
  // The product feeds change with every price or stock edit, like the pages (issue 32).
  if (html || rel === 'builds/latest.json' || /^(en\/)?feeds\//.test(rel)) return 'no-cache';
  return 'public, max-age=86400';
}

const readIfThere = (path: string): NonSharedBuffer | undefined => {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
};

/**
 * Beside `client/` in a release built over an earlier one (scripts/lib/releases.ts): the pages it
 * left as they were, by path under `client/` with `/`, and the release that holds them (its folder's
 * name among its siblings). Such a release holds only what its build wrote; the site reads its other
 * pages (and their .br/.gz twins) from that release. Nothing outside the list is read from there: a
 * page withdrawn since is not found.
 */
export const LOWER_FILE = 'lower.json';

export interface LowerLayer {
  /** The client folder of the release the pages are read from. */
  client: string;
  pages: ReadonlySet<string>;
  /** How many pages the release holds itself (those its builds rendered since the base). */
  own: number;
}

/** The lower layer of the release whose client folder is `clientDir` (a real path), or null: it holds every page. */
export function readLowerLayer(clientDir: string): LowerLayer | null {
  const release = dirname(clientDir);
  let value: { base?: unknown; pages?: unknown; own?: unknown };
  try {
    value = JSON.parse(readFileSync(join(release, LOWER_FILE), 'utf8')) as typeof value;
  } catch {
    return null;
  }
  const { base, pages, own } = value;
  if (typeof base !== 'string' || basename(base) !== base || base === '..' || !Array.isArray(pages)) return null;
  return {
    client: join(dirname(release), base, 'client'),
    pages: new Set(pages.filter((p) => typeof p === 'string')),
    own: typeof own === 'number' ? own : Number.POSITIVE_INFINITY,
  };
}

/** The id in the builds/latest.json of the client folder `dir`, when it is one a header can carry. */
function buildIdOf(dir: string): string | null {
  try {
    const { id } = JSON.parse(readFileSync(join(dir, 'builds/latest.json'), 'utf8')) as { id?: unknown };
    return typeof id === 'string' && /^[\w.-]{1,100}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * The build's files, each read once with its .br and .gz twins and kept within a byte budget. Only
 * files that exist are kept, under their normalized path (so `a//b` and `a/b` share one entry): no
 * number of unknown or oddly written paths makes it grow. `root` is the live link: `clear` takes the
 * release it points at then, and its lower layer, and every file is read from those until the next
 * `clear`, so a swap part way through a request never mixes two releases.
 */
export function createFileCache(opts: FileCacheOptions) {
  const root = normalize(opts.root).replace(/(.)[\\/]+$/, '$1');
  // A file bigger than the whole budget is served from disk each time rather than cached.
  const cache = new LRUCache<string, StaticFile>({
    maxSize: Math.max(1, Math.floor(opts.budgetBytes)),
    sizeCalculation: (f) =>
      f.body.byteLength + (f.br?.byteLength ?? 0) + (f.gz?.byteLength ?? 0) + ENTRY_OVERHEAD_BYTES,
  });
  let release = { dir: root, lower: null as LowerLayer | null, build: null as string | null };
  const takeRelease = () => {
    let dir = root;
    try {
      dir = realpathSync(root);
    } catch {
      // No build yet: every file is missing until one is made.
    }
    release = { dir, lower: readLowerLayer(dir), build: buildIdOf(dir) };
  };
  takeRelease();

  /** The file at `full` served as `rel` (its path under the build folder, with `/`). */
  function read(full: string, rel: string): StaticFile | null {
    try {
      // Most misses are unknown paths: asked without throwing, they cost a system call and no more.
      if (!statSync(full, { throwIfNoEntry: false })?.isFile()) return null;
      const body = readFileSync(full);
      const type = TYPES[extname(full)] ?? 'application/octet-stream';
      const csp = type.startsWith('text/html')
        ? cspFor(body, opts.publicApiBase ?? '', opts.formTargets, opts.imgSources)
        : undefined;
      const immutable = rel.startsWith('_astro/');
      return {
        body,
        br: readIfThere(`${full}.br`),
        gz: readIfThere(`${full}.gz`),
        etag: immutable ? undefined : `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`,
        headers: headersOf(rel, type, csp, opts.https ?? false, release.build),
      };
    } catch {
      return null;
    }
  }

  return {
    /** The built file at `rel`, from memory when it was served lately; null when there is none. */
    load(rel: string): StaticFile | null {
      const full = normalize(join(root, rel));
      if (!full.startsWith(root + sep)) return null;
      const cached = cache.get(full);
      if (cached) return cached;
      const path = full.slice(root.length + 1);
      const key = sep === '/' ? path : path.split(sep).join('/');
      let file = read(join(release.dir, path), key);
      if (!file && release.lower?.pages.has(key)) file = read(join(release.lower.client, path), key);
      if (file) cache.set(full, file);
      return file;
    },
    /** Forgets every file and takes the release the live link points at now. */
    clear: () => {
      cache.clear();
      takeRelease();
    },
    /** How many files are held. */
    count: () => cache.size,
    /** The bytes held, as counted against the budget. */
    bytes: () => cache.calculatedSize,
  };
}
