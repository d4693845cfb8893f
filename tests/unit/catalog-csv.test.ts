import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { toolLocale } from '../../src/server/catalog/admin/messages.ts';
import { ProductCollector } from '../../src/server/catalog/admin/parse-products.ts';
import { readCsv } from '../../src/server/catalog/admin/read-csv.ts';
import { fixture } from '../helpers/catalog-tool.ts';

async function collect(input: Readable) {
  const c = new ProductCollector();
  let header: string[] = [];
  for await (const row of readCsv(input, (h) => {
    header = h.names;
  }))
    c.add(row);
  return { c, header };
}

describe('reading a Shopify product CSV', () => {
  it('groups continuation rows, keeps quotes and line breaks, strips the BOM, numbers lines from the file', async () => {
    const { c, header } = await collect(createReadStream(fixture('shopify-template.csv')));
    expect(header[0]).toBe('Handle');
    expect(c.problems).toEqual([]);
    const aurora = c.products.get('aurora-one-speaker')!;
    expect(aurora.line).toBe(2);
    expect(aurora.body).toBe('<p>木質箱體，"原音"重現。</p>\n<p>第二段</p>');
    expect(aurora.optionNames).toEqual(['顏色', '尺寸']);
    expect(aurora.category).toBe('書架喇叭');
    expect(aurora.variants.map((v) => [v.line, v.values, v.price, v.compare])).toEqual([
      [2, ['胡桃木', '小'], 12990, 14990],
      [4, ['胡桃木', '大'], 15990, null],
      [5, ['白色', '小'], 12990, null],
    ]);
    expect(aurora.images.map((i) => [i.line, i.position])).toEqual([
      [2, 1],
      [4, 2],
    ]);
    const cable = c.products.get('quiet-cable')!;
    expect(cable.optionNames).toEqual([]);
    expect(cable.published).toBe(false);
    expect(cable.variants).toHaveLength(1);
  });

  it('reads columns in any order and takes the category from Product Category when Type is empty', async () => {
    const text = 'Variant Price,Product Category,Title,Handle\n100,Electronics > Audio > Cables,線,a-cable\n';
    const { c } = await collect(Readable.from([text]));
    expect(c.problems).toEqual([]);
    expect(c.products.get('a-cable')).toMatchObject({ title: '線', category: 'Cables' });
  });

  it('names every problem by line and column', async () => {
    const text = [
      'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty,Status',
      'Bad Handle,x,,,,1,,',
      'ok,,,,,1,,',
      'p,P,Size,S,A,12.5,-2,gone',
      'p,,,M,A,10,1,',
      'p,,,S,B,10,1,',
      'p,,,,C,10,1,',
    ].join('\r\n');
    const { c } = await collect(Readable.from([text]));
    expect(c.problems.map((p) => [p.line, p.column, p.code])).toEqual([
      [2, 'Handle', 'handle_invalid'],
      [3, 'Title', 'title_missing'],
      [4, 'Status', 'flag_invalid'],
      [4, 'Variant Price', 'price_invalid'],
      [4, 'Variant Inventory Qty', 'count_invalid'],
      [5, 'Variant SKU', 'sku_duplicate'],
      [6, 'Option1 Value', 'option_duplicate'],
      [7, 'Option1 Value', 'option_missing'],
    ]);
  });

  it('speaks the locale of LANG', () => {
    expect(toolLocale({ LANG: 'zh_TW.UTF-8' })).toBe('zh-TW');
    expect(toolLocale({ LANG: 'en_US.UTF-8' })).toBe('en');
    expect(toolLocale({ LC_ALL: 'zh_TW.UTF-8', LANG: 'C' })).toBe('zh-TW');
    expect(toolLocale({})).toBe('en');
  });
});
