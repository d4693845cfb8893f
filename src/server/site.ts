import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { Hono } from 'hono';
import type { App } from './app.ts';

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
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

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
  "form-action 'self' https://payment-stage.ecpay.com.tw https://logistics-stage.ecpay.com.tw",
];

/** A CSP header for one HTML page: its own inline scripts are allowed by hash, nothing else inline. */
export function cspFor(html: string, extraConnect = ''): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/type="application\/(ld\+)?json"/.test(m[0]))
    .map(
      (m) =>
        `'sha256-${createHash('sha256')
          .update(m[1] ?? '')
          .digest('base64')}'`,
    );
  const directives = BASE_CSP.map((d) => (d.startsWith('connect-src') && extraConnect ? `${d} ${extraConnect}` : d));
  return [...directives, `script-src 'self' ${[...new Set(hashes)].join(' ')}`.trim()].join('; ');
}

export const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * The storefront server: `/api/*` to the shop API, real 301 redirects, the prerendered files with
 * their precompressed twins and cache rules, and the 404 screen for anything else.
 */
export function createSite(opts: { api: App; clientDir: string; https?: boolean; publicApiBase?: string }) {
  const cache = new Map<string, StaticFile | null>();
  const root = normalize(opts.clientDir);

  function load(rel: string): StaticFile | null {
    if (cache.has(rel)) return cache.get(rel) ?? null;
    const full = normalize(join(root, rel));
    let file: StaticFile | null = null;
    if (full.startsWith(root)) {
      try {
        if (statSync(full).isFile()) {
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
          if (type.startsWith('text/html')) file.csp = cspFor(body.toString('utf8'), opts.publicApiBase ?? '');
        }
      } catch {
        file = null;
      }
    }
    cache.set(rel, file);
    return file;
  }

  function candidates(pathname: string): string[] {
    const p = pathname.replace(/\/+$/, '') || '/';
    if (p === '/') return ['index.html'];
    const rel = p.slice(1);
    return extname(rel) ? [rel] : [`${rel}/index.html`, `${rel}.html`];
  }

  function send(
    c: { req: { header(n: string): string | undefined } },
    rel: string,
    file: StaticFile,
    status = 200,
  ): Response {
    const headers = new Headers({ 'Content-Type': file.type, Vary: 'Accept-Encoding', ETag: file.etag });
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) headers.set(k, v);
    if (opts.https) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (file.csp) headers.set('Content-Security-Policy', file.csp);
    if (rel.startsWith('_astro/')) headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    else if (file.type.startsWith('text/html') || rel === 'builds/latest.json')
      headers.set('Cache-Control', 'no-cache');
    else headers.set('Cache-Control', 'public, max-age=86400');
    if (status === 200 && c.req.header('if-none-match') === file.etag)
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

  const site = new Hono();
  site.all('/api/*', (c) => opts.api.fetch(c.req.raw, c.env));
  site.on(['GET', 'HEAD'], '*', (c) => {
    const url = new URL(c.req.url);
    const target = redirectFor(url.pathname);
    if (target) return c.redirect(target + url.search, 301);
    for (const rel of candidates(url.pathname)) {
      const file = load(rel);
      if (file) return send(c, rel, file);
    }
    const en = url.pathname === '/en' || url.pathname.startsWith('/en/');
    const notFound = load(en ? 'en/404.html' : '404.html') ?? load('404.html');
    if (notFound) return send(c, '404.html', notFound, 404);
    return c.text('Not found', 404);
  });
  return site;
}
