import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketStore } from '../../../src/server/media/bucket-store.ts';
import { folderStore } from '../../../src/server/media/folder-store.ts';
import { type MediaStore, mediaKeyOk } from '../../../src/server/media/media-store.ts';
import { startS3, type TestS3 } from '../../helpers/s3-server.ts';

let s3: TestS3;
let dir: string;
beforeAll(async () => {
  s3 = await startS3();
  dir = mkdtempSync(join(tmpdir(), 'media-store-'));
});
afterAll(async () => {
  await s3.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const bytes = (n: number, fill: number) => Buffer.alloc(n, fill);
const read = async (store: MediaStore, key: string) => {
  const got = await store.get(key);
  return got && { ...got, body: Buffer.from(await new Response(got.body).arrayBuffer()) };
};
const keys = async (store: MediaStore, prefix?: string) => {
  const out: { key: string; size: number }[] = [];
  for await (const o of store.list(prefix)) out.push(o);
  return out;
};

// The same cases against both: what the import and the /media/ route rely on, whatever the store.
describe.each([
  ['folder', () => folderStore(join(dir, 'media'))],
  ['bucket', () => bucketStore(s3.place)],
] as const)('the media store: %s', (_name, make) => {
  let store: MediaStore;
  beforeAll(() => {
    store = make();
  });

  it('gives back what was put, with its content type, size and MD5', async () => {
    const body = bytes(3000, 7);
    await store.put('products/aaaa-480.webp', body, 'image/webp');
    const got = await read(store, 'products/aaaa-480.webp');
    expect(got).toMatchObject({ size: 3000, contentType: 'image/webp' });
    expect(got?.body.equals(body)).toBe(true);
    expect(await store.head('products/aaaa-480.webp')).toEqual({
      size: 3000,
      contentType: 'image/webp',
      etag: md5(body),
    });
    await store.put('products/aaaa-480.avif', bytes(10, 1), 'image/avif');
    expect((await store.head('products/aaaa-480.avif'))?.contentType).toBe('image/avif');
  });

  it('replaces an object put again under the same key', async () => {
    await store.put('products/bbbb-960.webp', bytes(500, 1), 'image/webp');
    const second = bytes(200, 2);
    await store.put('products/bbbb-960.webp', second, 'image/webp');
    const got = await read(store, 'products/bbbb-960.webp');
    expect(got?.size).toBe(200);
    expect(got?.body.equals(second)).toBe(true);
    expect((await store.head('products/bbbb-960.webp'))?.etag).toBe(md5(second));
  });

  it('answers null for a missing key, and deleting one is no error', async () => {
    expect(await store.get('products/none-960.webp')).toBeNull();
    expect(await store.get('products/aaaa-480.webp/under-a-photo.webp')).toBeNull();
    expect(await store.head('products/none-960.webp')).toBeNull();
    await expect(store.delete('products/none-960.webp')).resolves.toBeUndefined();
  });

  it('lists the keys under a prefix in order with their sizes, and forgets a deleted one', async () => {
    await store.put('brands/cccc-480.webp', bytes(42, 3), 'image/webp');
    expect(await keys(store, 'products/')).toEqual([
      { key: 'products/aaaa-480.avif', size: 10 },
      { key: 'products/aaaa-480.webp', size: 3000 },
      { key: 'products/bbbb-960.webp', size: 200 },
    ]);
    expect((await keys(store)).map((o) => o.key)).toContain('brands/cccc-480.webp');
    await store.delete('products/aaaa-480.avif');
    expect(await store.head('products/aaaa-480.avif')).toBeNull();
    expect((await keys(store, 'products/')).map((o) => o.key)).toEqual([
      'products/aaaa-480.webp',
      'products/bbbb-960.webp',
    ]);
  });
});

describe('the bucket store', () => {
  it('throws when the server refuses the credentials (the signature is checked)', async () => {
    const saved = process.env.AWS_SECRET_ACCESS_KEY;
    process.env.AWS_SECRET_ACCESS_KEY = 'not-the-key';
    try {
      await expect(bucketStore(s3.place).put('products/x-480.webp', bytes(1, 1), 'image/webp')).rejects.toMatchObject({
        name: 'SignatureDoesNotMatch',
      });
    } finally {
      process.env.AWS_SECRET_ACCESS_KEY = saved;
    }
  });

  it('throws for a bucket that does not exist, rather than answering "missing"', async () => {
    await expect(
      bucketStore({ ...s3.place, bucket: 'no-such-bucket' }).get('products/x-480.webp'),
    ).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });
});

describe('media keys', () => {
  it('accepts a photo under a folder and refuses steps out, odd characters and other types', () => {
    expect(mediaKeyOk('products/0123456789abcdef0123-960.webp')).toBe(true);
    expect(mediaKeyOk('品牌/標誌 2.png')).toBe(true);
    for (const bad of [
      '../x.webp',
      'products/../../x.webp',
      '/abs.webp',
      'a//b.webp',
      'x.csv',
      'a\\b.webp',
      'a\nb.webp',
      '',
    ])
      expect(mediaKeyOk(bad)).toBe(false);
  });
});
