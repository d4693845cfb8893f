import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaAttrs } from '../../../src/lib/media.ts';
import { createApp } from '../../../src/server/app.ts';
import { importCatalog } from '../../../src/server/catalog/admin/import-catalog.ts';
import { describeProblem } from '../../../src/server/catalog/admin/messages.ts';
import { photoResolver } from '../../../src/server/catalog/admin/photos.ts';
import type { Deps } from '../../../src/server/context.ts';
import { bucketStore } from '../../../src/server/media/bucket-store.ts';
import { folderStore } from '../../../src/server/media/folder-store.ts';
import { mediaStoreOf } from '../../../src/server/media/media-of.ts';
import type { MediaStore } from '../../../src/server/media/media-store.ts';
import { createSite } from '../../../src/server/site.ts';
import { dumpCatalog } from '../../helpers/catalog-tool.ts';
import { startS3, type TestS3 } from '../../helpers/s3-server.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

const CDN = 'https://cdn.example.com/shop';
let shop: TestShop;
let s3: TestS3;
let dir: string;

beforeAll(async () => {
  s3 = await startS3();
  dir = mkdtempSync(join(tmpdir(), 'catalog-bucket-'));
  // A folder of its own that nothing creates (the default ./data/media may be there from other work):
  // the test shows that a bucket import writes nothing into it.
  shop = await createTestShop({
    seeded: true,
    env: { MEDIA_PUBLIC_BASE: CDN, MEDIA_DIR: join(dir, 'media-folder-unused') },
  });
  for (const [name, colour] of [
    ['oak.jpg', '#a0522d'],
    ['pine.jpg', '#deb887'],
    ['ash.jpg', '#f5deb3'],
    ['elm.jpg', '#556b2f'],
  ])
    writeFileSync(
      join(dir, name),
      await sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
        .jpeg()
        .toBuffer(),
    );
});
afterAll(async () => {
  await s3.dispose();
  await shop.close();
  rmSync(dir, { recursive: true, force: true });
});

const HEADER = 'Handle,Title,Vendor,Type,Variant SKU,Variant Price,Image Src,Image Position,Image Alt Text';

async function run(rows: string[], media: MediaStore) {
  const file = join(dir, 'products.csv');
  writeFileSync(file, [HEADER, ...rows].join('\n'));
  return importCatalog(shop.deps.db, createReadStream(file), {
    dryRun: false,
    withdrawMissing: false,
    by: 'tester',
    subject: 'products.csv',
    now: Date.UTC(2026, 10, 27),
    resolveImage: photoResolver(file, media),
  });
}

/** Every stored photo the catalog names (`/media/<key>`), by key. */
async function namedKeys(): Promise<string[]> {
  const rows = await shop.deps.db.kysely.selectFrom('product_images').select('src').execute();
  return rows
    .map((r) => r.src)
    .filter((s) => s.startsWith('/media/'))
    .map((s) => s.slice('/media/'.length));
}

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describe('photos in a bucket', () => {
  it('stores every size and format in the bucket, serves them at /media/ from it, and links them at MEDIA_PUBLIC_BASE', async () => {
    const media = bucketStore(s3.place);
    const report = await run(['bucket-a,甲,Sony,配件,BA-1,100,oak.jpg,1,橡木'], media);
    expect(report.problems).toEqual([]);
    expect(report.applied).toBe(true);

    const [key] = await namedKeys();
    expect(key).toMatch(/^products\/[0-9a-f]{20}-960\.webp$/);
    const hash = key!.slice('products/'.length, -'-960.webp'.length);
    const listed = [];
    for await (const o of media.list(`products/${hash}`)) listed.push(o.key);
    expect(listed).toEqual(
      [480, 960, 1600].flatMap((w) => [`products/${hash}-${w}.avif`, `products/${hash}-${w}.webp`]).sort(),
    );
    expect(existsSync(shop.deps.env.MEDIA_DIR)).toBe(false);

    // The pages, feeds and answers give the public address; the database keeps the shop's own.
    const p = (await shop.call('GET', '/api/products/bucket-a')).json.result;
    expect(p.images[0].src).toBe(`${CDN}/${key}`);
    expect(mediaAttrs(p.images[0].src, '100vw')?.avif).toBe(
      [480, 960, 1600].map((w) => `${CDN}/products/${hash}-${w}.avif ${w}w`).join(', '),
    );
    const feed = (await shop.call('GET', '/api/catalog/feed-items')).json.result;
    expect(feed.find((i: { handle?: string; slug?: string }) => (i.handle ?? i.slug) === 'bucket-a')).toBeDefined();
    expect(JSON.stringify(feed)).toContain(`${CDN}/${key}`);
    expect(JSON.stringify(feed)).not.toContain(`"/media/${key}"`);

    // Without a public address, the shop streams the bucket's object with the folder's headers.
    const site = createSite({ api: shop.app, clientDir: join(dir, 'client'), buildCheckMs: 0, media });
    const res = await site.request(`/media/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(md5(body)).toBe((await media.head(key!))?.etag);
    const head = await site.request(`/media/products/${hash}-1600.avif`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type')]).toEqual([200, 'image/avif']);
    expect((await site.request(`/media/products/${'0'.repeat(20)}-960.webp`)).status).toBe(404);
    expect((await site.request('/media/..%2Fproducts.csv')).status).toBe(404);
  });

  it('answers 502 for a photo while the bucket is down, and serves it again once it is back', async () => {
    const media = bucketStore(s3.place);
    const [key] = await namedKeys();
    const site = createSite({ api: shop.app, clientDir: join(dir, 'client'), buildCheckMs: 0, media });
    await s3.stop();
    try {
      expect((await site.request(`/media/${key}`)).status).toBe(502);
    } finally {
      await s3.restart();
    }
    expect((await site.request(`/media/${key}`)).status).toBe(200);
  });

  it('refuses the import when the bucket is down, and changes nothing', async () => {
    const before = await dumpCatalog(shop.deps.db);
    await s3.stop();
    try {
      const report = await run(['bucket-b,乙,Sony,配件,BB-1,100,pine.jpg,1,'], bucketStore(s3.place));
      expect(report.applied).toBe(false);
      expect(report.problems.map((p) => [p.line, p.column, p.code])).toEqual([[2, 'Image Src', 'image_store_failed']]);
      expect(describeProblem('en', report.problems[0]!)).toContain('could not be saved to the photo store');
      expect(describeProblem('zh-TW', report.problems[0]!)).toContain('無法存入相片空間');
    } finally {
      await s3.restart();
    }
    expect(await dumpCatalog(shop.deps.db)).toEqual(before);
  });

  it('refuses the import when the bucket goes down part way, and no product points at a photo that is not there', async () => {
    const before = await dumpCatalog(shop.deps.db);
    const bucket = bucketStore(s3.place);
    let puts = 0;
    // The real bucket, closed after the import's first object is in.
    const closing: MediaStore = {
      ...bucket,
      async put(key, body, type) {
        await bucket.put(key, body, type);
        if (++puts === 1) await s3.stop();
      },
    };
    try {
      const report = await run(
        ['bucket-c,丙,Sony,配件,BC-1,100,ash.jpg,1,', 'bucket-d,丁,Sony,配件,BD-1,100,elm.jpg,1,'],
        closing,
      );
      expect(report.applied).toBe(false);
      expect(report.problems.map((p) => [p.line, p.code])).toEqual([
        [2, 'image_store_failed'],
        [3, 'image_store_failed'],
      ]);
    } finally {
      await s3.restart();
    }
    expect(puts).toBeGreaterThan(0);
    expect(await dumpCatalog(shop.deps.db)).toEqual(before);
    for (const key of await namedKeys()) expect(await bucket.head(key), key).not.toBeNull();
  });

  it('shows a photo imported on one instance from another one (one database, one bucket, a folder each)', async () => {
    // Two instances as the environment makes them: their own MEDIA_DIR, the same bucket, no public base.
    const instance = (name: string) => {
      const env = {
        ...shop.deps.env,
        MEDIA_DIR: join(dir, `${name}-media`),
        MEDIA_S3_BUCKET: s3.place.bucket,
        MEDIA_S3_ENDPOINT: s3.endpoint,
        MEDIA_S3_REGION: 'us-east-1',
        MEDIA_S3_FORCE_PATH_STYLE: '1' as const,
        MEDIA_PUBLIC_BASE: undefined,
      };
      const deps: Deps = { ...shop.deps, db: shop.openAnother(), env };
      const site = createSite({
        api: createApp(deps),
        clientDir: join(dir, 'client'),
        buildCheckMs: 0,
        media: mediaStoreOf(env),
      });
      return { env, deps, site };
    };
    const a = instance('a');
    const b = instance('b');
    try {
      const report = await run(['bucket-e,戊,Sony,配件,BE-1,100,elm.jpg,1,'], mediaStoreOf(a.env));
      expect(report.problems).toEqual([]);
      const p = (await (await b.site.request('/api/products/bucket-e')).json()).result;
      expect(p.images[0].src).toMatch(/^\/media\/products\/[0-9a-f]{20}-960\.webp$/);
      const res = await b.site.request(p.images[0].src);
      expect(res.status).toBe(200);
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('webp');
      // With a folder each (no bucket), the other instance would not have it.
      expect(existsSync(a.env.MEDIA_DIR)).toBe(false);
      const folderOnly = createSite({
        api: shop.app,
        clientDir: join(dir, 'client'),
        buildCheckMs: 0,
        media: folderStore(b.env.MEDIA_DIR),
      });
      expect((await folderOnly.request(p.images[0].src)).status).toBe(404);
    } finally {
      await a.deps.db.close();
      await b.deps.db.close();
    }
  });
});
