import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

type Row<T extends keyof Database> = {
  [K in keyof Database[T]]: Database[T][K] extends import('kysely').Generated<infer V> ? V : Database[T][K];
};
export type ProductRow = Row<'products'>;
export type VariantRow = Row<'variants'>;
export type ImageRow = Row<'product_images'>;
export type TaxonRow = Pick<Row<'brands'>, 'id' | 'slug' | 'name_zh' | 'name_en'>;

/** The catalogue as the import compares it: every product, variant, image, brand and category. */
export interface Snapshot {
  products: Map<string, ProductRow>;
  productById: Map<number, ProductRow>;
  variantsBySku: Map<string, VariantRow>;
  variantsByProduct: Map<number, VariantRow[]>;
  imagesByProduct: Map<number, ImageRow[]>;
  /** Every stored image's size by src, so that a file naming a photo already in the shop needs no file. */
  imageSizes: Map<string, { width: number; height: number }>;
  brands: TaxonRow[];
  categories: TaxonRow[];
  links: Set<string>;
  /** Variants that order lines point at: never deleted. */
  ordered: Set<number>;
}

const groupBy = <T, K>(rows: T[], key: (r: T) => K) => {
  const map = new Map<K, T[]>();
  for (const r of rows) {
    const list = map.get(key(r));
    if (list) list.push(r);
    else map.set(key(r), [r]);
  }
  return map;
};

export async function loadSnapshot(db: Db['kysely']): Promise<Snapshot> {
  const [products, variants, images, brands, categories, links, ordered] = await Promise.all([
    db.selectFrom('products').selectAll().execute(),
    db.selectFrom('variants').selectAll().orderBy('sort').orderBy('id').execute(),
    db.selectFrom('product_images').selectAll().orderBy('sort').orderBy('id').execute(),
    db.selectFrom('brands').select(['id', 'slug', 'name_zh', 'name_en']).execute(),
    db.selectFrom('categories').select(['id', 'slug', 'name_zh', 'name_en']).execute(),
    db.selectFrom('brand_categories').selectAll().execute(),
    db.selectFrom('order_lines').select('variant_id').distinct().execute(),
  ]);
  return {
    products: new Map(products.map((p) => [p.slug, p as ProductRow])),
    productById: new Map(products.map((p) => [p.id, p as ProductRow])),
    variantsBySku: new Map(variants.map((v) => [v.sku, v as VariantRow])),
    variantsByProduct: groupBy(variants as VariantRow[], (v) => v.product_id),
    imagesByProduct: groupBy(images as ImageRow[], (i) => i.product_id),
    imageSizes: new Map(images.map((i) => [i.src, { width: i.width, height: i.height }])),
    brands,
    categories,
    links: new Set(links.map((l) => `${l.brand_id}:${l.category_id}`)),
    ordered: new Set(ordered.map((o) => o.variant_id)),
  };
}
