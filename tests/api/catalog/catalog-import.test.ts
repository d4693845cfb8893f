import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importReportLines } from '../../../src/server/catalog/admin/import-report.ts';
import { generatedSku } from '../../../src/server/catalog/admin/plan.ts';
import { catalogFingerprint } from '../../../src/server/catalog/fingerprint.ts';
import { dumpCatalog, exportText, importFile } from '../../helpers/catalog-tool.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

const db = () => shop.deps.db;

describe('catalog import and export', () => {
  it('exports the seeded catalogue and imports it back with no change at all', async () => {
    const before = await dumpCatalog(db());
    const print = await catalogFingerprint(db());
    const text = await exportText(db());
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const report = await importFile(db(), { text }, { now: Date.UTC(2027, 0, 1) });
    expect(report.problems).toEqual([]);
    expect(report.applied).toBe(true);
    expect(report.counts.productsUpdated).toBe(0);
    expect(report.counts.productsUnchanged).toBe(before.products.length);
    expect(await dumpCatalog(db())).toEqual(before);
    expect(await catalogFingerprint(db())).toEqual(print);
  });

  it('refuses a file with bad rows by line, column and reason, and changes nothing', async () => {
    const before = await dumpCatalog(db());
    const report = await importFile(db(), 'shopify-bad-rows.csv');
    expect(report.applied).toBe(false);
    expect(report.problems.map((p) => [p.line, p.column, p.code])).toEqual([
      [4, 'Variant Price', 'price_invalid'],
      [5, 'Variant Inventory Qty', 'count_invalid'],
      [6, 'Variant SKU', 'sku_duplicate'],
    ]);
    expect(importReportLines(report, 'en', false)).toContain(
      'line 4, Variant Price: "15990.50" is not a whole NT$ amount',
    );
    expect(importReportLines(report, 'zh-TW', false)).toContain(
      '第 4 行，Variant Price：「15990.50」不是整數新台幣金額',
    );
    expect(await dumpCatalog(db())).toEqual(before);
  });

  it('a dry run checks everything and writes nothing', async () => {
    const before = await dumpCatalog(db());
    const report = await importFile(db(), 'shopify-template.csv', { dryRun: true });
    expect(report.problems).toEqual([]);
    expect(report.applied).toBe(false);
    expect(report.counts.productsCreated).toBe(2);
    expect(await dumpCatalog(db())).toEqual(before);
  });

  it("imports Shopify's template shape: continuation rows, options, Default Title, quotes, BOM", async () => {
    const print = await catalogFingerprint(db());
    const report = await importFile(db(), 'shopify-template.csv');
    expect(report.problems).toEqual([]);
    expect(report.applied).toBe(true);
    expect(report.unknownColumns).toEqual(
      expect.arrayContaining(['Variant Barcode', 'Gift Card', 'Variant Inventory Tracker']),
    );
    expect(report.brandsCreated).toEqual([{ slug: 'aurora', name_zh: '極光音響', name_en: 'Aurora Audio' }]);
    // 配件 is a seeded category: found by name, not created.
    expect(report.categoriesCreated.map((c) => c.name_zh)).toEqual(['書架喇叭']);
    const cableSku = generatedSku('quiet-cable', []);
    expect(report.generatedSkus).toEqual([
      { line: 5, sku: generatedSku('aurora-one-speaker', ['白色', '小']) },
      { line: 6, sku: cableSku },
    ]);
    expect((await catalogFingerprint(db())).fingerprint).not.toBe(print.fingerprint);

    const res = await shop.call('GET', '/api/products/aurora-one-speaker', { lang: 'en' });
    expect(res.status).toBe(200);
    const p = res.json.result;
    expect(p.name).toBe('Aurora One Bookshelf Speaker');
    expect(p.brand.slug).toBe('aurora');
    expect(p.price).toBe(12990);
    expect(p.compare_at_price).toBe(14990);
    expect(p.stock).toBe(6);
    expect(p.variants.map((v: { sku: string; option_value: string }) => [v.sku, v.option_value])).toEqual([
      ['AUR-ONE-WAL-S', '胡桃木 / 小'],
      ['AUR-ONE-WAL-L', '胡桃木 / 大'],
      [generatedSku('aurora-one-speaker', ['白色', '小']), '白色 / 小'],
    ]);
    expect(p.images.map((i: { src: string }) => i.src)).toEqual([
      '/images/products/sony-wh-1000xm6-1.svg',
      '/images/products/sony-wh-1000xm6-2.svg',
    ]);
    const zh = (await shop.call('GET', '/api/products/aurora-one-speaker')).json.result;
    expect(zh.description).toBe('<p>木質箱體，"原音"重現。</p>\n<p>第二段</p>');
    const row = await db()
      .kysely.selectFrom('products')
      .selectAll()
      .where('slug', '=', 'aurora-one-speaker')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ weight_g: 6100, tags: '喇叭, 新品', seo_title: '極光 One', withdrawn_at: null });

    const cable = await db()
      .kysely.selectFrom('products as p')
      .innerJoin('variants as v', 'v.product_id', 'p.id')
      .innerJoin('brands as b', 'b.id', 'p.brand_id')
      .select(['p.withdrawn_at', 'v.sku', 'v.option_name_zh', 'v.option_value_zh', 'v.stock', 'b.slug'])
      .where('p.slug', '=', 'quiet-cable')
      .execute();
    expect(cable).toEqual([
      {
        withdrawn_at: Date.UTC(2026, 10, 22),
        sku: cableSku,
        option_name_zh: '',
        option_value_zh: '',
        stock: 30,
        slug: 'sony',
      },
    ]);

    // The same file again changes nothing; the generated SKUs stay the same.
    const again = await importFile(db(), 'shopify-template.csv');
    expect(again.counts).toMatchObject({ productsCreated: 0, productsUpdated: 0, productsUnchanged: 2 });
    expect(again.generatedSkus).toEqual(report.generatedSkus);
    expect(again.brandsCreated).toEqual([]);
  });

  it('exports the imported products so that they import back unchanged', async () => {
    const before = await dumpCatalog(db());
    const text = await exportText(db());
    expect(text).toContain('Title,Default Title');
    const report = await importFile(db(), { text });
    expect(report.problems).toEqual([]);
    expect(report.counts.productsUpdated).toBe(0);
    expect(await dumpCatalog(db())).toEqual(before);
  });

  it('upserts by SKU, removes a variant dropped from the file, and withdraws missing products on request', async () => {
    const text = [
      'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty',
      'aurora-one-speaker,極光 One 書架喇叭,顏色,胡桃木,AUR-ONE-WAL-S,11990,9',
    ].join('\n');
    const report = await importFile(db(), { text }, { withdrawMissing: true });
    expect(report.problems).toEqual([]);
    expect(report.counts).toMatchObject({ productsUpdated: 1, variantsUpdated: 1, variantsRemoved: 2 });
    const total = await db()
      .kysely.selectFrom('products')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    // Every other product but quiet-cable, which the template already withdrew.
    expect(report.withdrawn.length).toBe(Number(total.n) - 2);
    const variants = await db()
      .kysely.selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.sku', 'v.price', 'v.stock', 'p.price as product_price', 'p.stock as product_stock', 'p.withdrawn_at'])
      .where('p.slug', '=', 'aurora-one-speaker')
      .execute();
    expect(variants).toEqual([
      { sku: 'AUR-ONE-WAL-S', price: 11990, stock: 9, product_price: 11990, product_stock: 9, withdrawn_at: null },
    ]);
    // Withdrawn, never deleted.
    const withdrawn = await db()
      .kysely.selectFrom('products')
      .select('id')
      .where('withdrawn_at', 'is not', null)
      .execute();
    expect(withdrawn.length).toBe(Number(total.n) - 1);
  });

  it('refuses a SKU that belongs to another product and an option value that is missing', async () => {
    const text = [
      'Handle,Title,Vendor,Type,Option1 Name,Option1 Value,Variant SKU,Variant Price',
      'new-thing,新東西,Sony,配件,顏色,,AUR-ONE-WAL-S,100',
    ].join('\n');
    const report = await importFile(db(), { text });
    expect(report.problems.map((p) => [p.line, p.column, p.code])).toEqual(
      expect.arrayContaining([
        [2, 'Option1 Value', 'option_missing'],
        [2, 'Variant SKU', 'sku_taken'],
      ]),
    );
    expect(report.applied).toBe(false);
  });
});
