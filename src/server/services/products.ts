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
  Database & { p: Database['products']; b: Database['brands']; c: Database['categories'] },
  'p' | 'b' | 'c',
  object
>;

function base(db: Db): Query {
  return db.kysely
    .selectFrom('products as p')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id') as unknown as Query;
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
};

type ImageRow = Database['product_images'] & { id: number };

const toImage = (r: ImageRow, locale: Locale): WireImage => ({
  src: r.src,
  width: r.width,
  height: r.height,
  alt: loc(r, 'alt', locale),
});

/** Every image of the given products, in order, grouped by product. */
async function imagesOf(db: Db, ids: number[]): Promise<Map<number, ImageRow[]>> {
  const out = new Map<number, ImageRow[]>();
  if (!ids.length) return out;
  const rows = await db.kysely
    .selectFrom('product_images')
    .selectAll()
    .where('product_id', 'in', ids)
    .orderBy('product_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  for (const r of rows as ImageRow[]) {
    const list = out.get(r.product_id) ?? [];
    list.push(r);
    out.set(r.product_id, list);
  }
  return out;
}

const NO_IMAGE = { src: '', width: 0, height: 0, alt_zh: '', alt_en: '' } as ImageRow;

function toSummary(r: SummaryRow, images: ImageRow[] | undefined, locale: Locale): ProductSummary {
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
    image: toImage(images?.[0] ?? NO_IMAGE, locale),
    created_at: iso(r.created_at),
  };
}

async function summaries(db: Db, rows: SummaryRow[], locale: Locale): Promise<ProductSummary[]> {
  const images = await imagesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toSummary(r, images.get(r.id), locale));
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
  const countRow = await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(countRow?.n ?? 0);
  if (!total || opts.offset >= total) return { total, data: [] };
  let q = filtered.select(summaryColumns);
  if (opts.sort === 'price_asc') q = q.orderBy('p.price', 'asc');
  else if (opts.sort === 'price_desc') q = q.orderBy('p.price', 'desc');
  else if (opts.sort === 'name') q = q.orderBy(locale === 'en' ? 'p.name_en' : 'p.name_zh', 'asc');
  else q = q.orderBy('p.created_at', 'desc');
  const rows = (await q.orderBy('p.id', 'desc').limit(opts.limit).offset(opts.offset).execute()) as SummaryRow[];
  return { total, data: await summaries(db, rows, locale) };
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
  const [variants, relatedRows] = await Promise.all([
    db.kysely
      .selectFrom('variants')
      .selectAll()
      .where('product_id', '=', row.id)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
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
  const images = await imagesOf(db, [row.id, ...relatedRows.map((r) => r.id)]);
  const specs = JSON.parse(row.specs) as Record<string, string>[];
  const own = images.get(row.id) ?? [];
  return {
    ...toSummary(row as SummaryRow, own, locale),
    description: loc(row, 'description', locale),
    specs: specs.map((s) => ({ label: loc(s, 'label', locale), value: loc(s, 'value', locale) })),
    images: own.map((i) => toImage(i, locale)),
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
    related: relatedRows.map((r) => toSummary(r, images.get(r.id), locale)),
    updated_at: iso(row.updated_at),
  };
}
