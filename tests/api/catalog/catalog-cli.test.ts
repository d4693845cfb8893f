import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDb } from '../../../src/server/db/index.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import { seed } from '../../../src/server/seed/seed.ts';
import { fixture } from '../../helpers/catalog-tool.ts';
import { allowToolProcesses } from '../../helpers/tool-processes.ts';

// Each command is a process of its own that loads the shop's code first: a test that runs several takes
// up to about 10 s on a quiet machine and 24 s seen while other work shared it. A safety net, not a measure.
vi.setConfig({ testTimeout: 120_000 });

allowToolProcesses();

const run = promisify(execFile);
let dir: string;
let env: NodeJS.ProcessEnv;

/** `npm run catalog -- ...` as the owner runs it, on an embedded database of its own. */
async function catalog(args: string[], lang = 'en_US.UTF-8') {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/catalog.ts', ...args], {
      env: { ...env, LANG: lang, LC_ALL: '', LC_MESSAGES: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'catalog-cli-'));
  env = { ...process.env, SQLITE_PATH: join(dir, 'shop.sqlite'), MEDIA_DIR: join(dir, 'media'), NODE_ENV: 'test' };
  delete env.DATABASE_URL;
  // The demo shop: the fixtures name its brands and photos.
  const db = openDb({ sqlitePath: env.SQLITE_PATH! });
  await migrate(db);
  await seed(db, { logN: 10 });
  await db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run catalog', () => {
  it('exits 1 and says why in the locale of LANG when a row is refused', async () => {
    const zh = await catalog(['import', fixture('shopify-bad-rows.csv')], 'zh_TW.UTF-8');
    expect(zh.code).toBe(1);
    expect(zh.stderr).toContain('第 4 行，Variant Price：「15990.50」不是整數新台幣金額');
    expect(zh.stderr).toContain('拒絕匯入：3 個問題，未做任何變更。');
    const en = await catalog(['import', fixture('shopify-bad-rows.csv')]);
    expect(en.code).toBe(1);
    expect(en.stderr).toContain('line 5, Variant Inventory Qty: "-1" is not a whole number of 0 or more');
  });

  it('exits 0 on a clean dry run and on an import, then exports and edits with a log', async () => {
    const dry = await catalog(['import', fixture('shopify-template.csv'), '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('Dry run: no problem found');
    const done = await catalog(['import', fixture('shopify-template.csv')]);
    expect(done.code).toBe(0);
    expect(done.stdout).toContain('Products: 2 created');
    expect(done.stdout).toContain('Brand created: aurora (極光音響)');
    const out = join(dir, 'export.csv');
    expect((await catalog(['export', '--out', out])).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('aurora-one-speaker');
    expect((await catalog(['price', 'AUR-ONE-WAL-S', '9990', '--by', '店長'])).stdout).toContain('12990 → 9990');
    expect((await catalog(['log'])).stdout).toMatch(/店長 {2}price {2}AUR-ONE-WAL-S {2}12990 → 9990/);
  });

  it('lists reviews, and says what is wrong with a bad or unknown flag (exit 2) or an unknown product (exit 1)', async () => {
    const none = await catalog(['reviews', '--stars', '1-2']);
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('No reviews match.\n');
    const zh = await catalog(['reviews', '--stars', '0-9'], 'zh_TW.UTF-8');
    expect(zh.code).toBe(2);
    expect(zh.stderr).toContain('--stars 要寫 1 到 5 的星數');
    const unknownFlag = await catalog(['reviews', '--star', '2']);
    expect(unknownFlag.code).toBe(2);
    expect(unknownFlag.stderr).toContain("Unknown option '--star'");
    expect(unknownFlag.stderr).toContain('npm run catalog -- reviews [--product <slug>]');
    const noValue = await catalog(['reviews', '--product']);
    expect(noValue.code).toBe(2);
    expect(noValue.stderr).toContain('--product');
    const noProduct = await catalog(['reviews', '--product', 'no-such-speaker']);
    expect(noProduct.code).toBe(1);
    expect(noProduct.stderr).toContain('No product has the slug "no-such-speaker".');
  });

  it('exits 1 on a refused edit and 2 on wrong usage', async () => {
    expect((await catalog(['stock', 'NOPE', '3'])).code).toBe(1);
    expect((await catalog(['frobnicate'])).code).toBe(2);
  });

  it('refuses an empty file, and --withdraw-missing of most of the catalog without --yes', async () => {
    const empty = join(dir, 'empty.csv');
    writeFileSync(empty, '');
    const dry = await catalog(['import', empty, '--withdraw-missing', '--dry-run']);
    expect(dry.code).toBe(1);
    expect(dry.stderr).toContain('line 1, Handle: the required column Handle is missing');
    expect(dry.stdout).not.toContain('no problem found');
    const headerOnly = join(dir, 'header-only.csv');
    writeFileSync(headerOnly, 'Handle,Title,Variant SKU,Variant Price\n');
    const guarded = await catalog(['import', headerOnly, '--withdraw-missing'], 'zh_TW.UTF-8');
    expect(guarded.code).toBe(1);
    expect(guarded.stderr).toMatch(/--withdraw-missing 將下架 \d+ 件商品，超過販售中 \d+ 件的一半/);
    const meant = await catalog(['import', headerOnly, '--withdraw-missing', '--yes', '--dry-run']);
    expect(meant.code).toBe(0);
    expect(meant.stdout).toContain('Withdrawn (absent from the file)');
  });

  it('says how to save a Big5 file as UTF-8', async () => {
    const file = join(dir, 'big5.csv');
    // "Handle,Title" then a row whose title is 中文 in Big5.
    writeFileSync(
      file,
      Buffer.concat([Buffer.from('Handle,Title\nbig5-row,'), Buffer.from([0xa4, 0xa4, 0xa4, 0xe5, 0x0a])]),
    );
    const zh = await catalog(['import', file, '--dry-run'], 'zh_TW.UTF-8');
    expect(zh.code).toBe(1);
    expect(zh.stderr).toContain('第 2 行：此行起不是 UTF-8 文字，看來是 Big5 編碼');
    expect(zh.stderr).toContain('CSV UTF-8（逗號分隔）(*.csv)');
  });
});
