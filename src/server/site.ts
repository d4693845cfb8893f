import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { COOKIE, type Locale } from '../config.ts';
import { escapeHtml, REQUEST_PATH_MARKER } from '../lib/not-found.ts';
import type { App } from './app.ts';
import { localeFrom } from './common/i18n.ts';

/** How often the server looks for a new build (builds/latest.json) to drop its file cache. */
const BUILD_CHECK_MS = 1_000;
/** The root page depends on the locale cookie and the browser's languages. */
const ROOT_VARY = 'Cookie, Accept-Language';
/** Brotli quality for pages compressed per request (the 404 page with its path filled in). */
const LIVE_BROTLI_QUALITY = 5;

/** Content types of the files the build emits. */
const TYPES: Record<string, string> = {
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

/**
 * Pages whose parameter is only known at run time (an order number) are prerendered once as a shell
 * at the `_` slug; any other slug there is answered with that shell, and the island reads the URL.
 */
export function shellFor(pathname: string): string | null {
  const m = /^(\/en)?\/member\/orders\/[^/]+$/.exec(pathname);
  return m ? `${m[1] ? 'en/' : ''}member/orders/_/index.html` : null;
}

/** Permanent redirects of spec section 2, for both locales. */
export function redirectFor(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const m = /^(\/en)?(\/.*?)\/?$/.exec(decoded);
  if (!m) return null;
  const prefix = m[1] ?? '';
  const rest = m[2] ?? '';
  if (rest === '/member') return `${prefix}/member/profile`;
  if (/^\/brands\/bang\s*(&|＆|and)\s*olufsen$/i.test(rest) && rest !== '/brands/bangandolufsen')
    return `${prefix}/brands/bangandolufsen`;
  if (rest === '/articles/index copy') return `${prefix}/articles`;
  if (rest === '/register') return `${prefix}/sign-up`;
  return null;
}

/**
 * The locale the root `/` should show (spec section 2): the i18n_redirected cookie first, then the
 * browser's languages, then zh-TW.
 */
export function rootLocale(cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  if (cookie === 'en' || cookie === 'zh-TW') return cookie;
  return localeFrom(acceptLanguage);
}

interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gz?: Buffer;
  type: string;
  etag: string;
  csp?: string;
}

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
 * A CSP header for one HTML page: its own inline scripts are allowed by hash, nothing else inline.
 * `formTargets`: the other origins the page's forms post to (ECPay's cashier and store map).
 */
export function cspFor(html: string, extraConnect = '', formTargets: readonly string[] = []): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/type="application\/(ld\+)?json"/.test(m[0]))
    .map(
      (m) =>
        `'sha256-${createHash('sha256')
          .update(m[1] ?? '')
          .digest('base64')}'`,
    );
  const directives = BASE_CSP.map((d) =>
    d.startsWith('connect-src') && extraConnect
      ? `${d} ${extraConnect}`
      : d.startsWith('form-action') && formTargets.length
        ? `${d} ${formTargets.join(' ')}`
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

/**
 * The storefront server: `/api/*` to the shop API, real 301 redirects, the prerendered files with
 * their precompressed twins and cache rules, and the 404 screen for anything else.
 */
export function createSite(opts: {
  api: App;
  clientDir: string;
  https?: boolean;
  publicApiBase?: string;
  /** Origins the pages' forms may post to besides the shop's own (ECPay's, as configured: formTargetsOf). */
  formTargets?: readonly string[];
  /** How often to look for a new build; tests pass 0. */
  buildCheckMs?: number;
  /** The shop's own photos (MEDIA_DIR), served at /media/ apart from the builds so that they outlive them. */
  mediaDir?: string;
}) {
  const buildCheckMs = opts.buildCheckMs ?? BUILD_CHECK_MS;
  const cache = new Map<string, StaticFile>();
  const root = normalize(opts.clientDir);
  let buildStamp = '';
  let checkedAt = 0;

  /** Drops the file cache when a rebuild swapped in new files (a new builds/latest.json). */
  function refreshOnNewBuild(now: number): void {
    if (now - checkedAt < buildCheckMs) return;
    checkedAt = now;
    let stamp = '';
    try {
      const st = statSync(join(root, 'builds/latest.json'));
      stamp = `${st.ino}:${st.mtimeMs}`;
    } catch {
      stamp = 'none';
    }
    if (stamp !== buildStamp) {
      buildStamp = stamp;
      cache.clear();
    }
  }

  /**
   * The built file at `rel`, read once. Only files that exist are kept, under their normalized path
   * (so `a//b` and `a/b` share one entry): the cache holds at most the build's own files, and no
   * number of unknown or oddly written paths makes it grow.
   */
  function load(rel: string): StaticFile | null {
    const full = normalize(join(root, rel));
    if (!full.startsWith(root)) return null;
    const cached = cache.get(full);
    if (cached) return cached;
    let file: StaticFile;
    try {
      if (!statSync(full).isFile()) return null;
      const body = readFileSync(full);
      const type = TYPES[extname(full)] ?? 'application/octet-stream';
      const tryRead = (p: string) => {
        try {
          return readFileSync(p);
        } catch {
          return undefined;
        }
      };
      file = {
        body,
        type,
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`,
        br: tryRead(`${full}.br`),
        gz: tryRead(`${full}.gz`),
      };
      if (type.startsWith('text/html'))
        file.csp = cspFor(body.toString('utf8'), opts.publicApiBase ?? '', opts.formTargets);
    } catch {
      return null;
    }
    cache.set(full, file);
    return file;
  }

  function candidates(pathname: string): string[] {
    const p = pathname.replace(/\/+$/, '') || '/';
    if (p === '/') return ['index.html'];
    const rel = p.slice(1);
    if (extname(rel)) return [rel];
    const shell = shellFor(p);
    return [`${rel}/index.html`, `${rel}.html`, ...(shell ? [shell] : [])];
  }

  function send(
    c: { req: { header(n: string): string | undefined } },
    rel: string,
    file: StaticFile,
    status = 200,
    vary = 'Accept-Encoding',
  ): Response {
    const headers = new Headers({ 'Content-Type': file.type, Vary: vary });
    const immutable = rel.startsWith('_astro/');
    // An immutable asset is never revalidated: its ETag would never be used.
    if (file.etag && !immutable) headers.set('ETag', file.etag);
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) headers.set(k, v);
    if (file.type.startsWith('text/html')) for (const [k, v] of Object.entries(DOCUMENT_HEADERS)) headers.set(k, v);
    if (opts.https) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (file.csp) headers.set('Content-Security-Policy', file.csp);
    if (immutable) headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    // The product feeds change with every price or stock edit, like the pages (issue 32).
    else if (file.type.startsWith('text/html') || rel === 'builds/latest.json' || /^(en\/)?feeds\//.test(rel))
      headers.set('Cache-Control', 'no-cache');
    else headers.set('Cache-Control', 'public, max-age=86400');
    if (status === 200 && file.etag && !immutable && c.req.header('if-none-match') === file.etag)
      return new Response(null, { status: 304, headers });
    const accept = c.req.header('accept-encoding') ?? '';
    let body = file.body;
    if (file.br && /\bbr\b/.test(accept)) {
      body = file.br;
      headers.set('Content-Encoding', 'br');
    } else if (file.gz && /\bgzip\b/.test(accept)) {
      body = file.gz;
      headers.set('Content-Encoding', 'gzip');
    }
    headers.set('Content-Length', String(body.length));
    return new Response(new Uint8Array(body), { status, headers });
  }

  /** The 404 page with the requested path in place of its marker, compressed for this response. */
  function notFound(c: { req: { header(n: string): string | undefined } }, file: StaticFile, pathname: string) {
    let shown = pathname;
    try {
      shown = decodeURIComponent(pathname);
    } catch {
      // Malformed escapes: show the path as it came.
    }
    const html = file.body.toString('utf8').replaceAll(REQUEST_PATH_MARKER, escapeHtml(shown));
    const body = Buffer.from(html);
    const accept = c.req.header('accept-encoding') ?? '';
    const live: StaticFile = { body, type: file.type, etag: '', csp: file.csp };
    if (/\bbr\b/.test(accept))
      live.br = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: LIVE_BROTLI_QUALITY } });
    else if (/\bgzip\b/.test(accept)) live.gz = gzipSync(body);
    return send(c, '404.html', live, 404);
  }

  /** A photo of the media folder: its name carries the hash of its bytes, so it never changes. */
  function media(pathname: string): Response | null {
    if (!opts.mediaDir) return null;
    const base = normalize(opts.mediaDir);
    const full = normalize(join(base, pathname.slice('/media/'.length)));
    if (!full.startsWith(base) || !TYPES[extname(full)]?.startsWith('image/')) return null;
    try {
      const body = readFileSync(full);
      return new Response(new Uint8Array(body), {
        headers: {
          'Content-Type': TYPES[extname(full)]!,
          'Content-Length': String(body.length),
          'Cache-Control': 'public, max-age=31536000, immutable',
          ...SECURITY_HEADERS,
        },
      });
    } catch {
      return null;
    }
  }

  const site = new Hono();
  site.all('/api/*', (c) => opts.api.fetch(c.req.raw, c.env));
  site.on(['GET', 'HEAD'], '*', (c) => {
    refreshOnNewBuild(Date.now());
    const url = new URL(c.req.url);
    if (url.pathname.startsWith('/media/')) {
      const photo = media(url.pathname);
      if (photo) return photo;
    }
    const target = redirectFor(url.pathname);
    if (target) return c.redirect(target + url.search, 301);
    const root = url.pathname === '/';
    if (root && rootLocale(getCookie(c, COOKIE.locale), c.req.header('accept-language')) === 'en') {
      c.header('Vary', ROOT_VARY);
      c.header('Cache-Control', 'no-cache');
      return c.redirect(`/en/${url.search}`, 302);
    }
    // The 404 pages themselves are only ever answers, never addresses.
    const errorPage = /^(\/en)?\/404(\.html|\/(index\.html)?)?$/.test(url.pathname);
    for (const rel of errorPage ? [] : candidates(url.pathname)) {
      const file = load(rel);
      if (file) return send(c, rel, file, 200, root ? `Accept-Encoding, ${ROOT_VARY}` : undefined);
    }
    const en = url.pathname === '/en' || url.pathname.startsWith('/en/');
    const page = (en ? (load('en/404.html') ?? load('en/404/index.html')) : null) ?? load('404.html');
    if (page) return notFound(c, page, url.pathname);
    return c.text('Not found', 404);
  });
  return Object.assign(site, { cachedFiles: () => cache.size });
}
