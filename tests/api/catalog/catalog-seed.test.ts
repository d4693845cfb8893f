import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../../src/server/seed/seed.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

const PUBLIC = join(import.meta.dirname, '..', '..', '..', 'public');

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

const count = async (
  table: 'brands' | 'categories' | 'products' | 'variants' | 'articles' | 'site_metas' | 'sys_vars',
) =>
  Number(
    (
      await shop.deps.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('demo seed', () => {
  it('is idempotent: a second run inserts nothing and says so', async () => {
    const before = await Promise.all([count('products'), count('variants'), count('articles'), count('site_metas')]);
    expect(await seed(shop.deps.db)).toEqual({ seeded: false });
    const after = await Promise.all([count('products'), count('variants'), count('articles'), count('site_metas')]);
    expect(after).toEqual(before);
  });

  it('has the catalogue the issue asks for', async () => {
    expect(await count('brands')).toBeGreaterThanOrEqual(12);
    expect(await count('categories')).toBeGreaterThanOrEqual(8);
    expect(await count('products')).toBeGreaterThanOrEqual(120);
    expect(await count('articles')).toBeGreaterThanOrEqual(10);
    const k = shop.deps.db.kysely;
    expect(
      await k.selectFrom('brands').select('id').where('slug', '=', 'bangandolufsen').executeTakeFirst(),
    ).toBeTruthy();
    const soldOut = await k.selectFrom('products').select('id').where('stock', '=', 0).execute();
    expect(soldOut.length).toBeGreaterThan(0);
    const sale = await k.selectFrom('variants').select('id').where('compare_at_price', 'is not', null).execute();
    expect(sale.length).toBeGreaterThan(0);
  });

  it('keeps product price and stock in step with the variants', async () => {
    const k = shop.deps.db.kysely;
    const products = await k.selectFrom('products').select(['id', 'price', 'stock']).execute();
    const variants = await k.selectFrom('variants').select(['product_id', 'price', 'stock']).execute();
    for (const p of products) {
      const own = variants.filter((v) => v.product_id === p.id);
      expect(own.length).toBeGreaterThan(0);
      expect(p.price).toBe(Math.min(...own.map((v) => v.price)));
      expect(p.stock).toBe(own.reduce((s, v) => s + v.stock, 0));
    }
  });

  it('links brands and categories exactly as the products do', async () => {
    const k = shop.deps.db.kysely;
    const links = await k.selectFrom('brand_categories').select(['brand_id', 'category_id']).execute();
    const fromProducts = await k.selectFrom('products').select(['brand_id', 'category_id']).distinct().execute();
    const key = (r: { brand_id: number; category_id: number }) => `${r.brand_id}:${r.category_id}`;
    expect(new Set(links.map(key))).toEqual(new Set(fromProducts.map(key)));
  });

  it('has site metas for every page in both locales and every system variable in both', async () => {
    const k = shop.deps.db.kysely;
    const metas = await k.selectFrom('site_metas').select(['url', 'locale']).execute();
    const urls = new Set(metas.map((m) => m.url));
    for (const url of urls) {
      expect(
        metas
          .filter((m) => m.url === url)
          .map((m) => m.locale)
          .sort(),
      ).toEqual(['en', 'zh-TW']);
    }
    for (const url of ['/', '/about', '/cart/checkout', '/member/phone-Verification']) expect(urls.has(url)).toBe(true);
    const vars = await k.selectFrom('sys_vars').select(['code', 'locale', 'data']).execute();
    for (const code of ['privacyText', 'price', 'tremText', 'cookieText', 'addr', 'name', 'email', 'phone']) {
      expect(
        vars
          .filter((v) => v.code === code)
          .map((v) => v.locale)
          .sort(),
      ).toEqual(['en', 'zh-TW']);
    }
    expect(vars.find((v) => v.code === 'price')?.data).toMatch(/^\d+$/);
  });

  it('points every image path at a file under public/ with the stored size', async () => {
    const k = shop.deps.db.kysely;
    const images: { src: string; width: number; height: number }[] = [
      ...(await k.selectFrom('product_images').select(['src', 'width', 'height']).execute()),
      ...(await k
        .selectFrom('brands')
        .select(['image as src', 'image_width as width', 'image_height as height'])
        .execute()),
      ...(await k
        .selectFrom('categories')
        .select(['image as src', 'image_width as width', 'image_height as height'])
        .execute()),
      ...(await k
        .selectFrom('articles')
        .select(['image as src', 'image_width as width', 'image_height as height'])
        .execute()),
    ];
    const ogImages = await k.selectFrom('site_metas').select('og_image').distinct().execute();
    for (const { og_image } of ogImages) expect(existsSync(join(PUBLIC, og_image)), og_image).toBe(true);
    for (const img of images) {
      const file = join(PUBLIC, img.src);
      expect(existsSync(file), img.src).toBe(true);
      // The demo's drawings are WebP rendered from their SVG sources: the picture's own size is the stored one.
      const { width, height } = await sharp(file).metadata();
      expect({ width, height }, img.src).toEqual({ width: img.width, height: img.height });
    }
    const productless = await k
      .selectFrom('products')
      .leftJoin('product_images', 'product_images.product_id', 'products.id')
      .select('products.slug')
      .where('product_images.id', 'is', null)
      .execute();
    expect(productless).toEqual([]);
    const total = images.reduce((s, i) => s + statSync(join(PUBLIC, i.src)).size, 0);
    expect(total).toBeLessThan(3 * 1024 * 1024);
  });
});
