import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_PATH_MARKER } from '../../../src/lib/not-found.ts';
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
  writeFileSync(join(dir, '404.html'), `<p>not found: ${REQUEST_PATH_MARKER}</p>`);
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
