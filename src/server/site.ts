import { statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { COOKIE, type Locale, PAGE_CACHE_MB } from '../config.ts';
import type { App } from './app.ts';
import { localeFrom } from './common/i18n.ts';
import { log } from './common/log.ts';
import { folderStore } from './media/folder-store.ts';
import { type MediaStore, mediaKeyOk } from './media/media-store.ts';
import { createFileCache, SECURITY_HEADERS, type StaticFile, TYPES } from './site-files.ts';

export { cspFor, DOCUMENT_HEADERS, SECURITY_HEADERS } from './site-files.ts';

/** How often the server looks for a new build (builds/latest.json) to drop its file cache. */
const BUILD_CHECK_MS = 1_000;
/** The root page depends on the locale cookie and the browser's languages. */
const ROOT_VARY = 'Cookie, Accept-Language';
const MB = 1024 * 1024;

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
  /** The photos' store (the folder or the bucket: mediaStoreOf), served at /media/; wins over mediaDir. */
  media?: MediaStore;
  /** Origins the pages' images come from besides the shop's own (MEDIA_PUBLIC_BASE's), for their CSP. */
  imgSources?: readonly string[];
  /** Megabytes of built files kept in memory (PAGE_CACHE_MB); fractions allowed. */
  cacheMb?: number;
}) {
  const buildCheckMs = opts.buildCheckMs ?? BUILD_CHECK_MS;
  const root = normalize(opts.clientDir);
  const files = createFileCache({
    root,
    budgetBytes: (opts.cacheMb ?? PAGE_CACHE_MB) * MB,
    https: opts.https,
    publicApiBase: opts.publicApiBase,
    formTargets: opts.formTargets,
    imgSources: opts.imgSources,
  });
  const mediaStore = opts.media ?? (opts.mediaDir ? folderStore(normalize(opts.mediaDir)) : null);
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
      files.clear();
    }
  }

  function candidates(pathname: string): string[] {
    const p = pathname.replace(/\/+$/, '') || '/';
    if (p === '/') return ['index.html'];
    const rel = p.slice(1);
    if (extname(rel)) return [rel];
    const shell = shellFor(p);
    return [`${rel}/index.html`, `${rel}.html`, ...(shell ? [shell] : [])];
  }

  /**
   * The file, or its twin in an encoding the browser accepts, as it sits in memory: the same bytes
   * go to every answer, never copied (the Node adapter writes a Uint8Array body as it is).
   */
  function send(c: { req: { header(n: string): string | undefined } }, file: StaticFile, status = 200, vary?: string) {
    const headers: Record<string, string> = { ...file.headers, Vary: vary ?? 'Accept-Encoding' };
    // A 404 is the same page for every unknown path: an ETag would tie them together.
    if (status === 200 && file.etag) {
      headers.ETag = file.etag;
      if (c.req.header('if-none-match') === file.etag) return new Response(null, { status: 304, headers });
    }
    const accept = c.req.header('accept-encoding') ?? '';
    let body = file.body;
    if (file.br && /\bbr\b/.test(accept)) {
      body = file.br;
      headers['Content-Encoding'] = 'br';
    } else if (file.gz && /\bgzip\b/.test(accept)) {
      body = file.gz;
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = String(body.byteLength);
    return new Response(body, { status, headers });
  }

  /**
   * A photo of the media store, streamed from the folder or the bucket: its name carries the hash of
   * its bytes, so it never changes. A store that cannot be reached answers 502 (the page stays up).
   */
  async function media(pathname: string, head: boolean): Promise<Response | null> {
    let key: string;
    try {
      key = decodeURIComponent(pathname.slice('/media/'.length));
    } catch {
      return null;
    }
    if (!mediaStore || !mediaKeyOk(key)) return null;
    const type = TYPES[extname(key)];
    if (!type?.startsWith('image/')) return null;
    const headers = (size: number) => ({
      'Content-Type': type,
      'Content-Length': String(size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      ...SECURITY_HEADERS,
    });
    try {
      if (head) {
        const info = await mediaStore.head(key);
        return info && new Response(null, { headers: headers(info.size) });
      }
      const photo = await mediaStore.get(key);
      return photo && new Response(photo.body, { headers: headers(photo.size) });
    } catch (err) {
      log.error({ event: 'media_store_unreachable', err }, 'a photo could not be read from the media store');
      return new Response(null, { status: 502, headers: { 'Cache-Control': 'no-store', ...SECURITY_HEADERS } });
    }
  }

  const site = new Hono();
  site.all('/api/*', (c) => opts.api.fetch(c.req.raw, c.env));
  site.on(['GET', 'HEAD'], '*', async (c) => {
    refreshOnNewBuild(Date.now());
    const url = new URL(c.req.url);
    if (url.pathname.startsWith('/media/')) {
      const photo = await media(url.pathname, c.req.method === 'HEAD');
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
      const file = files.load(rel);
      if (file) return send(c, file, 200, root ? `Accept-Encoding, ${ROOT_VARY}` : undefined);
    }
    // The 404 page as built, twins and all: the page itself shows the path it was asked for.
    const en = url.pathname === '/en' || url.pathname.startsWith('/en/');
    const page = (en ? (files.load('en/404.html') ?? files.load('en/404/index.html')) : null) ?? files.load('404.html');
    if (page) return send(c, page, 404);
    return c.text('Not found', 404);
  });
  return Object.assign(site, { cachedFiles: files.count, cachedBytes: files.bytes });
}
