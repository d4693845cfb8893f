import { execFile } from 'node:child_process';
import { createReadStream, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../../../src/server/catalog/admin/import-catalog.ts';
import { photoResolver } from '../../../src/server/catalog/admin/photos.ts';
import { type Db, openDb } from '../../../src/server/db/index.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import { folderStore } from '../../../src/server/media/folder-store.ts';
import { mediaKeysNamed, writeMediaManifest } from '../../../src/server/media/media-manifest.ts';
import { seed } from '../../../src/server/seed/seed.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { allowToolProcesses } from '../../helpers/tool-processes.ts';

allowToolProcesses();

const exec = promisify(execFile);
let shop: TestShop;
let dir: string;

beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  dir = mkdtempSync(join(tmpdir(), 'media-manifest-'));
  writeFileSync(
    join(dir, 'maple.jpg'),
    await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c04000' } })
      .jpeg()
      .toBuffer(),
  );
  writeFileSync(
    join(dir, 'products.csv'),
    [
      'Handle,Title,Vendor,Type,Variant SKU,Variant Price,Image Src,Image Position',
      'maple-a,楓,Sony,配件,MA-1,100,maple.jpg,1',
    ].join('\n'),
  );
});
afterAll(async () => {
  await shop.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Imports the maple photo into `db`, storing it in `media`; its hash. */
async function importMaple(db: Db, media: string): Promise<string> {
  const file = join(dir, 'products.csv');
  const report = await importCatalog(db, createReadStream(file), {
    dryRun: false,
    withdrawMissing: false,
    by: 'tester',
    subject: 'products.csv',
    now: Date.UTC(2026, 10, 27),
    resolveImage: photoResolver(file, folderStore(media)),
  });
  expect(report.problems).toEqual([]);
  const img = await db.kysely
    .selectFrom('product_images')
    .select('src')
    .where('src', 'like', '/media/%')
    .executeTakeFirstOrThrow();
  return /products\/([0-9a-f]{20})-960\.webp$/.exec(img.src)![1]!;
}

const everySize = (hash: string) =>
  [480, 960, 1600].flatMap((w) => [`products/${hash}-${w}.avif`, `products/${hash}-${w}.webp`]).sort();

describe("a backup's media list", () => {
  it('names every size and format of each stored photo, and the photos inside descriptions', async () => {
    expect(await mediaKeysNamed(shop.deps.db)).toEqual([]);
    const hash = await importMaple(shop.deps.db, join(dir, 'media'));
    await shop.deps.db.kysely
      .updateTable('products')
      .set({ description_en: '<p>Grain: <img src="/media/inline/grain.png" alt=""></p>' })
      .where('slug', '=', 'maple-a')
      .execute();
    const keys = await mediaKeysNamed(shop.deps.db);
    expect(keys).toEqual([...everySize(hash), 'inline/grain.png'].sort());

    const { file, keys: n } = writeMediaManifest(
      join(dir, 'shop-20261127-010000.sqlite'),
      [...keys, ...keys],
      'folder ./data/media',
    );
    expect([file, n]).toEqual([join(dir, 'shop-20261127-010000.media.txt'), 7]);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines.slice(0, 2)).toEqual([
      '# The photos shop-20261127-010000.sqlite names, one key a line (every size and format)',
      '# store: folder ./data/media',
    ]);
    expect(lines.slice(2)).toEqual(keys);
  });

  it('is written beside the database by npm run db:backup', async () => {
    const sqlitePath = join(dir, 'cli.sqlite');
    const db = openDb({ sqlitePath });
    await migrate(db);
    await seed(db, { logN: 10 });
    const hash = await importMaple(db, join(dir, 'cli-media'));
    await db.close();
    const out = join(dir, 'backups');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SQLITE_PATH: sqlitePath,
      MEDIA_DIR: join(dir, 'cli-media'),
      NODE_ENV: 'test',
    };
    delete env.DATABASE_URL;
    delete env.MEDIA_S3_BUCKET;
    const { stdout } = await exec(process.execPath, ['scripts/db-backup.ts', '--out', out], { env });
    expect(stdout).toMatch(/Media list written: .*\.media\.txt \(6 objects, in the folder /);
    const files = readdirSync(out).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^shop-\d{8}-\d{6}\.media\.txt$/);
    expect(files[1]).toBe(files[0]!.replace('.media.txt', '.sqlite'));
    expect(readFileSync(join(out, files[0]!), 'utf8').trimEnd().split('\n').slice(2)).toEqual(everySize(hash));
  });
});
