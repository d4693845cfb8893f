import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportOptions, importCatalog, noPhotos } from '../../../src/server/catalog/admin/import-catalog.ts';
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

  it('refuses a SKU that begins like a spreadsheet formula, in both languages', async () => {
    const before = await dumpCatalog(db());
    const text = [
      'Handle,Title,Vendor,Type,Variant SKU,Variant Price',
      'formula-a,甲,Sony,配件,=HYPERLINK(1),100',
      'formula-b,乙,Sony,配件,+cmd,100',
      'formula-c,丙,Sony,配件,-5,100',
      'formula-d,丁,Sony,配件,@SUM(1),100',
      'formula-e,戊,Sony,配件,OK-1+2=3,100',
    ].join('\n');
    const report = await importFile(db(), { text });
    expect(report.applied).toBe(false);
    expect(report.problems.map((p) => [p.line, p.column, p.code])).toEqual([
      [2, 'Variant SKU', 'sku_formula'],
      [3, 'Variant SKU', 'sku_formula'],
      [4, 'Variant SKU', 'sku_formula'],
      [5, 'Variant SKU', 'sku_formula'],
    ]);
    expect(importReportLines(report, 'en', false)).toContain(
      'line 3, Variant SKU: SKU "+cmd" may not begin with =, +, - or @ (spreadsheets would run it as a formula)',
    );
    expect(importReportLines(report, 'zh-TW', false)).toContain(
      '第 3 行，Variant SKU：SKU「+cmd」不可以 =、+、-、@ 開頭（試算表會把它當成公式）',
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
      '/images/products/sony-wh-1000xm6-1.webp',
      '/images/products/sony-wh-1000xm6-2.webp',
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
    const report = await importFile(db(), { text }, { withdrawMissing: true, withdrawMany: true });
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

describe('hostile import files (issue 28)', () => {
  let own: TestShop;
  beforeAll(async () => {
    own = await createTestShop({ seeded: true });
  });
  afterAll(() => own.close());
  const odb = () => own.deps.db;
  const bytes = (buf: Buffer, opts: Partial<ImportOptions> = {}) =>
    importCatalog(odb(), Readable.from([buf]), {
      dryRun: false,
      withdrawMissing: false,
      by: 'tester',
      subject: 'bytes.csv',
      now: Date.UTC(2026, 10, 22),
      resolveImage: noPhotos,
      ...opts,
    });
  const HEAD = 'Handle,Title,Body (HTML),Vendor,Type,Option1 Name,Option1 Value,Variant SKU,Variant Price';

  it('refuses an empty file or one without Handle and Title, and will not withdraw most of the catalog without --yes', async () => {
    const before = await dumpCatalog(odb());
    const empty = await importFile(odb(), { text: '' }, { withdrawMissing: true, dryRun: true });
    expect(empty.problems.map((p) => [p.line, p.column, p.code])).toEqual([
      [1, 'Handle', 'header_missing'],
      [1, 'Title', 'header_missing'],
    ]);
    expect(importReportLines(empty, 'en', true)).toContain('line 1, Handle: the required column Handle is missing');
    const noTitle = await importFile(odb(), { text: 'Handle,Vendor\nsony-wh-1000xm6,Sony\n' });
    expect(noTitle.problems.map((p) => p.code)).toEqual(['header_missing']);

    const onSale = (await odb().kysely.selectFrom('products').select('id').where('withdrawn_at', 'is', null).execute())
      .length;
    const headerOnly = await importFile(odb(), { text: `${HEAD}\n` }, { withdrawMissing: true });
    expect(headerOnly.applied).toBe(false);
    expect(headerOnly.problems.map((p) => [p.code, p.args])).toEqual([
      ['withdraw_too_many', { n: onSale, total: onSale }],
    ]);
    expect(importReportLines(headerOnly, 'zh-TW', false)[0]).toContain('請加上 --yes');
    expect(await dumpCatalog(odb())).toEqual(before);
    const meant = await importFile(
      odb(),
      { text: `${HEAD}\n` },
      { withdrawMissing: true, withdrawMany: true, dryRun: true },
    );
    expect(meant.problems).toEqual([]);
    expect(meant.withdrawn).toHaveLength(onSale);
  });

  it('refuses a file that is not UTF-8 with its first bad line, and says so when it is Big5', async () => {
    const utf16 = await bytes(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${HEAD}\n`, 'utf16le')]));
    expect(utf16.problems.map((p) => [p.line, p.code])).toEqual([[1, 'encoding_utf16']]);
    // 中文耳機 and 配件 as Excel in Taiwan saves them (Big5), from line 3 on.
    const big5 = Buffer.concat([
      Buffer.from(`${HEAD}\nbig5-ok,Fine,,Sony,Cables,,,B5-1,100\nbig5-bad,`),
      Buffer.from([0xa4, 0xa4, 0xa4, 0xe5, 0xa6, 0xd5, 0xbe, 0xf7]),
      Buffer.from(',,Sony,'),
      Buffer.from([0xb0, 0x74, 0xa5, 0xf3]),
      Buffer.from(',,,B5-2,100\n'),
    ]);
    const report = await bytes(big5);
    expect(report.applied).toBe(false);
    expect(report.problems.map((p) => [p.line, p.code])).toEqual([[3, 'encoding_big5']]);
    expect(importReportLines(report, 'en', false)[0]).toMatch(/^line 3: .*Big5.*CSV UTF-8/);
    expect(importReportLines(report, 'zh-TW', false)[0]).toMatch(/^第 3 行：.*Big5.*CSV UTF-8/);
    const latin = await bytes(
      Buffer.concat([Buffer.from(`${HEAD}\nx,`), Buffer.from([0xe9, 0x2c, 0xff]), Buffer.from('\n')]),
    );
    expect(latin.problems.map((p) => [p.line, p.code])).toEqual([[2, 'encoding_invalid']]);
    expect(await odb().kysely.selectFrom('products').select('id').where('slug', '=', 'big5-ok').execute()).toEqual([]);
  });

  it('refuses control characters and bidi overrides in titles, bodies and options', async () => {
    const text = [
      HEAD,
      'ctl-a,\u202Egnp.exe,,Sony,配件,,,CT-1,100',
      'ctl-b,乙,"<p>ok</p>\u0000",Sony,配件,,,CT-2,100',
      'ctl-c,丙,,Sony,配件,顏色,紅\u0007,CT-3,100',
      'ctl-d,丁,"第一行\n第二行\t",Sony,配件,,,CT-4,100',
    ].join('\n');
    const report = await importFile(odb(), { text });
    expect(report.problems.map((p) => [p.line, p.column, p.code])).toEqual([
      [2, 'Title', 'text_unsafe'],
      [3, 'Body (HTML)', 'text_unsafe'],
      [4, 'Option1 Value', 'text_unsafe'],
    ]);
    expect(importReportLines(report, 'en', false)[0]).toBe(
      'line 2, Title: contains control characters or bidirectional overrides (invisible, and they change how text shows)',
    );
    expect(report.applied).toBe(false);
  });

  it("keeps a safe subset of Shopify's Body (HTML), and plain text as it is", async () => {
    const body = [
      '<h1 style="color:red">標題</h1><p class="x">一段 <strong>粗</strong> <em>斜</em></p>',
      '<ul><li onclick="steal()">甲</li></ul><script>alert(1)</script><style>p{}</style>',
      '<a href="https://example.tw/x" target="_blank">連結</a><a href="javascript:alert(1)">壞</a>',
      '<img src="/media/products/abc-960.webp" alt="照片" onerror="x()"><img src="https://evil.example/x.png">',
      '<img src="/media/../secret.png"><iframe src="https://evil.example"></iframe>',
    ].join('');
    const text = [HEAD, `html-body,網頁,"${body.replace(/"/g, '""')}",Sony,配件,,,HB-1,100`].join('\n');
    const report = await importFile(odb(), {
      text: `${text}\nplain-body,純文字,"第一段 a < b & c\n\n## 標題",Sony,配件,,,HB-2,100`,
    });
    expect(report.problems).toEqual([]);
    const stored = (slug: string) =>
      odb().kysely.selectFrom('products').select('description_zh').where('slug', '=', slug).executeTakeFirstOrThrow();
    expect((await stored('html-body')).description_zh).toBe(
      '<h2>標題</h2><p>一段 <strong>粗</strong> <em>斜</em></p><ul><li>甲</li></ul>' +
        '<a href="https://example.tw/x" rel="noopener nofollow">連結</a><a rel="noopener nofollow">壞</a>' +
        '<img src="/media/products/abc-960.webp" alt="照片" />',
    );
    expect((await stored('plain-body')).description_zh).toBe('第一段 a < b & c\n\n## 標題');
  });

  it('escapes formula cells on export and reads them back unchanged', async () => {
    const slug = 'sony-wh-1000xm6';
    await odb()
      .kysely.updateTable('products')
      .set({
        name_zh: '=HYPERLINK("https://evil.example","點我")',
        tags: '+SUM(1,2)',
        seo_title: '@cmd',
        summary_zh: "-2+3+cmd|' /C calc'!A0",
        description_zh: '\t=1+1',
      })
      .where('slug', '=', slug)
      .execute();
    const before = await dumpCatalog(odb());
    const text = await exportText(odb());
    const cells = parse(text.slice(1)) as string[][];
    const formulas = cells.flat().filter((c) => /^[=+\-@\t\r]/.test(c));
    expect(formulas).toEqual([]);
    expect(cells.flat()).toEqual(
      expect.arrayContaining([`'=HYPERLINK("https://evil.example","點我")`, "'+SUM(1,2)", "'@cmd", "'\t=1+1"]),
    );
    const report = await importFile(odb(), { text }, { now: Date.UTC(2027, 0, 1) });
    expect(report.problems).toEqual([]);
    expect(report.counts.productsUpdated).toBe(0);
    expect(await dumpCatalog(odb())).toEqual(before);
  });
});
