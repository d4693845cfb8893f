/**
 * `npm run bench:catalog [-- --products <n>]`: imports a generated Shopify product CSV of 10,000
 * products with 3 variants each into a fresh embedded database (and into a fresh PostgreSQL database
 * on the server of DATABASE_URL when it is set), then imports it again (nothing changes), and prints
 * the time and the peak memory of each. Never the shop's own database.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { importCatalog, noPhotos } from '../src/server/catalog/admin/import-catalog.ts';
import { type Db, openDb } from '../src/server/db/index.ts';
import { migrate } from '../src/server/db/migrate.ts';

const { values } = parseArgs({ options: { products: { type: 'string', default: '10000' } } });
const PRODUCTS = Number(values.products);
const VARIANTS = 3;
const BRANDS = 40;
const TYPES = 12;

const cell = (s: string | number) => (/[",\n]/.test(String(s)) ? `"${String(s).replace(/"/g, '""')}"` : String(s));

async function writeCsv(file: string, priceShift = 0): Promise<void> {
  const out = createWriteStream(file);
  const line = (cells: (string | number)[]) => out.write(`${cells.map(cell).join(',')}\n`);
  line([
    'Handle',
    'Title',
    'Body (HTML)',
    'Vendor',
    'Type',
    'Tags',
    'Published',
    'Option1 Name',
    'Option1 Value',
    'Variant SKU',
    'Variant Grams',
    'Variant Inventory Qty',
    'Variant Price',
    'Variant Compare At Price',
    'Title (en)',
  ]);
  const colours = ['黑色', '白色', '胡桃木'];
  for (let p = 0; p < PRODUCTS; p++) {
    for (let v = 0; v < VARIANTS; v++) {
      const first = v === 0;
      const ok = line([
        `bench-product-${p}`,
        first ? `測試商品 ${p} "旗艦" 版` : '',
        first ? `<p>第 ${p} 號商品的說明，\n含換行與逗號, 以及引號 "。</p>` : '',
        first ? `品牌 ${p % BRANDS}` : '',
        first ? `分類 ${p % TYPES}` : '',
        first ? 'bench, 測試' : '',
        first ? 'TRUE' : '',
        first ? '顏色' : '',
        colours[v]!,
        `BENCH-${p}-${v}`,
        1200 + v * 100,
        (p + v) % 25,
        `${2990 + v * 500 + priceShift}.00`,
        v === 0 ? '3990.00' : '',
        first ? `Bench product ${p}` : '',
      ]);
      if (!ok) await once(out, 'drain');
    }
  }
  out.end();
  await finished(out);
}

async function measure(label: string, db: Db, files: { file: string; changed: string }): Promise<void> {
  for (const [pass, file] of [
    ['first import', files.file],
    ['same file again', files.file],
    ['every price new', files.changed],
  ] as const) {
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const t0 = performance.now();
    const report = await importCatalog(db, createReadStream(file), {
      dryRun: false,
      withdrawMissing: false,
      by: 'bench',
      subject: 'bench.csv',
      now: Date.now(),
      resolveImage: noPhotos,
    });
    const ms = performance.now() - t0;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (report.problems.length) throw new Error(`benchmark file refused: ${JSON.stringify(report.problems[0])}`);
    const c = report.counts;
    console.log(
      `${label.padEnd(10)} ${pass.padEnd(16)} ${(ms / 1000).toFixed(1).padStart(6)} s   peak RSS ${(peak / 2 ** 20).toFixed(0).padStart(4)} MiB   ` +
        `products ${c.productsCreated} created / ${c.productsUpdated} updated / ${c.productsUnchanged} unchanged, variants ${c.variantsCreated} created / ${c.variantsUpdated} updated`,
    );
  }
}

const dir = mkdtempSync(join(tmpdir(), 'bench-catalog-'));
try {
  const file = join(dir, 'bench.csv');
  await writeCsv(file);
  const changed = join(dir, 'bench-changed.csv');
  await writeCsv(changed, 10);
  console.log(`RSS before importing: ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
  console.log(
    `${PRODUCTS} products, ${PRODUCTS * VARIANTS} variants, ${(statSync(file).size / 2 ** 20).toFixed(1)} MiB of CSV`,
  );
  const sqlite = openDb({ sqlitePath: join(dir, 'bench.sqlite') });
  await migrate(sqlite);
  await measure('sqlite', sqlite, { file, changed });
  await sqlite.close();
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = openDb({ sqlitePath: '', databaseUrl: url.toString() });
    try {
      await migrate(db);
      await measure('postgres', db, { file, changed });
    } finally {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
