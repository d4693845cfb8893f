import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogEditError, runEdit } from '../../../src/server/catalog/admin/edits.ts';
import { catalogFingerprint } from '../../../src/server/catalog/fingerprint.ts';
import { fixture, importFile } from '../../helpers/catalog-tool.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  const report = await importFile(shop.deps.db, 'shopify-template.csv');
  expect(report.applied).toBe(true);
});
afterAll(() => shop.close());

let clock = Date.UTC(2026, 10, 23, 1, 0, 0);
const edit = (command: string, args: string[], more: { file?: string; locale?: 'en' | 'zh-TW' } = {}) => {
  clock += 1000;
  return runEdit(shop.deps.db, {
    command,
    args,
    file: more.file,
    by: 'owner',
    limit: 50,
    locale: more.locale ?? 'en',
    now: clock,
  });
};
const product = async () => (await shop.call('GET', '/api/products/aurora-one-speaker', { lang: 'en' })).json.result;

describe('everyday catalog edits', () => {
  it('price: the API shows it, the fingerprint moves, the log keeps before and after', async () => {
    const before = await catalogFingerprint(shop.deps.db);
    expect(await edit('price', ['AUR-ONE-WAL-S', '11990'])).toEqual(['AUR-ONE-WAL-S: price 12990 → 11990']);
    const p = await product();
    expect(p.price).toBe(11990);
    expect(p.variants[0].price).toBe(11990);
    expect((await catalogFingerprint(shop.deps.db)).fingerprint).not.toBe(before.fingerprint);
  });

  it('stock of one SKU and a stocktaking file, all checked first', async () => {
    expect(await edit('stock', ['AUR-ONE-WAL-L', '5'])).toEqual(['AUR-ONE-WAL-L: stock 2 → 5']);
    expect((await product()).stock).toBe(9);
    expect(await edit('stock', [], { file: fixture('stocktake.csv') })).toEqual([
      'AUR-ONE-WAL-S: stock 4 → 7',
      'AUR-ONE-WAL-L: stock 5 → 0',
    ]);
    expect((await product()).stock).toBe(7);
  });

  it('withdraw and publish a product by handle', async () => {
    expect(await edit('withdraw', ['aurora-one-speaker'])).toEqual(['aurora-one-speaker: published → withdrawn']);
    const row = await shop.deps.db.kysely
      .selectFrom('products')
      .select('withdrawn_at')
      .where('slug', '=', 'aurora-one-speaker')
      .executeTakeFirstOrThrow();
    expect(row.withdrawn_at).toBe(clock);
    // Off the storefront: no page data, not in lists, search or another product's related ones.
    const slugs = async (path: string) =>
      ((await shop.call('GET', path, { lang: 'en' })).json.result.data as { slug: string }[]).map((p) => p.slug);
    expect((await shop.call('GET', '/api/products/aurora-one-speaker')).status).toBe(404);
    expect(await slugs('/api/products?page_size=100')).not.toContain('aurora-one-speaker');
    expect(await slugs('/api/products?q=aurora&page_size=100')).not.toContain('aurora-one-speaker');
    const others = await slugs('/api/products?page_size=100');
    for (const slug of others) {
      const related = (await shop.call('GET', `/api/products/${slug}`)).json.result.related as { slug: string }[];
      expect(related.map((r) => r.slug)).not.toContain('aurora-one-speaker');
    }
    expect(await edit('publish', ['aurora-one-speaker'])).toEqual(['aurora-one-speaker: withdrawn → published']);
    expect((await shop.call('GET', '/api/products/aurora-one-speaker')).status).toBe(200);
    expect(await slugs('/api/products?page_size=100')).toContain('aurora-one-speaker');
  });

  it('refuses an unknown SKU, a price that is not whole NT$ and a negative count, changing nothing', async () => {
    await expect(edit('price', ['NOPE', '100'])).rejects.toThrow(CatalogEditError);
    await expect(edit('price', ['AUR-ONE-WAL-S', '99.5'])).rejects.toThrow('whole NT$');
    await expect(edit('stock', ['AUR-ONE-WAL-S', '-1'], { locale: 'zh-TW' })).rejects.toThrow('數量須為 0 或正整數');
    expect((await product()).price).toBe(11990);
  });

  it('prints the change log, latest first, with who made each change', async () => {
    const lines = await edit('log', []);
    expect(lines.slice(0, 6).map((l) => l.split('  ').slice(1))).toEqual([
      ['owner', 'publish', 'aurora-one-speaker', 'withdrawn → published'],
      ['owner', 'withdraw', 'aurora-one-speaker', 'published → withdrawn'],
      ['owner', 'stock', 'AUR-ONE-WAL-L', '5 → 0'],
      ['owner', 'stock', 'AUR-ONE-WAL-S', '4 → 7'],
      ['owner', 'stock', 'AUR-ONE-WAL-L', '2 → 5'],
      ['owner', 'price', 'AUR-ONE-WAL-S', '12990 → 11990'],
    ]);
    expect(lines[6]).toContain('import  shopify-template.csv');
  });

  it('prints a stored subject, name or value with controls as one line of visible escapes', async () => {
    clock += 1000;
    await shop.deps.db.kysely
      .insertInto('catalog_changes')
      .values({
        at: clock,
        by: 'ow\u202Ener',
        action: 'import',
        subject: 'spring\u001b[2J\r\n2026-01-01 00:00:00  owner  price  X  1 → 2.csv',
        before: 'a\u2028b',
        after: 'c\td',
      })
      .execute();
    const [line = ''] = await edit('log', []);
    for (const ch of ['\n', '\r', '\t', '\u001b', '\u202e', '\u2028']) expect(line).not.toContain(ch);
    expect(line.split('  ').slice(1, 4)).toEqual(['ow\\u202ener', 'import', 'spring\\x1b[2J\\r\\n2026-01-01 00:00:00']);
    expect(line).toContain('a\\u2028b → c\\td');
  });
});
