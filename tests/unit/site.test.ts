import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_PATH_SCRIPT } from '../../src/lib/not-found.ts';
import { readEnv } from '../../src/server/env.ts';
import { formTargetsOf } from '../../src/server/providers/ecpay/config.ts';
import { createSite, cspFor, redirectFor, rootLocale } from '../../src/server/site.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';

describe('redirectFor', () => {
  it.each([
    ['/member', '/member/profile'],
    ['/member/', '/member/profile'],
    ['/en/member', '/en/member/profile'],
    ['/brands/bang&olufsen', '/brands/bangandolufsen'],
    ['/brands/bang%26olufsen', '/brands/bangandolufsen'],
    ['/brands/Bang%20%26%20Olufsen', '/brands/bangandolufsen'],
    ['/brands/bang%EF%BC%86olufsen', '/brands/bangandolufsen'],
    ['/en/brands/bang&olufsen', '/en/brands/bangandolufsen'],
    ['/articles/index%20copy', '/articles'],
    ['/en/articles/index copy', '/en/articles'],
    ['/register', '/sign-up'],
    ['/en/register/', '/en/sign-up'],
  ])('%s → %s', (from, to) => {
    expect(redirectFor(from)).toBe(to);
  });

  it.each(['/', '/brands/bangandolufsen', '/member/profile', '/articles', '/brands/sony', '/%E0%A4%A'])(
    'leaves %s alone',
    (path) => {
      expect(redirectFor(path)).toBeNull();
    },
  );
});

describe('rootLocale', () => {
  it('follows the cookie first, then the browser, then zh-TW', () => {
    expect(rootLocale('en', 'zh-TW,zh;q=0.9')).toBe('en');
    expect(rootLocale('zh-TW', 'en-US,en;q=0.9')).toBe('zh-TW');
    expect(rootLocale(undefined, 'en-US,en;q=0.9')).toBe('en');
    expect(rootLocale('fr', 'en-GB')).toBe('en');
    expect(rootLocale(undefined, 'ja-JP')).toBe('zh-TW');
    expect(rootLocale(undefined, undefined)).toBe('zh-TW');
  });
});

describe('cspFor', () => {
  it('allows the page’s own inline scripts by hash and ignores JSON-LD', () => {
    const csp = cspFor('<script>a()</script><script type="application/ld+json">{}</script>');
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src')) ?? '';
    expect(scriptSrc.match(/'sha256-/g)).toHaveLength(1);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('reads a page’s bytes as it reads its text: the same hashes for the same inline scripts', () => {
    const html =
      '<script src="/_astro/a.js"></script><script>window.a="找不到"</script>' +
      '<script type="application/ld+json">{"a":1}</script><script type="module">b()</script>';
    const csp = cspFor(Buffer.from(html));
    expect(csp).toBe(cspFor(html));
    const hash = (js: string) => `'sha256-${createHash('sha256').update(js).digest('base64')}'`;
    expect(csp).toContain(`script-src 'self' ${hash('window.a="找不到"')} ${hash('b()')}`);
  });

  it("lets the pages' images come from MEDIA_PUBLIC_BASE's origin when photos are served from there", () => {
    const imgSrc = (sources?: string[]) =>
      cspFor('', '', [], sources)
        .split('; ')
        .find((d) => d.startsWith('img-src'));
    expect(imgSrc()).toBe("img-src 'self' data:");
    expect(imgSrc(['https://cdn.example.com'])).toBe("img-src 'self' data: https://cdn.example.com");
  });

  it("lets the pages' forms post to the ECPay hosts of the shop's environment, and only those", () => {
    const formAction = (env: Record<string, string>) =>
      cspFor('', '', formTargetsOf(readEnv(env)))
        .split('; ')
        .find((d) => d.startsWith('form-action'));
    // ECPay's production cashier and store map (a stage-only policy blocked every real payment).
    expect(
      formAction({
        NODE_ENV: 'production',
        ECPAY_ENV: 'production',
        ECPAY_MERCHANT_ID: '3002607',
        ECPAY_HASH_KEY: 'pwFHCqoQZGmho4w6',
        ECPAY_HASH_IV: 'EkRm7iFT261dpevs',
      }),
    ).toBe("form-action 'self' https://payment.ecpay.com.tw https://logistics.ecpay.com.tw");
    expect(formAction({ ECPAY_ENV: 'stage' })).toBe(
      "form-action 'self' https://payment-stage.ecpay.com.tw https://logistics-stage.ecpay.com.tw",
    );
    // The simulators answer on the shop's own origin.
    expect(formAction({ ECPAY_ENV: 'simulator' })).toBe("form-action 'self'");
  });
});

describe('REQUEST_PATH_SCRIPT', () => {
  const shown = (pathname: string) => {
    const element = { textContent: '' };
    const document = { querySelector: (q: string) => (q === '[data-request-path]' ? element : null) };
    new Function('document', 'location', REQUEST_PATH_SCRIPT)(document, { pathname });
    return element.textContent;
  };

  it('shows the address asked for, decoded, as text', () => {
    expect(shown('/en/no/such/page')).toBe('/en/no/such/page');
    expect(shown('/%E6%89%BE%E4%B8%8D%E5%88%B0/%3Cb%3E')).toBe('/找不到/<b>');
  });

  it('shows a malformed address as it came', () => {
    expect(shown('/bad/%E0%A4%A')).toBe('/bad/%E0%A4%A');
  });
});

describe('createSite', () => {
  let shop: TestShop;
  let dir: string;
  let site: ReturnType<typeof createSite>;
  const get = (path: string, headers: Record<string, string> = {}) =>
    site.request(`http://shop.test${path}`, { headers });

  beforeAll(async () => {
    shop = await createTestShop();
    dir = mkdtempSync(join(tmpdir(), 'site-'));
    mkdirSync(join(dir, 'en/404'), { recursive: true });
    mkdirSync(join(dir, 'builds'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<html lang="zh-Hant-TW">home</html>');
    mkdirSync(join(dir, 'about'), { recursive: true });
    writeFileSync(join(dir, 'about/index.html'), '<html lang="zh-Hant-TW">about<script>var a=1</script></html>');
    mkdirSync(join(dir, 'member/orders/_'), { recursive: true });
    mkdirSync(join(dir, 'en/member/orders/_'), { recursive: true });
    mkdirSync(join(dir, '_astro'), { recursive: true });
    writeFileSync(join(dir, 'member/orders/_/index.html'), '<p>order shell zh</p>');
    writeFileSync(join(dir, 'en/member/orders/_/index.html'), '<p>order shell en</p>');
    writeFileSync(join(dir, '_astro/app.abc123.js'), `console.log(${JSON.stringify('x'.repeat(600))});`);
    writeFileSync(join(dir, '_astro/app.abc123.js.br'), 'BROTLI');
    writeFileSync(join(dir, '_astro/app.abc123.js.gz'), 'GZIP');
    writeFileSync(join(dir, 'builds/latest.json'), '{"id":"a"}');
    writeFileSync(join(dir, '404.html'), '<p>找不到頁面：<span data-request-path></span></p>');
    writeFileSync(join(dir, '404.html.br'), 'BROTLI 404');
    writeFileSync(join(dir, '404.html.gz'), 'GZIP 404');
    writeFileSync(join(dir, 'en/404/index.html'), '<p>Page not found: <span data-request-path></span></p>');
    site = createSite({ api: shop.app, clientDir: dir, buildCheckMs: 0 });
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await shop.close();
  });

  it("gives its pages' CSP the photos' public origin it is told of", async () => {
    const withCdn = createSite({
      api: shop.app,
      clientDir: dir,
      buildCheckMs: 0,
      imgSources: ['https://cdn.example.com'],
    });
    const csp = (await withCdn.request('/about/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("img-src 'self' data: https://cdn.example.com;");
    expect((await get('/about/')).headers.get('content-security-policy')).toContain("img-src 'self' data:;");
  });

  it('answers the permanent redirects with 301 and keeps the query', async () => {
    const r = await get('/brands/bang&olufsen?sort=name');
    expect(r.status).toBe(301);
    expect(r.headers.get('location')).toBe('/brands/bangandolufsen?sort=name');
  });

  it('sends the root to /en/ by cookie or browser language, and respects a zh-TW cookie', async () => {
    const byCookie = await get('/', { cookie: 'i18n_redirected=en' });
    expect(byCookie.status).toBe(302);
    expect(byCookie.headers.get('location')).toBe('/en/');
    const byBrowser = await get('/?a=1', { 'accept-language': 'en-US,en;q=0.9' });
    expect(byBrowser.headers.get('location')).toBe('/en/?a=1');
    const kept = await get('/', { cookie: 'i18n_redirected=zh-TW', 'accept-language': 'en-US' });
    expect(kept.status).toBe(200);
    expect(kept.headers.get('vary')).toContain('Cookie');
    expect(await kept.text()).toContain('home');
  });

  it('answers any unknown path with the 404 page of its locale as built, precompressed twin and all', async () => {
    const zh = await get('/nope/<b>', { 'accept-encoding': 'gzip, br' });
    expect(zh.status).toBe(404);
    // The twin written by the build, not a page compressed for this answer.
    expect(zh.headers.get('content-encoding')).toBe('br');
    expect(await zh.text()).toBe('BROTLI 404');
    const gz = await get('/another/unknown/path', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe('GZIP 404');
    const en = await get('/en/missing');
    expect(en.status).toBe(404);
    expect(await en.text()).toBe('<p>Page not found: <span data-request-path></span></p>');
    // A document's headers, and no ETag: one page answers every unknown path.
    expect(en.headers.get('cache-control')).toBe('no-cache');
    expect(en.headers.get('x-frame-options')).toBe('DENY');
    expect(en.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(en.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(en.headers.get('etag')).toBeNull();
  });

  it('answers the 404 pages’ own addresses with 404 too', async () => {
    for (const path of ['/404', '/404.html', '/en/404', '/en/404/']) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(await r.text(), path).toContain('data-request-path');
    }
  });

  it('serves new files after a rebuild replaces builds/latest.json', async () => {
    expect(await (await get('/')).text()).toContain('home');
    writeFileSync(join(dir, 'index.html'), '<html>new home</html>');
    rmSync(join(dir, 'builds/latest.json'));
    writeFileSync(join(dir, 'builds/latest.json'), '{"id":"b"}');
    expect(await (await get('/')).text()).toContain('new home');
  });

  it('names the build a page is served from (Server-Timing), in revalidations too, and follows a rebuild', async () => {
    const id = JSON.parse(readFileSync(join(dir, 'builds/latest.json'), 'utf8')).id as string;
    const page = await get('/about');
    expect(page.headers.get('server-timing')).toBe(`build;desc="${id}"`);
    const again = await get('/about', { 'if-none-match': page.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
    expect(again.headers.get('server-timing')).toBe(`build;desc="${id}"`);
    expect((await get('/_astro/app.abc123.js')).headers.get('server-timing')).toBeNull();
    expect((await get('/builds/latest.json')).headers.get('server-timing')).toBeNull();
    rmSync(join(dir, 'builds/latest.json'));
    writeFileSync(join(dir, 'builds/latest.json'), `{"id":"${id}-next"}`);
    expect((await get('/about')).headers.get('server-timing')).toBe(`build;desc="${id}-next"`);
    // An id a header cannot carry as it is names nothing: the page's check then reads the manifest.
    rmSync(join(dir, 'builds/latest.json'));
    writeFileSync(join(dir, 'builds/latest.json'), '{"id":"a\\"b"}');
    expect((await get('/about')).headers.get('server-timing')).toBeNull();
    rmSync(join(dir, 'builds/latest.json'));
    writeFileSync(join(dir, 'builds/latest.json'), `{"id":"${id}"}`);
  });

  it('answers any order number with the order shell of its locale', async () => {
    const zh = await get('/member/orders/SW20261121001');
    expect(zh.status).toBe(200);
    expect(await zh.text()).toBe('<p>order shell zh</p>');
    const en = await get('/en/member/orders/SW20261121001/');
    expect(await en.text()).toBe('<p>order shell en</p>');
    expect((await get('/member/orders/a/b')).status).toBe(404);
  });

  it('sends security headers, a hashed-script CSP and no-cache on HTML', async () => {
    const r = await get('/about');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-cache');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('referrer-policy')).toBeTruthy();
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    expect(r.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("unsafe-inline'; script");
  });

  it('serves hashed assets immutable, precompressed by what the browser accepts', async () => {
    const br = await get('/_astro/app.abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(br.headers.get('cache-control')).toContain('immutable');
    // Scripts carry nosniff, and none of the page-only headers or an ETag they would never use.
    expect(br.headers.get('x-content-type-options')).toBe('nosniff');
    for (const h of ['x-frame-options', 'referrer-policy', 'permissions-policy', 'cross-origin-opener-policy', 'etag'])
      expect(br.headers.get(h)).toBeNull();
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe('BROTLI');
    const gz = await get('/_astro/app.abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await get('/_astro/app.abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).startsWith('console.log')).toBe(true);
    expect((await get('/builds/latest.json')).headers.get('cache-control')).toBe('no-cache');
  });
});

describe('a release over a base (scripts/lib/releases.ts)', () => {
  const dist = mkdtempSync(join(tmpdir(), 'site-layers-'));
  const page = (body: string) => `<!doctype html><title>${body}</title><p>${body}</p>`;
  /** A release folder under dist/releases with the files given (path → text). */
  const release = (name: string, files: Record<string, string>, lower?: { base: string; pages: string[] }) => {
    const dir = join(dist, 'releases', name);
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(join(dir, 'client', rel, '..'), { recursive: true });
      writeFileSync(join(dir, 'client', rel), text);
    }
    if (lower) writeFileSync(join(dir, 'lower.json'), JSON.stringify({ ...lower, own: 1 }));
    return dir;
  };
  const live = (dir: string) => {
    rmSync(join(dist, 'client'), { force: true });
    symlinkSync(join(dir, 'client'), join(dist, 'client'), 'dir');
  };
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('serves its own pages, the pages it lists from its base (with their twins), and no other page of the base', async () => {
    const base = release('1-base', {
      'builds/latest.json': '{"id":"base"}',
      'index.html': page('home before'),
      'kept/index.html': page('kept'),
      'kept/index.html.br': 'br bytes of kept',
      'withdrawn/index.html': page('withdrawn'),
      '404.html': page('not found'),
    });
    const over = release(
      '2-over',
      { 'builds/latest.json': '{"id":"over"}', 'index.html': page('home after'), '404.html': page('not found') },
      { base: '1-base', pages: ['kept/index.html'] },
    );
    live(base);
    const shop = await createTestShop();
    try {
      const site = createSite({ api: shop.app, clientDir: join(dist, 'client'), buildCheckMs: 0 });
      const get = (path: string, headers: Record<string, string> = {}) =>
        site.request(`http://localhost${path}`, { headers: { 'accept-language': 'zh-TW', ...headers } });
      expect(await (await get('/withdrawn')).text()).toContain('withdrawn');

      live(over);
      const home = await get('/');
      expect(await home.text()).toContain('home after');
      const kept = await get('/kept');
      expect(kept.status).toBe(200);
      expect(await kept.text()).toContain('kept');
      const keptBr = await get('/kept', { 'accept-encoding': 'br' });
      expect(keptBr.headers.get('content-encoding')).toBe('br');
      expect(Buffer.from(await keptBr.arrayBuffer()).toString()).toBe('br bytes of kept');
      // In the base, but not among the pages the release reads from it: gone from the site.
      expect((await get('/withdrawn')).status).toBe(404);
    } finally {
      await shop.close();
    }
  });
});
