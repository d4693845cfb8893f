import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Locale } from '../../config.ts';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { iso, loc, type WireImage } from './wire.ts';

/** A product in lists. */
export interface ProductSummary {
  id: number;
  uid: string;
  slug: string;
  name: string;
  summary: string;
  brand: { slug: string; name: string };
  category: { slug: string; name: string };
  price: number;
  compare_at_price: number | null;
  stock: number;
  in_stock: boolean;
  image: WireImage;
  created_at: string;
}

/** A product on its own page. */
export interface ProductDetail extends ProductSummary {
  description: string;
  specs: { label: string; value: string }[];
  images: WireImage[];
  variants: {
    id: number;
    sku: string;
    option_name: string;
    option_value: string;
    price: number;
    compare_at_price: number | null;
    stock: number;
    in_stock: boolean;
  }[];
  related: ProductSummary[];
  updated_at: string;
}

export type ProductSort = 'newest' | 'price_asc' | 'price_desc' | 'name';

export interface ProductFilter {
  brand?: string | undefined;
  category?: string | undefined;
  q?: string | undefined;
  min_price?: number | undefined;
  max_price?: number | undefined;
  in_stock?: boolean | undefined;
}

/** How many related products a product page shows. */
export const RELATED_COUNT = 4;

type Query = SelectQueryBuilder<
  Database & {
    p: Database['products'];
    b: Database['brands'];
    c: Database['categories'];
    pi: Database['product_images'];
  },
  'p' | 'b' | 'c' | 'pi',
  object
>;

/** Products with their brand, category and first image (by sort), one row each. */
function base(db: Db): Query {
  return db.kysely
    .selectFrom('products as p')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .leftJoin('product_images as pi', (join) =>
      join.on((eb) =>
        eb(
          'pi.id',
          '=',
          eb
            .selectFrom('product_images as fi')
            .select('fi.id')
            .whereRef('fi.product_id', '=', 'p.id')
            .orderBy('fi.sort')
            .orderBy('fi.id')
            .limit(1),
        ),
      ),
    ) as unknown as Query;
}

const summaryColumns = [
  'p.id',
  'p.uid',
  'p.slug',
  'p.name_zh',
  'p.name_en',
  'p.summary_zh',
  'p.summary_en',
  'p.price',
  'p.compare_at_price',
  'p.stock',
  'p.created_at',
  'b.slug as brand_slug',
  'b.name_zh as brand_name_zh',
  'b.name_en as brand_name_en',
  'c.slug as category_slug',
  'c.name_zh as category_name_zh',
  'c.name_en as category_name_en',
  'pi.src as image_src',
  'pi.width as image_width',
  'pi.height as image_height',
  'pi.alt_zh as image_alt_zh',
  'pi.alt_en as image_alt_en',
] as const;

type SummaryRow = {
  id: number;
  uid: string;
  slug: string;
  name_zh: string;
  name_en: string;
  summary_zh: string;
  summary_en: string;
  price: number;
  compare_at_price: number | null;
  stock: number;
  created_at: number;
  brand_slug: string;
  brand_name_zh: string;
  brand_name_en: string;
  category_slug: string;
  category_name_zh: string;
  category_name_en: string;
  image_src: string | null;
  image_width: number | null;
  image_height: number | null;
  image_alt_zh: string | null;
  image_alt_en: string | null;
};

type ImageRow = Database['product_images'] & { id: number };

const toImage = (r: ImageRow, locale: Locale): WireImage => ({
  src: r.src,
  width: r.width,
  height: r.height,
  alt: loc(r, 'alt', locale),
});

/** Every image of one product, in order. */
async function imagesOf(db: Db, productId: number): Promise<ImageRow[]> {
  const rows = await db.kysely
    .selectFrom('product_images')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows as ImageRow[];
}

function toSummary(r: SummaryRow, locale: Locale): ProductSummary {
  return {
    id: r.id,
    uid: r.uid,
    slug: r.slug,
    name: loc(r, 'name', locale),
    summary: loc(r, 'summary', locale),
    brand: { slug: r.brand_slug, name: loc(r, 'brand_name', locale) },
    category: { slug: r.category_slug, name: loc(r, 'category_name', locale) },
    price: r.price,
    compare_at_price: r.compare_at_price,
    stock: r.stock,
    in_stock: r.stock > 0,
    image: {
      src: r.image_src ?? '',
      width: r.image_width ?? 0,
      height: r.image_height ?? 0,
      alt: loc(r, 'image_alt', locale),
    },
    created_at: iso(r.created_at),
  };
}

/** `LIKE` pattern matching `text` anywhere, with the wildcards in it taken literally. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function applyFilter(q: Query, f: ProductFilter): Query {
  let out = q;
  if (f.brand) out = out.where('b.slug', '=', f.brand);
  if (f.category) out = out.where('c.slug', '=', f.category);
  if (f.min_price !== undefined) out = out.where('p.price', '>=', f.min_price);
  if (f.max_price !== undefined) out = out.where('p.price', '<=', f.max_price);
  if (f.in_stock) out = out.where('p.stock', '>', 0);
  if (f.q) {
    const pattern = containsPattern(f.q);
    out = out.where((eb: ExpressionBuilder<Database & { p: Database['products'] }, 'p'>) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('p.name_zh')}) LIKE ${pattern} ESCAPE '\\'`,
        sql<boolean>`lower(${eb.ref('p.name_en')}) LIKE ${pattern} ESCAPE '\\'`,
      ]),
    );
  }
  return out;
}

/** One page of products matching the filter, in the requested order, and the total count. */
export async function listProducts(
  db: Db,
  opts: ProductFilter & { sort: ProductSort; limit: number; offset: number },
  locale: Locale,
): Promise<{ total: number; data: ProductSummary[] }> {
  const filtered = applyFilter(base(db), opts);
  // The total rides along with the page (one statement); only a page past the end needs a count.
  let q = filtered.select(summaryColumns).select((eb) => eb.fn.countAll<number>().over().as('total_count'));
  if (opts.sort === 'price_asc') q = q.orderBy('p.price', 'asc');
  else if (opts.sort === 'price_desc') q = q.orderBy('p.price', 'desc');
  else if (opts.sort === 'name') q = q.orderBy(locale === 'en' ? 'p.name_en' : 'p.name_zh', 'asc');
  else q = q.orderBy('p.created_at', 'desc');
  const rows = (await q.orderBy('p.id', 'desc').limit(opts.limit).offset(opts.offset).execute()) as (SummaryRow & {
    total_count: number;
  })[];
  if (rows.length) return { total: Number(rows[0]!.total_count), data: rows.map((r) => toSummary(r, locale)) };
  if (!opts.offset) return { total: 0, data: [] };
  const countRow = await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return { total: Number(countRow?.n ?? 0), data: [] };
}

/** A product page's data by slug; unknown slug → 404. */
export async function productDetail(db: Db, slug: string, locale: Locale): Promise<ProductDetail> {
  const row = await base(db)
    .select([
      ...summaryColumns,
      'p.description_zh',
      'p.description_en',
      'p.specs',
      'p.updated_at',
      'p.brand_id',
      'p.category_id',
    ])
    .where('p.slug', '=', slug)
    .executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND');
  const [variants, images, relatedRows] = await Promise.all([
    db.kysely
      .selectFrom('variants')
      .selectAll()
      .where('product_id', '=', row.id)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    imagesOf(db, row.id),
    base(db)
      .select(summaryColumns)
      .where('p.id', '!=', row.id)
      .where((eb) => eb.or([eb('p.category_id', '=', row.category_id), eb('p.brand_id', '=', row.brand_id)]))
      .orderBy(
        sql`(CASE WHEN p.category_id = ${row.category_id} THEN 2 ELSE 0 END) + (CASE WHEN p.brand_id = ${row.brand_id} THEN 1 ELSE 0 END)`,
        'desc',
      )
      .orderBy(sql`CASE WHEN p.stock > 0 THEN 0 ELSE 1 END`)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id')
      .limit(RELATED_COUNT)
      .execute() as Promise<SummaryRow[]>,
  ]);
  const specs = JSON.parse(row.specs) as Record<string, string>[];
  return {
    ...toSummary(row as SummaryRow, locale),
    description: loc(row, 'description', locale),
    specs: specs.map((s) => ({ label: loc(s, 'label', locale), value: loc(s, 'value', locale) })),
    images: images.map((i) => toImage(i, locale)),
    variants: variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      option_name: loc(v, 'option_name', locale),
      option_value: loc(v, 'option_value', locale),
      price: v.price,
      compare_at_price: v.compare_at_price,
      stock: v.stock,
      in_stock: v.stock > 0,
    })),
    related: relatedRows.map((r) => toSummary(r, locale)),
    updated_at: iso(row.updated_at),
  };
}
