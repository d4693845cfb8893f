import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketStore } from '../../../src/server/media/bucket-store.ts';
import { startS3, type TestS3 } from '../../helpers/s3-server.ts';
import { allowToolProcesses } from '../../helpers/tool-processes.ts';

allowToolProcesses();

const exec = promisify(execFile);
let s3: TestS3;
let dir: string;
let media: string;

/** `npm run catalog -- media sync` as the operator runs it. */
async function sync(env: Record<string, string>, lang = 'en_US.UTF-8') {
  const base: NodeJS.ProcessEnv = { ...process.env, SQLITE_PATH: join(dir, 'shop.sqlite'), MEDIA_DIR: media };
  delete base.DATABASE_URL;
  try {
    const { stdout, stderr } = await exec(process.execPath, ['scripts/catalog.ts', 'media', 'sync'], {
      env: { ...base, NODE_ENV: 'test', LANG: lang, LC_ALL: '', LC_MESSAGES: '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  s3 = await startS3();
  dir = mkdtempSync(join(tmpdir(), 'media-sync-'));
  media = join(dir, 'media');
  mkdirSync(join(media, 'products'), { recursive: true });
  mkdirSync(join(media, 'brands'), { recursive: true });
  for (const [key, fill] of [
    ['products/aaaaaaaaaaaaaaaaaaaa-480.webp', 1],
    ['products/aaaaaaaaaaaaaaaaaaaa-480.avif', 2],
    ['brands/bbbbbbbbbbbbbbbbbbbb-960.webp', 3],
  ] as const)
    writeFileSync(join(media, key), Buffer.alloc(1000, fill));
  // Not photos the shop serves: left where they are.
  writeFileSync(join(media, 'notes.txt'), 'kept by hand');
  writeFileSync(join(media, 'products', 'cccccccccccccccccccc-960.webp.123.tmp'), 'half');
});
afterAll(async () => {
  await s3.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const bucketEnv = () => ({
  MEDIA_S3_BUCKET: s3.place.bucket,
  MEDIA_S3_ENDPOINT: s3.endpoint,
  MEDIA_S3_REGION: 'us-east-1',
  MEDIA_S3_FORCE_PATH_STYLE: '1',
});

describe('npm run catalog -- media sync', () => {
  it('says which variables to set when no bucket is configured, in the locale of LANG', async () => {
    const en = await sync({});
    expect(en.code).toBe(2);
    expect(en.stderr).toContain('No bucket configured: set MEDIA_S3_BUCKET');
    const zh = await sync({}, 'zh_TW.UTF-8');
    expect(zh.stderr).toContain('尚未設定相片空間：請設定 MEDIA_S3_BUCKET');
  });

  it('copies the folder to the bucket, then copies nothing the second time, and only what changed after', async () => {
    const first = await sync(bucketEnv());
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Photos: 3 copied, 0 already there (skipped), 1 not photos (left alone)');
    const keys: string[] = [];
    for await (const o of bucketStore(s3.place).list()) keys.push(o.key);
    expect(keys).toEqual([
      'brands/bbbbbbbbbbbbbbbbbbbb-960.webp',
      'products/aaaaaaaaaaaaaaaaaaaa-480.avif',
      'products/aaaaaaaaaaaaaaaaaaaa-480.webp',
    ]);
    expect((await bucketStore(s3.place).head('products/aaaaaaaaaaaaaaaaaaaa-480.avif'))?.contentType).toBe(
      'image/avif',
    );

    const again = await sync(bucketEnv());
    expect(again.stdout).toContain('Photos: 0 copied, 3 already there (skipped)');

    // Same size, other bytes: the ETag tells them apart.
    writeFileSync(join(media, 'brands/bbbbbbbbbbbbbbbbbbbb-960.webp'), Buffer.alloc(1000, 9));
    const changed = await sync(bucketEnv(), 'zh_TW.UTF-8');
    expect(changed.stdout).toContain('相片：複製 1、已存在略過 2');
  });

  it('exits 1 and says how far it got when the bucket cannot be reached', async () => {
    await s3.stop();
    try {
      const down = await sync(bucketEnv());
      expect(down.code).toBe(1);
      expect(down.stderr).toContain('The bucket could not be reached or refused a photo');
      expect(down.stderr).toContain('0 copied so far');
    } finally {
      await s3.restart();
    }
  });
});
