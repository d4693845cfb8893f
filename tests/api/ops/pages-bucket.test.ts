import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { link } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bucketLatest,
  changedFiles,
  localManifest,
  manifestKey,
  objectHeaders,
  type PageBucket,
  type PageFile,
  pageBucket,
  parseManifest,
  pullRelease,
  uploadRelease,
} from '../../../scripts/lib/page-bucket.ts';
import { RebuildScheduler } from '../../../scripts/lib/rebuild-scheduler.ts';
import { liveBuild, newReleaseDir, publish, sealRelease, writeLowerLayer } from '../../../scripts/lib/releases.ts';
import { catalogFingerprint } from '../../../src/server/catalog/fingerprint.ts';
import type { Db } from '../../../src/server/db/index.ts';
import { editPrice } from '../../helpers/catalog-tool.ts';
import { startS3, type TestS3 } from '../../helpers/s3-server.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

const f = (size: number, md5: string): PageFile => ({ size, md5 });

describe('which files a release uploads', () => {
  it('those new or with other bytes, and the paths gone since the release the bucket holds', () => {
    const held = { 'a.html': f(3, 'aa'), 'b.html': f(3, 'bb'), 'gone.html': f(1, 'gg'), 'same-size.js': f(5, 'x1') };
    const next = { 'a.html': f(3, 'aa'), 'b.html': f(4, 'b2'), 'new.html': f(2, 'nn'), 'same-size.js': f(5, 'x2') };
    expect(changedFiles(next, held)).toEqual({
      changed: ['b.html', 'new.html', 'same-size.js'],
      removed: ['gone.html'],
    });
    // An empty bucket: everything.
    expect(changedFiles(next, null)).toEqual({ changed: Object.keys(next).sort(), removed: [] });
    expect(changedFiles(held, held)).toEqual({ changed: [], removed: [] });
  });

  it('refuses a manifest with a path that climbs out of the release or a file without its hash', () => {
    const ok = { id: 'b1', fingerprint: 'fp', files: { 'en/index.html': f(1, 'aa') } };
    expect(parseManifest(JSON.stringify(ok))).toEqual(ok);
    for (const rel of ['../etc/passwd', 'a//b', '/abs', 'a\\b', './x'])
      expect(parseManifest(JSON.stringify({ ...ok, files: { [rel]: f(1, 'aa') } }))).toBeNull();
    expect(parseManifest(JSON.stringify({ ...ok, files: { 'a.html': { size: 1 } } }))).toBeNull();
    expect(parseManifest('{')).toBeNull();
  });

  it('stores each file with the content type and cache rule the site server gives it, a twin as compressed bytes', () => {
    expect(objectHeaders('products/x/index.html')).toEqual({
      ContentType: 'text/html; charset=utf-8',
      CacheControl: 'no-cache',
    });
    expect(objectHeaders('products/x/index.html.br')).toEqual({
      ContentType: 'application/octet-stream',
      CacheControl: 'no-cache',
    });
    expect(objectHeaders('_astro/app.1a2b.js.gz')).toEqual({
      ContentType: 'application/gzip',
      CacheControl: 'public, max-age=31536000, immutable',
    });
    expect(objectHeaders('builds/latest.json').CacheControl).toBe('no-cache');
    expect(objectHeaders('favicon.svg')).toEqual({
      ContentType: 'image/svg+xml',
      CacheControl: 'public, max-age=86400',
    });
  });
});

let s3: TestS3;
let bucket: PageBucket;
let root: string;
let n = 0;

/**
 * A complete release of `files` in `dist`, as scripts/build.ts leaves it: a file with the same bytes
 * as in `base` is linked from it (as the incremental build links unchanged pages), the others written.
 */
async function makeRelease(dist: string, files: Record<string, string>, base: string | null, fingerprint = 'fp') {
  const dir = `${newReleaseDir(dist)}-${++n}`;
  for (const [rel, text] of Object.entries(files)) {
    const to = join(dir, 'client', rel);
    mkdirSync(dirname(to), { recursive: true });
    const from = base ? join(base, 'client', rel) : null;
    if (from && existsSync(from) && readFileSync(from, 'utf8') === text) await link(from, to);
    else writeFileSync(to, text);
  }
  await sealRelease(dir, `build-${n}`, fingerprint);
  return dir;
}

const served = (dist: string, rel: string) => readFileSync(join(dist, 'client', rel), 'utf8');
const releases = (dist: string) => readdirSync(join(dist, 'releases')).length;

beforeAll(async () => {
  s3 = await startS3('shop-pages');
  bucket = pageBucket(s3.place);
  root = mkdtempSync(join(tmpdir(), 'shop-pages-bucket-'));
});
afterAll(async () => {
  await s3.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe('one build, every instance: releases through the pages bucket', () => {
  const a = () => join(root, 'a');
  const b = () => join(root, 'b');
  const v1 = {
    'index.html': '<h1>Home</h1>',
    'index.html.br': 'br-home',
    'products/jbl/index.html': '<p>NT$4,290</p>',
    '_astro/app.js': 'console.log(1)',
    'old.html': '<p>old</p>',
  };
  const v2 = { ...v1, 'products/jbl/index.html': '<p>NT$3,990</p>', 'new/index.html': '<p>new</p>' } as Record<
    string,
    string
  >;
  delete v2['old.html'];
  let r1 = '';
  let r2 = '';

  it('the first release goes up whole, marker last; another instance takes it and serves the same files', async () => {
    r1 = await makeRelease(a(), v1, null);
    await publish(a(), r1);
    const keys: string[] = [];
    const sent = await uploadRelease(bucket, r1, null, (key) => keys.push(key));
    expect(sent).toMatchObject({ uploaded: 5, removed: 0, files: 5 });
    expect(keys.slice(-2)).toEqual([manifestKey('build-1'), 'builds/latest.json']);
    expect((await bucketLatest(bucket))?.id).toBe('build-1');

    const pulled = await pullRelease(b(), bucket);
    expect(pulled).toEqual({ result: 'pulled', id: 'build-1', downloaded: 5, linked: 0 });
    expect(liveBuild(b())).toMatchObject({ buildId: 'build-1', fingerprint: 'fp' });
    for (const [rel, text] of Object.entries(v1)) expect(served(b(), rel)).toBe(text);
    expect(await pullRelease(b(), bucket)).toEqual({ result: 'current', id: 'build-1' });
  });

  it('the next release uploads only what changed and removes what is gone; the other instance downloads only those', async () => {
    r2 = await makeRelease(a(), v2, r1, 'fp2');
    const keys: string[] = [];
    const sent = await uploadRelease(bucket, r2, r1, (key) => keys.push(key));
    expect(sent).toMatchObject({ uploaded: 2, removed: 1, files: 5 });
    expect(keys.slice(0, 2).sort()).toEqual(['new/index.html', 'products/jbl/index.html']);
    expect(await bucket.get('old.html')).toBeNull();
    await publish(a(), r2);

    const before = liveBuild(b())!;
    const pulled = await pullRelease(b(), bucket);
    expect(pulled).toEqual({ result: 'pulled', id: 'build-2', downloaded: 2, linked: 3 });
    expect(liveBuild(b())).toMatchObject({ buildId: 'build-2', fingerprint: 'fp2' });
    expect(served(b(), 'products/jbl/index.html')).toBe('<p>NT$3,990</p>');
    expect(served(b(), 'new/index.html')).toBe('<p>new</p>');
    expect(existsSync(join(b(), 'client', 'old.html'))).toBe(false);
    // The unchanged files are the live release's, linked, not copies.
    expect(statSync(join(b(), 'client', 'index.html')).ino).toBe(
      statSync(join(before.dir, 'client', 'index.html')).ino,
    );
    expect(localManifest(liveBuild(b())!.dir)?.id).toBe('build-2');
  });

  it('a publish that fails part way (the bucket down) names no new release: the other instance keeps serving the one before', async () => {
    const v3 = { ...v2, 'products/jbl/index.html': '<p>NT$3,490</p>', 'a.html': 'a', 'b.html': 'b' };
    const r3 = await makeRelease(a(), v3, r2, 'fp3');
    const keys: string[] = [];
    await expect(
      uploadRelease(bucket, r3, r2, (key) => {
        keys.push(key);
        if (keys.length === 1) void s3.stop();
      }),
    ).rejects.toThrow();
    expect(keys).not.toContain('builds/latest.json');
    // While the bucket is down, the other instance cannot look: its live release stays, nothing left behind.
    const count = releases(b());
    await expect(pullRelease(b(), bucket)).rejects.toThrow();
    expect(releases(b())).toBe(count);
    await s3.restart();
    expect((await bucketLatest(bucket))?.id).toBe('build-2');
    expect(await pullRelease(b(), bucket)).toEqual({ result: 'current', id: 'build-2' });
    expect(served(b(), 'products/jbl/index.html')).toBe('<p>NT$3,990</p>');
    // The next attempt uploads against what the bucket names (build 2), the half-sent file again.
    const sent = await uploadRelease(bucket, r3, r2);
    expect(sent).toMatchObject({ uploaded: 3, removed: 0 });
    expect(await pullRelease(b(), bucket)).toMatchObject({ result: 'pulled', id: 'build-3', downloaded: 3 });
    expect(served(b(), 'products/jbl/index.html')).toBe('<p>NT$3,490</p>');
    // A new instance, with nothing live, takes all of it.
    expect(await pullRelease(join(root, 'c'), bucket)).toMatchObject({
      result: 'pulled',
      id: 'build-3',
      downloaded: 7,
    });
  });

  it('a release named without its manifest is not taken, and the next release goes up whole', async () => {
    const v5 = { ...v2, 'products/jbl/index.html': '<p>NT$2,490</p>' };
    const r5 = await makeRelease(a(), v5, null, 'fp5');
    await uploadRelease(bucket, r5, null);
    await bucket.delete(manifestKey(`build-${n}`));
    const live = liveBuild(b());
    await expect(pullRelease(b(), bucket)).rejects.toThrow(/manifest of build/);
    expect(liveBuild(b())).toEqual(live);
    const r6 = await makeRelease(a(), v5, r5, 'fp6');
    expect(await uploadRelease(bucket, r6, r5)).toMatchObject({ uploaded: Object.keys(v5).length });
    expect(await pullRelease(b(), bucket)).toMatchObject({ result: 'pulled', id: `build-${n}` });
  });

  it('a release whose file was replaced while it downloads is refused, and the live release stays', async () => {
    const v4 = { ...v2, 'products/jbl/index.html': '<p>NT$2,990</p>' };
    const r4 = await makeRelease(a(), v4, null, 'fp4');
    // A newer release's file sent over it while build 4 is the one named.
    await uploadRelease(bucket, r4, null);
    await bucket.put('products/jbl/index.html', Buffer.from('<p>NT$1</p>'), 'products/jbl/index.html');
    const live = liveBuild(b());
    const count = releases(b());
    await expect(pullRelease(b(), bucket)).rejects.toThrow(/products\/jbl\/index.html/);
    expect(liveBuild(b())).toEqual(live);
    expect(releases(b())).toBe(count);
  });
});

describe('a release over a base (scripts/lib/releases.ts) through the pages bucket', () => {
  /** A release of `own` (path → text) reading `lower` from the release `base`, as an edit's rebuild leaves it. */
  async function releaseOver(dist: string, base: string, own: Record<string, string>, lower: string[], fp: string) {
    const dir = `${newReleaseDir(dist)}-${++n}`;
    for (const [rel, text] of Object.entries(own)) {
      mkdirSync(dirname(join(dir, 'client', rel)), { recursive: true });
      writeFileSync(join(dir, 'client', rel), text);
    }
    await writeLowerLayer(dir, base, lower, Object.keys(own).length);
    await sealRelease(dir, `build-${n}`, fp);
    return dir;
  }

  it('uploads what changed, the pages read from the base included in its manifest; an instance serving such a release links from its base', async () => {
    const s3b = await startS3('shop-pages-layers');
    const layered = pageBucket(s3b.place);
    try {
      const a = join(root, 'layers-a');
      const full = {
        'index.html': '<h1>Home</h1>',
        'index.html.br': 'br-home',
        'products/jbl/index.html': '<p>NT$4,290</p>',
        'old/index.html': '<p>withdrawn</p>',
      };
      const base = await makeRelease(a, full, null);
      await publish(a, base);
      await uploadRelease(layered, base, null);

      // Over the base: the price edited, a page withdrawn (not listed), home read from the base.
      const over = await releaseOver(a, base, { 'products/jbl/index.html': '<p>NT$3,990</p>' }, ['index.html'], 'fp2');
      const sent = await uploadRelease(layered, over, base);
      expect(sent).toMatchObject({ uploaded: 1, removed: 1, files: 3 });
      expect(Object.keys(localManifest(over)?.files ?? {}).sort()).toEqual([
        'index.html',
        'index.html.br',
        'products/jbl/index.html',
      ]);
      expect(await layered.get('old/index.html')).toBeNull();
      await publish(a, over);

      // Another edit over the same base; an instance whose live release reads from that base takes it.
      const next = await releaseOver(a, base, { 'products/jbl/index.html': '<p>NT$3,490</p>' }, ['index.html'], 'fp3');
      await uploadRelease(layered, next, over);
      // `a` serves `over` still: it takes `next` from the bucket as any other instance would.
      const pulled = await pullRelease(a, layered);
      expect(pulled).toMatchObject({ result: 'pulled', downloaded: 1, linked: 2 });
      expect(served(a, 'index.html')).toBe('<h1>Home</h1>');
      expect(served(a, 'index.html.br')).toBe('br-home');
      expect(served(a, 'products/jbl/index.html')).toBe('<p>NT$3,490</p>');
      expect(statSync(join(a, 'client', 'index.html')).ino).toBe(statSync(join(base, 'client', 'index.html')).ino);
    } finally {
      await s3b.dispose();
    }
  });
});

describe('the rebuild schedule with a pages bucket', () => {
  let shop: TestShop;
  let other: Db;
  let own: TestS3;
  let now = Date.UTC(2026, 10, 27, 2);

  beforeAll(async () => {
    shop = await createTestShop({ seeded: true });
    other = shop.openAnother();
    own = await startS3('shop-pages-2');
  });
  afterAll(async () => {
    await other.close();
    await shop.close();
    await own.dispose();
  });

  it('two instances on one database and one bucket: an edit renders once, the other takes the release', async () => {
    const pages = pageBucket(own.place);
    const distA = mkdtempSync(join(root, 'sched-a-'));
    const distB = mkdtempSync(join(root, 'sched-b-'));
    let renders = 0;
    /** What scripts/build.ts does: a new release of the catalog as it is, uploaded, then put live. */
    const build = (db: Db, dist: string) => async () => {
      renders++;
      const live = liveBuild(dist);
      const { fingerprint } = await catalogFingerprint(db);
      const dir = await makeRelease(
        dist,
        { 'index.html': `<p>${fingerprint}</p>`, 'x.js': 'x' },
        live?.dir ?? null,
        fingerprint,
      );
      await uploadRelease(pages, dir, live?.dir ?? null);
      await publish(dist, dir);
    };
    const schedule = (db: Db, dist: string) =>
      new RebuildScheduler({
        db,
        dist,
        checkSeconds: 30,
        now: () => now,
        build: build(db, dist),
        bucket: pages,
        log: () => {},
      });
    /** An owner's price edit, as the catalog tool makes it. */
    const edit = (price: number) => editPrice(shop.deps.db, 'JBL-FLIP7-BLA', price, now);
    const sa = schedule(shop.deps.db, distA);
    const sb = schedule(other, distB);
    // A first build for A (nothing live), then B takes it.
    expect(await sa.check()).toBe('built');
    expect(await sb.check()).toBe('pulled');
    expect(renders).toBe(1);
    await edit(3290);
    now += 1_000;
    expect(await sb.poll()).toBe('built');
    expect(await sa.poll()).toBe('pulled');
    expect(renders).toBe(2);
    expect(liveBuild(distA)?.buildId).toBe(liveBuild(distB)?.buildId);
    const { fingerprint } = await catalogFingerprint(shop.deps.db);
    expect(served(distA, 'index.html')).toBe(`<p>${fingerprint}</p>`);
    expect([await sa.check(), await sb.check()]).toEqual(['unchanged', 'unchanged']);
    expect(renders).toBe(2);

    // The bucket down: the rebuild fails before anything goes live, here or there.
    const live = liveBuild(distA)?.buildId;
    await own.stop();
    await edit(3190);
    now += 1_000;
    expect(await sa.poll()).toBe('failed');
    expect(await sb.poll()).toBe('failed');
    expect([liveBuild(distA)?.buildId, liveBuild(distB)?.buildId]).toEqual([live, live]);
    await own.restart();
    expect((await bucketLatest(pages))?.id).toBe(live);
    // At the next periodic check one renders and uploads, the other takes it.
    now += 30_000;
    const results = [await sa.check(), await sb.check()];
    expect(results).toEqual(['built', 'pulled']);
    expect(liveBuild(distB)?.buildId).toBe(liveBuild(distA)?.buildId);
    expect(liveBuild(distA)?.buildId).not.toBe(live);
  });
});
