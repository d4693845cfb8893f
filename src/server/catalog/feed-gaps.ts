/**
 * Products on sale that the product feeds leave out for want of a photo (image_link is required):
 * a variant without its own photo, of a product without any image (feed-items.ts gives a variant its
 * own photo, else the product's first). The console's catalog page lists them; the build logs them.
 */
import type { Db } from '../db/index.ts';

export interface FeedGapWire {
  handle: string;
  name_zh: string;
  name_en: string;
  /** The variants left out (all of the product's, as no variant of it has a photo of its own). */
  skus: string[];
}

export interface FeedGapsWire {
  /** How many products, and variants, are left out in all. */
  products: number;
  variants: number;
  /** The first `limit` of them, oldest product first. */
  list: FeedGapWire[];
}

export async function feedGaps(db: Db, limit: number): Promise<FeedGapsWire> {
  const rows = await db.kysely
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['p.id', 'p.slug', 'p.name_zh', 'p.name_en', 'v.sku'])
    .where('p.withdrawn_at', 'is', null)
    .where('v.image', '=', '')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('product_images as i').select('i.id').whereRef('i.product_id', '=', 'p.id'))),
    )
    .orderBy('p.id')
    .orderBy('v.sort')
    .orderBy('v.id')
    .execute();
  const byProduct = new Map<number, FeedGapWire>();
  for (const r of rows) {
    const gap = byProduct.get(r.id);
    if (gap) gap.skus.push(r.sku);
    else byProduct.set(r.id, { handle: r.slug, name_zh: r.name_zh, name_en: r.name_en, skus: [r.sku] });
  }
  return { products: byProduct.size, variants: rows.length, list: [...byProduct.values()].slice(0, limit) };
}
