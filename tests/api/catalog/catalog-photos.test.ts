import { createReadStream, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../../../src/server/catalog/admin/import-catalog.ts';
import { photoResolver } from '../../../src/server/catalog/admin/photos.ts';
import { createSite } from '../../../src/server/site.ts';
import { dumpCatalog } from '../../helpers/catalog-tool.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

let shop: TestShop;
let dir: string;
let media: string;
let server: Server;
let origin: string;
let photo: Buffer;

beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  dir = mkdtempSync(join(tmpdir(), 'catalog-photos-'));
  media = join(dir, 'media');
  photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#8a5a3c' } })
    .jpeg()
    .toBuffer();
  writeFileSync(join(dir, 'walnut.jpg'), photo);
  writeFileSync(join(dir, 'broken.jpg'), 'not a picture');
  writeFileSync(
    join(dir, 'tiny.png'),
    await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  const png = await sharp({ create: { width: 800, height: 800, channels: 4, background: '#ffffff' } })
    .png()
    .toBuffer();
  server = createServer((req, res) => {
    if (req.url === '/white.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await shop.close();
  rmSync(dir, { recursive: true, force: true });
});

const HEADER = 'Handle,Title,Vendor,Type,Variant SKU,Variant Price,Image Src,Image Position,Image Alt Text';

async function run(rows: string[], dryRun = false) {
  const file = join(dir, 'products.csv');
  writeFileSync(file, [HEADER, ...rows].join('\n'));
  return importCatalog(shop.deps.db, createReadStream(file), {
    dryRun,
    withdrawMissing: false,
    by: 'tester',
    subject: 'products.csv',
    now: Date.UTC(2026, 10, 22),
    resolveImage: photoResolver(file, media, { checkOnly: dryRun }),
  });
}

describe('photos named in the import', () => {
  it('reports a missing, broken, too small or unreachable photo as a row problem, and changes nothing', async () => {
    const before = await dumpCatalog(shop.deps.db);
    const report = await run([
      'photo-a,甲,Sony,配件,PA-1,100,missing.jpg,1,',
      'photo-b,乙,Sony,配件,PB-1,100,broken.jpg,1,',
      'photo-c,丙,Sony,配件,PC-1,100,tiny.png,1,',
      `photo-d,丁,Sony,配件,PD-1,100,${origin}/gone.png,1,`,
    ]);
    expect(report.applied).toBe(false);
    expect(report.problems.map((p) => [p.line, p.column, p.code])).toEqual([
      [2, 'Image Src', 'image_unreachable'],
      [3, 'Image Src', 'image_type'],
      [4, 'Image Src', 'image_too_small'],
      [5, 'Image Src', 'image_unreachable'],
    ]);
    expect(await dumpCatalog(shop.deps.db)).toEqual(before);
    expect(existsSync(media)).toBe(false);
  });

  it('stores a file next to the CSV and a URL in responsive sizes as WebP and AVIF, served at /media/', async () => {
    const dry = await run(['photo-e,戊,Sony,配件,PE-1,100,walnut.jpg,1,胡桃木'], true);
    expect(dry.problems).toEqual([]);
    expect(existsSync(media)).toBe(false);

    const report = await run([
      'photo-e,戊,Sony,配件,PE-1,100,walnut.jpg,1,胡桃木',
      `photo-e,,,,,,${origin}/white.png,2,白色`,
    ]);
    expect(report.problems).toEqual([]);
    expect(report.applied).toBe(true);
    const p = (await shop.call('GET', '/api/products/photo-e')).json.result;
    expect(p.images).toHaveLength(2);
    expect(p.images[0]).toMatchObject({ width: 960, height: 720, alt: '胡桃木' });
    expect(p.images[0].src).toMatch(/^\/media\/products\/[0-9a-f]{20}-960\.webp$/);
    expect(p.images[1]).toMatchObject({ width: 800, height: 800 });
    expect(p.images[1].src).toMatch(/-960\.webp$/);
    const hash = p.images[0].src.match(/products\/([0-9a-f]+)-/)[1];
    // Every width under its own name; the 1600 one is the 1200 px original, never enlarged.
    for (const w of [480, 960, 1600])
      for (const ext of ['webp', 'avif']) expect(existsSync(join(media, 'products', `${hash}-${w}.${ext}`))).toBe(true);
    const largest = await sharp(join(media, 'products', `${hash}-1600.avif`)).metadata();
    expect([largest.width, largest.height]).toEqual([1200, 900]);

    const site = createSite({ api: shop.app, clientDir: join(dir, 'client'), buildCheckMs: 0, mediaDir: media });
    const res = await site.request(p.images[0].src);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const got = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([got.format, got.width, got.height]).toEqual(['webp', 960, 720]);
    expect((await site.request('/media/..%2Fproducts.csv')).status).toBe(404);

    // The same file again: the stored photos are recognised, nothing changes.
    const again = await run([
      'photo-e,戊,Sony,配件,PE-1,100,walnut.jpg,1,胡桃木',
      `photo-e,,,,,,${origin}/white.png,2,白色`,
    ]);
    expect(again.counts).toMatchObject({ productsUnchanged: 1, productsUpdated: 0 });
  });
});
