import type { Transaction } from 'kysely';
import { stableUid } from '../common/prng.ts';
import type { Database } from '../db/schema.ts';
import { ARTICLES } from './articles.ts';
import { BRANDS } from './brands.ts';
import { CATEGORIES } from './categories.ts';
import { articleImage, brandImage, categoryImage, IMAGE_SIZE } from './images.ts';
import { demoProducts, SEED_EPOCH } from './products.ts';
import { seedShipping } from './shipping.ts';
import { demoSiteMetas } from './site-metas.ts';
import { demoSysVars } from './sys-vars.ts';

type Trx = Transaction<Database>;
const DAY_MS = 86_400_000;
const CATALOG_AGE_DAYS = 500;
// Keeps each INSERT well under SQLite's and PostgreSQL's bound-parameter limits.
const BATCH_ROWS = 200;

async function isEmpty(trx: Trx, table: 'brands' | 'articles' | 'site_metas' | 'sys_vars'): Promise<boolean> {
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

async function insertBatched<T extends keyof Database>(trx: Trx, table: T, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + BATCH_ROWS) as never)
      .execute();
  }
}

/** Brands, categories, their links, products, variants and images. */
async function seedProducts(trx: Trx): Promise<void> {
  const since = SEED_EPOCH - CATALOG_AGE_DAYS * DAY_MS;
  const brandRows = await trx
    .insertInto('brands')
    .values(
      BRANDS.map((b, sort) => ({
        uid: stableUid(`brand:${b.slug}`),
        slug: b.slug,
        name_zh: b.name_zh,
        name_en: b.name_en,
        description_zh: b.description_zh,
        description_en: b.description_en,
        image: brandImage(b.slug),
        image_width: IMAGE_SIZE.brand.width,
        image_height: IMAGE_SIZE.brand.height,
        sort,
        created_at: since,
        updated_at: since,
      })),
    )
    .returning(['id', 'slug'])
    .execute();
  const categoryRows = await trx
    .insertInto('categories')
    .values(
      CATEGORIES.map((c, sort) => ({
        uid: stableUid(`category:${c.slug}`),
        slug: c.slug,
        name_zh: c.name_zh,
        name_en: c.name_en,
        description_zh: c.description_zh,
        description_en: c.description_en,
        image: categoryImage(c.slug),
        image_width: IMAGE_SIZE.category.width,
        image_height: IMAGE_SIZE.category.height,
        sort,
        created_at: since,
        updated_at: since,
      })),
    )
    .returning(['id', 'slug'])
    .execute();
  const brandId = new Map(brandRows.map((r) => [r.slug, r.id]));
  const categoryId = new Map(categoryRows.map((r) => [r.slug, r.id]));

  const products = demoProducts();
  const productId = new Map<string, number>();
  for (let i = 0; i < products.length; i += BATCH_ROWS) {
    const rows = await trx
      .insertInto('products')
      .values(
        products.slice(i, i + BATCH_ROWS).map(({ variants: _v, images: _i, brand, category, specs, parcel, ...p }) => ({
          ...p,
          ...parcel,
          brand_id: brandId.get(brand)!,
          category_id: categoryId.get(category)!,
          specs: JSON.stringify(specs),
        })),
      )
      .returning(['id', 'slug'])
      .execute();
    for (const r of rows) productId.set(r.slug, r.id);
  }
  await insertBatched(
    trx,
    'variants',
    products.flatMap((p) => p.variants.map((v) => ({ ...v, product_id: productId.get(p.slug)! }))),
  );
  await insertBatched(
    trx,
    'product_images',
    products.flatMap((p) =>
      p.images.map(({ art: _a, hex: _h, accent: _c, view: _v, ...img }) => ({
        ...img,
        product_id: productId.get(p.slug)!,
      })),
    ),
  );
  const links = new Set(products.map((p) => `${brandId.get(p.brand)}:${categoryId.get(p.category)}`));
  await insertBatched(
    trx,
    'brand_categories',
    [...links].map((l) => {
      const [brand_id, category_id] = l.split(':').map(Number);
      return { brand_id, category_id };
    }),
  );
}

async function seedArticles(trx: Trx): Promise<void> {
  await insertBatched(
    trx,
    'articles',
    ARTICLES.map(({ daysAgo, art: _a, tint: _t, ...a }) => {
      const published_at = SEED_EPOCH - daysAgo * DAY_MS;
      return {
        ...a,
        uid: stableUid(`article:${a.slug}`),
        image: articleImage(a.slug),
        image_width: IMAGE_SIZE.article.width,
        image_height: IMAGE_SIZE.article.height,
        published_at,
        updated_at: published_at,
      };
    }),
  );
}

/**
 * Inserts each part of the demo catalogue whose table is still empty, inside the caller's
 * transaction. Returns whether anything was inserted.
 */
export async function seedCatalog(trx: Trx): Promise<boolean> {
  let inserted = false;
  if (await isEmpty(trx, 'brands')) {
    await seedProducts(trx);
    inserted = true;
  }
  if (await isEmpty(trx, 'articles')) {
    await seedArticles(trx);
    inserted = true;
  }
  if (await isEmpty(trx, 'site_metas')) {
    const rows = demoSiteMetas().map((m) => ({ ...m, uid: stableUid(`meta:${m.url}:${m.locale}`) }));
    await insertBatched(trx, 'site_metas', rows);
    inserted = true;
  }
  if (await isEmpty(trx, 'sys_vars')) {
    const rows = demoSysVars().map((v) => ({ ...v, uid: stableUid(`sysvar:${v.code}:${v.locale}`) }));
    await insertBatched(trx, 'sys_vars', rows);
    inserted = true;
  }
  if (await seedShipping(trx)) inserted = true;
  return inserted;
}
