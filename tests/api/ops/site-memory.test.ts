import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../src/server/site.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const MB = 1024 * 1024;

let shop: TestShop;
let dir: string;
let site: ReturnType<typeof createSite>;
beforeAll(async () => {
  shop = await createTestShop();
  dir = mkdtempSync(join(tmpdir(), 'site-mem-'));
  mkdirSync(join(dir, 'about'), { recursive: true });
  mkdirSync(join(dir, 'builds'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<html>home</html>');
  writeFileSync(join(dir, 'about/index.html'), '<html>about</html>');
  writeFileSync(join(dir, 'builds/latest.json'), '{"id":"a"}');
  writeFileSync(join(dir, '404.html'), '<p>not found: <span data-request-path></span></p>');
  site = createSite({ api: shop.app, clientDir: dir, buildCheckMs: 60_000 });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await shop.close();
});

const get = (path: string) => site.request(`http://shop.test${path}`);

describe('static file cache', () => {
  it('3,000 unique unknown 7 kB paths leave the heap within a few MB and cache nothing', async () => {
    expect((await get('/about')).status).toBe(200);
    expect((await get('/missing-warm-up')).status).toBe(404);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 3_000; i++) {
      const res = await get(`/missing-${i}-${'x'.repeat(7 * 1024)}`);
      expect(res.status).toBe(404);
      await res.arrayBuffer();
    }
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    console.log(`heap after 3,000 unknown paths: ${(grown / MB).toFixed(2)} MB`);
    expect(grown).toBeLessThan(5 * MB);
    // The home page is never asked for: about and the 404 page are all the cache holds.
    expect(site.cachedFiles()).toBe(2);
  });

  it('one file written many ways is cached once', async () => {
    for (let n = 1; n <= 50; n++) expect((await get(`/${'/'.repeat(n)}about`)).status).toBe(200);
    expect((await get('/about/')).status).toBe(200);
    const files = site.cachedFiles();
    for (let n = 51; n <= 100; n++) await get(`/${'/'.repeat(n)}about`);
    expect(site.cachedFiles()).toBe(files);
  });
});

describe('the file cache within its byte budget (PAGE_CACHE_MB)', () => {
  const PAGES = 120;
  const BUDGET_MB = 0.5;
  let crawlDir: string;
  let crawled: ReturnType<typeof createSite>;
  /** A page of about 20 kB with its two twins: some 32 kB an entry, so the pages add up to 7 budgets. */
  const page = (n: number, text = `page ${n}`) => `<html>${text}${' '.repeat(20 * 1024)}</html>`;
  const write = (rel: string, html: string) => {
    mkdirSync(join(crawlDir, rel), { recursive: true });
    writeFileSync(join(crawlDir, rel, 'index.html'), html);
    writeFileSync(join(crawlDir, rel, 'index.html.br'), 'b'.repeat(5 * 1024));
    writeFileSync(join(crawlDir, rel, 'index.html.gz'), 'g'.repeat(6 * 1024));
  };
  const fetchPage = (path: string) => crawled.request(`http://shop.test${path}`);

  beforeAll(() => {
    crawlDir = mkdtempSync(join(tmpdir(), 'site-budget-'));
    mkdirSync(join(crawlDir, 'builds'), { recursive: true });
    writeFileSync(join(crawlDir, 'builds/latest.json'), '{"id":"a"}');
    writeFileSync(join(crawlDir, '404.html'), '<p>not found</p>');
    write('hot', page(0, 'hot page'));
    for (let n = 0; n < PAGES; n++) write(`p/${n}`, page(n));
    writeFileSync(join(crawlDir, 'big.txt'), 'x'.repeat(BUDGET_MB * MB + 1));
    crawled = createSite({ api: shop.app, clientDir: crawlDir, buildCheckMs: 60_000, cacheMb: BUDGET_MB });
  });
  afterAll(() => rmSync(crawlDir, { recursive: true, force: true }));

  it('a crawl of more pages than the budget holds keeps the cache within it, the hot page in it', async () => {
    for (let n = 0; n < PAGES; n++) {
      expect(await (await fetchPage(`/p/${n}`)).text()).toContain(`page ${n}`);
      if (n % 3 === 0) expect(await (await fetchPage('/hot')).text()).toContain('hot page');
      expect(crawled.cachedBytes()).toBeLessThanOrEqual(BUDGET_MB * MB);
    }
    expect(crawled.cachedBytes()).toBeGreaterThan(BUDGET_MB * MB * 0.8);
    expect(crawled.cachedFiles()).toBeLessThan(PAGES / 4);
    // Files changed on disk tell memory from disk: the hot page is still answered from memory, the
    // first crawled page was dropped and is read again.
    write('hot', page(0, 'hot page, edited'));
    write('p/0', page(0, 'page 0, edited'));
    expect(await (await fetchPage('/hot')).text()).not.toContain('edited');
    expect(await (await fetchPage('/p/0')).text()).toContain('page 0, edited');
  });

  it('serves a file bigger than the whole budget without keeping it', async () => {
    const files = crawled.cachedFiles();
    const r = await fetchPage('/big.txt');
    expect(r.status).toBe(200);
    expect((await r.arrayBuffer()).byteLength).toBe(BUDGET_MB * MB + 1);
    expect(crawled.cachedBytes()).toBeLessThanOrEqual(BUDGET_MB * MB);
    expect(crawled.cachedFiles()).toBe(files);
  });
});
