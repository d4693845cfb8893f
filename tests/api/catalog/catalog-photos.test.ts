import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../../../src/server/catalog/admin/import-catalog.ts';
import { describeProblem } from '../../../src/server/catalog/admin/messages.ts';
import { photoResolver } from '../../../src/server/catalog/admin/photos.ts';
import { folderStore } from '../../../src/server/media/folder-store.ts';
import { createSite } from '../../../src/server/site.ts';
import { dumpCatalog } from '../../helpers/catalog-tool.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

let shop: TestShop;
let dir: string;
let media: string;
let server: Server;
let origin: string;
let photo: Buffer;
/** Bytes the endless photo's server had sent when the reader hung up. */
let endlessSent: Promise<number>;
const MB = 2 ** 20;
const ENDLESS_CAP = 200 * MB;

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
  // A PNG whose header promises 800 × 800 noisy pixels and whose data stops at 60 %.
  const noisy = await sharp({
    create: {
      width: 800,
      height: 800,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
  const cut = noisy.subarray(0, Math.floor(noisy.length * 0.6));
  let sentTo: (n: number) => void = () => {};
  endlessSent = new Promise((r) => {
    sentTo = r;
  });
  server = createServer((req, res) => {
    if (req.url === '/white.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (req.url === '/cut.png')
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': cut.length }).end(cut);
    else if (req.url === '/endless.png') {
      // Chunked, no Content-Length: a PNG header, then zeros until the reader hangs up (or 200 MB).
      res.writeHead(200, { 'content-type': 'image/png' });
      let sent = 0;
      const chunk = Buffer.alloc(MB);
      png.copy(chunk, 0, 0, 64);
      const pump = () => {
        while (sent < ENDLESS_CAP && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end();
      };
      res.on('close', () => sentTo(sent));
      pump();
    } else res.writeHead(404).end();
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

async function run(rows: string[], dryRun = false, at = dir, photoDir?: string) {
  const file = join(at, 'products.csv');
  writeFileSync(file, [HEADER, ...rows].join('\n'));
  return importCatalog(shop.deps.db, createReadStream(file), {
    dryRun,
    withdrawMissing: false,
    by: 'tester',
    subject: 'products.csv',
    now: Date.UTC(2026, 10, 22),
    resolveImage: photoResolver(file, folderStore(media), {
      checkOnly: dryRun,
      allowOrigins: [origin],
      ...(photoDir ? { photoDir } : {}),
    }),
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

  it('stops reading a photo sent without Content-Length at the size limit', async () => {
    const report = await run([`photo-f,己,Sony,配件,PF-1,100,${origin}/endless.png,1,`], true);
    expect(report.problems.map((p) => [p.line, p.code, p.args?.reason])).toEqual([[2, 'image_too_large', '20 MB']]);
    // The reader hung up near 20 MB (and what the sockets buffer), long before the 200 MB on offer.
    expect(await endlessSent).toBeLessThan(100 * MB);
  });

  it("refuses a local photo outside the CSV's folder, unless it is inside the folder named for photos", async () => {
    const shopDir = join(dir, 'shop');
    const privateDir = join(dir, 'private');
    mkdirSync(shopDir);
    mkdirSync(privateDir);
    writeFileSync(join(privateDir, 'secret.png'), photo);
    writeFileSync(join(shopDir, 'ok.jpg'), photo);
    symlinkSync(join(privateDir, 'secret.png'), join(shopDir, 'linked.png'));
    const rows = [
      'photo-g,庚,Sony,配件,PG-1,100,../private/secret.png,1,',
      'photo-h,辛,Sony,配件,PH-1,100,linked.png,1,',
      'photo-i,壬,Sony,配件,PI-1,100,sub/../../private/secret.png,1,',
      'photo-j,癸,Sony,配件,PJ-1,100,ok.jpg,1,',
    ];
    const report = await run(rows, true, shopDir);
    expect(report.problems.map((p) => [p.line, p.code])).toEqual([
      [2, 'image_outside'],
      [3, 'image_outside'],
      [4, 'image_outside'],
    ]);
    expect(describeProblem('en', report.problems[0]!)).toBe(
      `line 2, Image Src: the image "../private/secret.png" is not inside the CSV file's folder (${shopDir})`,
    );
    // Named on purpose (--photos): paths are read from that folder, and still may not leave it.
    const named = await run(
      ['photo-g,庚,Sony,配件,PG-1,100,secret.png,1,', 'photo-j,癸,Sony,配件,PJ-1,100,../shop/ok.jpg,1,'],
      true,
      shopDir,
      privateDir,
    );
    expect(named.problems.map((p) => [p.line, p.code])).toEqual([[3, 'image_outside']]);
  });

  it('a dry run decodes every pixel: a photo cut short fails it as it would fail the import', async () => {
    const before = await dumpCatalog(shop.deps.db);
    const dry = await run([`photo-k,甲乙,Sony,配件,PK-1,100,${origin}/cut.png,1,`], true);
    expect(dry.problems.map((p) => [p.line, p.code])).toEqual([[2, 'image_broken']]);
    const real = await run([`photo-k,甲乙,Sony,配件,PK-1,100,${origin}/cut.png,1,`]);
    expect(real.problems.map((p) => [p.line, p.code])).toEqual([[2, 'image_broken']]);
    expect(await dumpCatalog(shop.deps.db)).toEqual(before);
  });
});
