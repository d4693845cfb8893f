import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Locale } from '../../config.ts';
import { publicMediaSrc } from '../common/media-url.ts';
import { iso, loc, type WireImage } from '../common/wire.ts';
import { compileOnce, type Params, unplanned } from '../db/compile-once.ts';
import type { Database } from '../db/schema.ts';

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
  /** False: excluded from the seven-day return once opened (the page says so). */
  returnable: boolean;
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

export type Query = SelectQueryBuilder<
  Database & {
    p: Database['products'];
    b: Database['brands'];
    c: Database['categories'];
    pi: Database['product_images'];
  },
  'p' | 'b' | 'c' | 'pi',
  object
>;

/**
 * Products with their brand, category and first image (by sort), one row each. PostgreSQL reads
 * the first image in a lateral subquery, one index step per product; SQLite has no LATERAL, and
 * joins on the first image's id instead (PostgreSQL would hash every image row for that).
 */
export function base(db: Kysely<Database>, lateral: boolean): Query {
  const q = db
    .selectFrom('products as p')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id');
  if (lateral)
    return q.leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('product_images as fi')
          .selectAll('fi')
          .whereRef('fi.product_id', '=', 'p.id')
          .orderBy('fi.sort')
          .orderBy('fi.id')
          .limit(1)
          .as('pi'),
      (join) => join.onTrue(),
    ) as unknown as Query;
  return q.leftJoin('product_images as pi', (join) =>
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

/** The summary columns in the locale's language, named as the wire names them. */
export const summaryColumns = (s: 'zh' | 'en') =>
  [
    'p.id',
    'p.uid',
    'p.slug',
    `p.name_${s} as name`,
    `p.summary_${s} as summary`,
    'p.price',
    'p.compare_at_price',
    'p.stock',
    'p.created_at',
    'b.slug as brand_slug',
    `b.name_${s} as brand_name`,
    'c.slug as category_slug',
    `c.name_${s} as category_name`,
    'pi.src as image_src',
    'pi.width as image_width',
    'pi.height as image_height',
    `pi.alt_${s} as image_alt`,
  ] as const;

export type SummaryRow = {
  id: number;
  uid: string;
  slug: string;
  name: string;
  summary: string;
  price: number;
  compare_at_price: number | null;
  stock: number;
  created_at: number;
  brand_slug: string;
  brand_name: string;
  category_slug: string;
  category_name: string;
  image_src: string | null;
  image_width: number | null;
  image_height: number | null;
  image_alt: string | null;
};

export type ImageRow = Database['product_images'] & { id: number };

export const toImage = (r: ImageRow, locale: Locale): WireImage => ({
  src: publicMediaSrc(r.src),
  width: r.width,
  height: r.height,
  alt: loc(r, 'alt', locale),
});

/** Every image of one product, in order. */
export const imagesOf = compileOnce((db, _shape: null, v: Params<{ id: number }>) =>
  db
    .selectFrom('product_images')
    .selectAll()
    .where('product_id', '=', unplanned(v.value('id'), 'integer'))
    .orderBy('sort')
    .orderBy('id'),
);

export function toSummary(r: SummaryRow): ProductSummary {
  return {
    id: r.id,
    uid: r.uid,
    slug: r.slug,
    name: r.name,
    summary: r.summary,
    brand: { slug: r.brand_slug, name: r.brand_name },
    category: { slug: r.category_slug, name: r.category_name },
    price: r.price,
    compare_at_price: r.compare_at_price,
    stock: r.stock,
    in_stock: r.stock > 0,
    image: {
      src: publicMediaSrc(r.image_src ?? ''),
      width: r.image_width ?? 0,
      height: r.image_height ?? 0,
      alt: r.image_alt ?? '',
    },
    created_at: iso(r.created_at),
  };
}

/** The summaries of `n` products by id, in no particular order (values `id0`, `id1`, …). */
export const summariesById = compileOnce(
  (db, shape: { s: 'zh' | 'en'; lateral: boolean; n: number }, v: Params<Record<string, number>>) =>
    base(db, shape.lateral)
      .select(summaryColumns(shape.s))
      .where(
        'p.id',
        'in',
        Array.from({ length: shape.n }, (_, i) => unplanned(v.value(`id${i}`), 'integer')),
      ),
);
