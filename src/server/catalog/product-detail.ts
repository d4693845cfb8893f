import type { Locale } from '../../config.ts';
import { ApiError } from '../common/errors.ts';
import { col } from '../common/i18n.ts';
import { iso, loc } from '../common/wire.ts';
import { compileOnce, type Params, unplanned } from '../db/compile-once.ts';
import type { Db } from '../db/index.ts';
import { withDetailExtras } from './product-extras.ts';
import {
  base,
  type ImageRow,
  imagesOf,
  type ProductDetail,
  type SummaryRow,
  summaryColumns,
  toImage,
  toSummary,
} from './product-rows.ts';
import { relatedRows } from './related.ts';

/** What changes the SQL text of the product page's queries. */
interface DetailShape {
  s: 'zh' | 'en';
  lateral: boolean;
}

/**
 * A product with its summary, description, specs and the ids related products are chosen by. The
 * slug is matched in a subquery: `p.slug = ?` beside the joins would be planned with the bound
 * value, and so re-planned on every run (see `unplanned`).
 */
const productBySlug = compileOnce((db, shape: DetailShape, v: Params<{ slug: string }>) =>
  base(db, shape.lateral)
    .select([
      ...summaryColumns(shape.s),
      `p.description_${shape.s} as description`,
      'p.specs',
      'p.updated_at',
      'p.brand_id',
      'p.category_id',
      'p.withdrawn_at',
      'p.returnable',
    ])
    .where('p.id', '=', (eb) =>
      eb.selectFrom('products as by_slug').select('by_slug.id').where('by_slug.slug', '=', v.value('slug')),
    ),
);

const variantsOf = compileOnce((db, _shape: null, v: Params<{ id: number }>) =>
  db
    .selectFrom('variants')
    .selectAll()
    .where('product_id', '=', unplanned(v.value('id'), 'integer'))
    .orderBy('sort')
    .orderBy('id'),
);

/**
 * A product page's data by slug; unknown or withdrawn → 404 (a withdrawn product is not sold: its
 * prerendered page, until the next rebuild removes it, says so from this answer).
 */
export async function productDetail(db: Db, slug: string, locale: Locale): Promise<ProductDetail> {
  const shape: DetailShape = { s: col(locale), lateral: db.dialect === 'postgres' };
  const [row] = await productBySlug(db, shape, { slug });
  if (!row || row.withdrawn_at !== null) throw new ApiError('NOT_FOUND');
  const [variants, images, related] = await Promise.all([
    variantsOf(db, null, { id: row.id }),
    imagesOf(db, null, { id: row.id }),
    relatedRows(db, shape, row),
  ]);
  const specs = JSON.parse(row.specs) as Record<string, string>[];
  return {
    ...toSummary(row as SummaryRow),
    description: row.description,
    specs: specs.map((spec) => ({ label: loc(spec, 'label', locale), value: loc(spec, 'value', locale) })),
    images: images.map((i) => toImage(i as ImageRow, locale)),
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
    returnable: Number(row.returnable) === 1,
    related: related.map(toSummary),
    updated_at: iso(row.updated_at),
  };
}

/**
 * The product as GET /api/products/:slug answers it: its detail with the ratings and what the other
 * domains add (product-extras.ts). The route and the build's pages (scripts/lib/in-process-shop.ts)
 * both read it here.
 */
export async function productAnswer(db: Db, slug: string, locale: Locale) {
  return withDetailExtras(db.kysely, await productDetail(db, slug, locale), locale);
}
