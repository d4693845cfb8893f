import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../src/server/site.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';

// The product feeds (issue 32) as the server of the built pages answers them.
describe('serving the product feeds', () => {
  let shop: TestShop;
  let dir: string;
  let site: ReturnType<typeof createSite>;
  const get = (path: string) => site.request(`http://shop.test${path}`);

  beforeAll(async () => {
    shop = await createTestShop();
    dir = mkdtempSync(join(tmpdir(), 'site-feeds-'));
    mkdirSync(join(dir, 'feeds'), { recursive: true });
    mkdirSync(join(dir, 'en/feeds'), { recursive: true });
    mkdirSync(join(dir, 'builds'), { recursive: true });
    writeFileSync(join(dir, 'builds/latest.json'), '{"id":"a"}');
    writeFileSync(join(dir, 'feeds/google.xml'), '<rss version="2.0"/>');
    writeFileSync(join(dir, 'en/feeds/google.xml'), '<rss version="2.0"/>');
    writeFileSync(join(dir, 'feeds/meta.csv'), 'id,title\r\n');
    writeFileSync(join(dir, 'sitemap.xml'), '<urlset/>');
    site = createSite({ api: shop.app, clientDir: dir, buildCheckMs: 0 });
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await shop.close();
  });

  it('answers each feed with its type, revalidated on every fetch (a price edit shows at the next rebuild)', async () => {
    for (const [path, type] of [
      ['/feeds/google.xml', 'application/xml; charset=utf-8'],
      ['/en/feeds/google.xml', 'application/xml; charset=utf-8'],
      ['/feeds/meta.csv', 'text/csv; charset=utf-8'],
    ] as const) {
      const r = await get(path);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-type'), path).toBe(type);
      expect(r.headers.get('cache-control'), path).toBe('no-cache');
    }
    // Other files keep their day of caching.
    expect((await get('/sitemap.xml')).headers.get('cache-control')).toBe('public, max-age=86400');
  });
});
