import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installInProcessShop } from '../../../scripts/lib/in-process-shop.ts';
import type { Locale } from '../../../src/config.ts';
import { feedContext, feedPaths, ZH_ONLY } from '../../../src/features/feeds/feed-route.server.ts';
import { closeBuildData, feedProducts, forgetBuildData } from '../../../src/lib/api/build.server.ts';
import { forgetSiteDigests } from '../../../src/lib/api/page-keys.server.ts';
import { safeBodyHtml } from '../../../src/lib/body-html.ts';
import {
  feedGapsWarning,
  GOOGLE_NS,
  googleFeedXml,
  META_COLUMNS,
  metaFeedCsv,
} from '../../../src/lib/seo/product-feeds.ts';
import { runEdit } from '../../../src/server/catalog/admin/edits.ts';
import { openDb } from '../../../src/server/db/index.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import { seed } from '../../../src/server/seed/seed.ts';
import { parseXml } from '../../helpers/xml.ts';

// The feeds are written from the in-process API on the embedded file, as `npm run build` does.
const dir = mkdtempSync(join(tmpdir(), 'feeds-'));
process.env.SQLITE_PATH = join(dir, 'shop.sqlite');
delete process.env.DATABASE_URL;
delete process.env.API_BASE;
installInProcessShop();
const db = openDb({ sqlitePath: process.env.SQLITE_PATH });
const SITE = new URL('https://shop.example.tw');

beforeAll(async () => {
  await migrate(db);
  await seed(db, { logN: 12 });
});
afterAll(async () => {
  await closeBuildData();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

function fresh() {
  forgetBuildData();
  forgetSiteDigests();
}

async function google(locale: Locale): Promise<string> {
  fresh();
  return googleFeedXml(await feedProducts(locale), await feedContext(locale, SITE));
}

type Item = Record<string, string[]>;

/** Parses the feed with a strict XML reader (malformed XML throws); each item's g: children by name. */
function parseGoogle(text: string): { root: Record<string, string>; channel: Record<string, string>; items: Item[] } {
  const rss = parseXml(text);
  expect(rss.name).toBe('rss');
  const [channelEl] = rss.children;
  expect(channelEl?.name).toBe('channel');
  const channel: Record<string, string> = {};
  const items: Item[] = [];
  for (const el of channelEl!.children) {
    if (el.name !== 'item') {
      channel[el.name] = el.text;
      continue;
    }
    const item: Item = {};
    const add = (key: string, value: string) => {
      item[key] = [...(item[key] ?? []), value];
    };
    for (const a of el.children) {
      // Every attribute of an item is in Google's namespace.
      expect(a.name.startsWith('g:')).toBe(true);
      if (a.name === 'g:shipping') for (const s of a.children) add(`shipping.${s.name.slice(2)}`, s.text);
      else add(a.name.slice(2), a.text);
    }
    items.push(item);
  }
  return { root: rss.attrs, channel, items };
}

/** Every variant of a product on sale, from the database. */
async function publishedVariants() {
  return db.kysely
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.sku', 'v.price', 'v.compare_at_price', 'v.stock', 'p.uid', 'p.slug', 'p.name_en', 'p.name_zh'])
    .where('p.withdrawn_at', 'is', null)
    .execute();
}

const ONE = (v: string[] | undefined) => {
  expect(v, 'attribute present once').toHaveLength(1);
  return v![0]!;
};

describe('Google Merchant Center feed', () => {
  it('is RSS 2.0 with the g: namespace, one item a published variant, each with every required attribute', async () => {
    const { root, channel, items } = parseGoogle(await google('zh-TW'));
    expect(root.version).toBe('2.0');
    expect(root['xmlns:g']).toBe(GOOGLE_NS);
    expect(channel.title).toBeTruthy();
    expect(channel.link).toBe('https://shop.example.tw/');
    const variants = await publishedVariants();
    expect(items.map((i) => ONE(i.id)).sort()).toEqual(variants.map((v) => v.sku).sort());
    const bySku = new Map(variants.map((v) => [v.sku, v]));
    for (const i of items) {
      const v = bySku.get(ONE(i.id))!;
      expect(ONE(i.item_group_id)).toBe(v.uid);
      expect(ONE(i.title).length).toBeGreaterThan(0);
      expect(ONE(i.title).length).toBeLessThanOrEqual(150);
      expect(ONE(i.title)).toContain(v.name_zh);
      expect(ONE(i.description).length).toBeGreaterThan(0);
      expect(ONE(i.description).length).toBeLessThanOrEqual(5000);
      const link = new URL(ONE(i.link));
      expect(link.origin).toBe(SITE.origin);
      expect(link.pathname).toMatch(new RegExp(`^/brands/[^/]+/${v.slug}$`));
      expect(link.searchParams.get('sku')).toBe(v.sku);
      expect(new URL(ONE(i.image_link)).protocol).toBe('https:');
      expect(ONE(i.availability)).toBe(Number(v.stock) > 0 ? 'in_stock' : 'out_of_stock');
      const onSale = v.compare_at_price !== null && Number(v.compare_at_price) > Number(v.price);
      if (onSale) {
        expect(ONE(i.price)).toBe(`${v.compare_at_price} TWD`);
        expect(ONE(i.sale_price)).toBe(`${v.price} TWD`);
      } else {
        expect(ONE(i.price)).toBe(`${v.price} TWD`);
        expect(i.sale_price).toBeUndefined();
      }
      expect(ONE(i.price)).toMatch(/^\d+ TWD$/);
      expect(ONE(i.brand).length).toBeGreaterThan(0);
      // No GTIN or MPN in the catalogue: identifier_exists no.
      expect(i.gtin ?? i.mpn).toBeUndefined();
      expect(ONE(i.identifier_exists)).toBe('no');
      expect(ONE(i.condition)).toBe('new');
      expect(ONE(i['shipping.country'])).toBe('TW');
      expect(ONE(i['shipping.price'])).toMatch(/^\d+ TWD$/);
    }
    // The seed has sale items and sold-out variants: both branches above ran.
    expect(items.some((i) => i.sale_price)).toBe(true);
    expect(items.some((i) => ONE(i.availability) === 'out_of_stock')).toBe(true);
  });

  it('in English: English titles and links under /en/', async () => {
    const { items } = parseGoogle(await google('en'));
    const variants = await publishedVariants();
    const bySku = new Map(variants.map((v) => [v.sku, v]));
    expect(items).toHaveLength(variants.length);
    for (const i of items) {
      const v = bySku.get(ONE(i.id))!;
      expect(ONE(i.title)).toContain(v.name_en);
      expect(new URL(ONE(i.link)).pathname).toMatch(/^\/en\/brands\//);
    }
  });

  it('escapes markup in the catalogue text', async () => {
    const items = [
      {
        uid: 'u1',
        slug: 'x',
        brandSlug: 'b',
        brand: 'A & B <Audio>',
        name: 'Amp "Pro" <b>',
        description: 'Line one\n\nline two & <three>\u0007',
        variants: [
          {
            sku: 'X-1',
            optionName: '',
            optionValue: '',
            price: 4490,
            compareAtPrice: null,
            stock: 2,
            shippingFee: 0,
            image: '/images/x.webp',
          },
        ],
      },
    ];
    const ctx = { site: SITE, locale: 'zh-TW' as const, shopName: 'S&W', shopDescription: 'd' };
    const { items: parsed } = parseGoogle(googleFeedXml(items, ctx));
    expect(ONE(parsed[0]!.title)).toBe('Amp "Pro" <b>');
    expect(ONE(parsed[0]!.description)).toBe('Line one line two & <three>');
    expect(ONE(parsed[0]!.brand)).toBe('A & B <Audio>');
    expect(ONE(parsed[0]!.price)).toBe('4490 TWD');
  });

  it('leaves a withdrawn product out, and a price change re-keys the feeds', async () => {
    fresh();
    const before = await Promise.all([feedPaths('google.xml', ['zh-TW', 'en']), feedPaths('meta.csv', ZH_ONLY)]);
    expect(before[0].map((p) => p.params.locale)).toEqual([undefined, 'en']);
    expect(before[1].map((p) => p.params.locale)).toEqual([undefined]);
    fresh();
    const again = await Promise.all([feedPaths('google.xml', ['zh-TW', 'en']), feedPaths('meta.csv', ZH_ONLY)]);
    expect(again.flat().map((p) => p.cacheKey)).toEqual(before.flat().map((p) => p.cacheKey));

    const [variant] = await publishedVariants();
    await runEdit(db, {
      command: 'price',
      args: [variant!.sku, String(Number(variant!.price) + 10)],
      file: undefined,
      by: 'test',
      limit: 1,
      locale: 'en',
    });
    fresh();
    const priced = await Promise.all([feedPaths('google.xml', ['zh-TW', 'en']), feedPaths('meta.csv', ZH_ONLY)]);
    for (const [i, p] of priced.flat().entries()) expect(p.cacheKey).not.toBe(before.flat()[i]!.cacheKey);
    const { items } = parseGoogle(await google('zh-TW'));
    expect(ONE(items.find((i) => ONE(i.id) === variant!.sku)!.price)).toContain(String(Number(variant!.price) + 10));

    await runEdit(db, {
      command: 'withdraw',
      args: [variant!.slug],
      file: undefined,
      by: 'test',
      limit: 1,
      locale: 'en',
    });
    const after = parseGoogle(await google('zh-TW')).items.map((i) => ONE(i.id));
    expect(after).not.toContain(variant!.sku);
    expect(after.sort()).toEqual((await publishedVariants()).map((v) => v.sku).sort());
  });
});

describe('Meta commerce catalog feed', () => {
  it('is CSV with the catalog columns, one row a published variant, each with the required fields', async () => {
    fresh();
    const text = metaFeedCsv(await feedProducts('zh-TW'), await feedContext('zh-TW', SITE));
    const rows: string[][] = parseCsv(text, { relax_column_count: false });
    expect(rows[0]).toEqual([...META_COLUMNS]);
    const records = rows.slice(1).map((r) => Object.fromEntries(META_COLUMNS.map((c, i) => [c, r[i]!])));
    const variants = await publishedVariants();
    expect(records.map((r) => r.id).sort()).toEqual(variants.map((v) => v.sku).sort());
    const bySku = new Map(variants.map((v) => [v.sku, v]));
    for (const r of records) {
      const v = bySku.get(r.id!)!;
      for (const c of [
        'id',
        'title',
        'description',
        'availability',
        'condition',
        'price',
        'link',
        'image_link',
        'brand',
      ])
        expect(r[c], `${r.id} ${c}`).toBeTruthy();
      expect(r.title!.length).toBeLessThanOrEqual(150);
      expect(r.availability).toBe(Number(v.stock) > 0 ? 'in stock' : 'out of stock');
      expect(r.condition).toBe('new');
      expect(r.item_group_id).toBe(v.uid);
      expect(r.price).toMatch(/^\d+ TWD$/);
      expect(r.sale_price === '' || /^\d+ TWD$/.test(r.sale_price!)).toBe(true);
      expect(new URL(r.link!).searchParams.get('sku')).toBe(v.sku);
      expect(new URL(r.image_link!).origin).toBe(SITE.origin);
    }
    expect(records.some((r) => r.sale_price !== '')).toBe(true);
  });
});

describe('descriptions in both feeds', () => {
  it('are plain text from an imported HTML body, cut at each feed’s limit (Google 5,000, Meta 9,999)', async () => {
    const [short, long] = await db.kysely
      .selectFrom('products')
      .select(['id', 'uid'])
      .where('withdrawn_at', 'is', null)
      .orderBy('id')
      .limit(2)
      .execute();
    await db.kysely
      .updateTable('products')
      .set({ description_zh: safeBodyHtml('<p>Warm <b>bold</b> tone &amp; &lt;highs&gt;</p><p>Second&nbsp;line</p>') })
      .where('id', '=', short!.id)
      .execute();
    await db.kysely
      .updateTable('products')
      .set({ description_zh: safeBodyHtml(`<p>${'<em>word</em> &amp; '.repeat(1500)}</p>`) })
      .where('id', '=', long!.id)
      .execute();
    const { items } = parseGoogle(await google('zh-TW'));
    const inGoogle = (uid: string) => ONE(items.find((i) => ONE(i.item_group_id) === uid)!.description);
    expect(inGoogle(short!.uid)).toBe('Warm bold tone & <highs> Second line');
    expect(inGoogle(long!.uid)).toHaveLength(5000);
    expect(inGoogle(long!.uid)).toMatch(/^word & word & .*…$/);
    expect(inGoogle(long!.uid)).not.toMatch(/<em>|&amp;/);

    fresh();
    const rows: string[][] = parseCsv(metaFeedCsv(await feedProducts('zh-TW'), await feedContext('zh-TW', SITE)));
    const col = (name: string) => META_COLUMNS.indexOf(name as (typeof META_COLUMNS)[number]);
    const inMeta = (uid: string) => rows.find((r) => r[col('item_group_id')] === uid)![col('description')]!;
    expect(inMeta(short!.uid)).toBe('Warm bold tone & <highs> Second line');
    // 1,500 × "word & " is 10,500 characters: more than Meta takes.
    expect(inMeta(long!.uid)).toHaveLength(9999);
    expect(inMeta(long!.uid)).toBe('word & '.repeat(1500).slice(0, 9999));
  });
});

describe('formula cells in the Meta CSV', () => {
  it('writes text that begins like a formula after an apostrophe, as the owner’s export does', async () => {
    const p = await db.kysely
      .selectFrom('products as p')
      .innerJoin('variants as v', 'v.product_id', 'p.id')
      .select(['p.id', 'p.uid', 'p.brand_id', 'v.id as variant_id'])
      .where('p.withdrawn_at', 'is', null)
      .orderBy('p.id', 'desc')
      .executeTakeFirstOrThrow();
    await db.kysely
      .updateTable('products')
      .set({ name_zh: '=HYPERLINK("https://evil.example","x")', description_zh: "+cmd|' /C calc'!A0" })
      .where('id', '=', p.id)
      .execute();
    await db.kysely.updateTable('brands').set({ name_zh: '@SUM(1+1)' }).where('id', '=', p.brand_id).execute();
    // A SKU from before the import refused them.
    await db.kysely.updateTable('variants').set({ sku: '-2+3' }).where('id', '=', p.variant_id).execute();
    fresh();
    const rows: string[][] = parseCsv(metaFeedCsv(await feedProducts('zh-TW'), await feedContext('zh-TW', SITE)));
    for (const row of rows) for (const cell of row) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    const col = (name: string) => META_COLUMNS.indexOf(name as (typeof META_COLUMNS)[number]);
    const row = rows.find((r) => r[col('item_group_id')] === p.uid && r[col('id')] === "'-2+3")!;
    expect(row[col('title')]).toMatch(/^'=HYPERLINK\("https:\/\/evil\.example","x"\)/);
    expect(row[col('description')]).toBe("'+cmd|' /C calc'!A0");
    expect(row[col('brand')]).toBe("'@SUM(1+1)");
  });
});

describe('products left out for want of a photo', () => {
  it('are named in one warning line of the build, with the count, capped', async () => {
    fresh();
    expect(feedGapsWarning(await feedProducts('zh-TW'), 10)).toBeNull();
    const bare = await db.kysely
      .selectFrom('products')
      .select(['id', 'slug'])
      .where('withdrawn_at', 'is', null)
      .orderBy('id')
      .limit(3)
      .execute();
    for (const p of bare) {
      await db.kysely.deleteFrom('product_images').where('product_id', '=', p.id).execute();
      await db.kysely.updateTable('variants').set({ image: '' }).where('product_id', '=', p.id).execute();
    }
    const skus = await db.kysely
      .selectFrom('variants')
      .select(['sku', 'product_id'])
      .where(
        'product_id',
        'in',
        bare.map((p) => p.id),
      )
      .execute();
    fresh();
    const products = await feedProducts('zh-TW');
    const line = feedGapsWarning(products, 2)!;
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toContain(`Warning: 3 product(s) on sale (${skus.length} variant(s)) have no photo`);
    for (const p of bare.slice(0, 2)) {
      expect(line).toContain(p.slug);
      for (const v of skus.filter((s) => s.product_id === p.id)) expect(line).toContain(v.sku);
    }
    expect(line).not.toContain(`${bare[2]!.slug} (`);
    expect(line).toContain('and 1 more');
    // And the feeds indeed leave those variants out.
    const ids = parseGoogle(googleFeedXml(products, await feedContext('zh-TW', SITE))).items.map((i) => ONE(i.id));
    for (const v of skus) expect(ids).not.toContain(v.sku);
  });
});
