import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EncodingError, firstBadUtf8, looksLikeBig5 } from '../../src/server/catalog/admin/encoding.ts';
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

describe('the UTF-8 check of a CSV file (issue 28)', () => {
  /** The file's bytes in chunks of `size` (a character split between two chunks). */
  const chunked = (buf: Buffer, size: number) =>
    Readable.from(
      Array.from({ length: Math.ceil(buf.length / size) }, (_, i) => buf.subarray(i * size, (i + 1) * size)),
    );
  const failure = async (input: Readable) => {
    try {
      await collect(input);
      return null;
    } catch (err) {
      return err instanceof EncodingError ? [err.line, err.code] : String(err);
    }
  };

  it('reads UTF-8 split anywhere, and names the first line that is not UTF-8', async () => {
    const good = Buffer.from('\ufeffHandle,Title,Body (HTML)\nzh-1,中文耳機 🎧,"兩\n行"\n');
    for (const size of [1, 2, 3, 5])
      expect((await collect(chunked(good, size))).c.products.get('zh-1')?.title).toBe('中文耳機 🎧');
    const big5 = Buffer.concat([good, Buffer.from('big5,'), Buffer.from([0xa4, 0xa4, 0xa4, 0xe5, 0x0a])]);
    for (const size of [1, 3, 4096]) expect(await failure(chunked(big5, size))).toEqual([4, 'encoding_big5']);
    const latin = Buffer.concat([Buffer.from('Handle,Title\nx,caf'), Buffer.from([0xe9, 0x0a])]);
    expect(await failure(chunked(latin, 2))).toEqual([2, 'encoding_invalid']);
    expect(await failure(Readable.from([Buffer.from([0xfe, 0xff, 0, 0x48])]))).toEqual([1, 'encoding_utf16']);
  });

  it('finds bad bytes as the UTF-8 rules have them', () => {
    expect(firstBadUtf8(Buffer.from('ok 中文'))).toBe(-1);
    expect(firstBadUtf8(Buffer.from([0x61, 0xc0, 0x80]))).toBe(1); // overlong
    expect(firstBadUtf8(Buffer.from([0x61, 0xed, 0xa0, 0x80]))).toBe(1); // a surrogate
    expect(firstBadUtf8(Buffer.from([0xe4, 0xb8]))).toBe(0); // cut short
    expect(looksLikeBig5(Buffer.from([0xa4, 0xa4, 0xa4, 0xe5]))).toBe(true);
    expect(looksLikeBig5(Buffer.from('caf\xe9', 'latin1'))).toBe(false);
  });
});
