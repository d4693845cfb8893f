import { LOW_STOCK_THRESHOLD, type Locale, WISHLIST_MAX } from '../../config.ts';
import { paged } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { publicMediaSrc } from '../common/media-url.ts';
import { iso } from '../common/wire.ts';
import type { Deps } from '../context.ts';

/** A saved variant on the wire: what it costs now and whether it can be bought. */
export interface WishlistItem {
  sku: string;
  product: { slug: string; name: string; brand: { slug: string; name: string } };
  option: string;
  price: number;
  compare_at_price: number | null;
  stock_state: 'in' | 'low' | 'out' | 'withdrawn';
  image: { src: string; width: number; height: number };
  added_at: string;
}

const stockState = (stock: number, withdrawn: boolean): WishlistItem['stock_state'] =>
  withdrawn ? 'withdrawn' : stock <= 0 ? 'out' : stock <= LOW_STOCK_THRESHOLD ? 'low' : 'in';

/**
 * A member's wishlist, newest first, paged; `skus` narrows it to those (what a page's hearts ask).
 * Prices and stock are read now, never kept: the list shows what the shop sells today. A saved variant
 * the catalog no longer has drops out; a withdrawn product's stays, marked so.
 */
export async function wishlistOf(
  deps: Deps,
  memberId: number,
  locale: Locale,
  page: number,
  size: number,
  opts: { skus?: string[]; products?: string[] } = {},
) {
  const s = locale === 'en' ? 'en' : 'zh';
  let base = deps.db.kysely
    .selectFrom('wishlist_items as w')
    .innerJoin('variants as v', 'v.id', 'w.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .where('w.user_id', '=', memberId);
  if (opts.skus) base = base.where('v.sku', 'in', opts.skus.length ? opts.skus : ['']);
  if (opts.products) base = base.where('p.slug', 'in', opts.products.length ? opts.products : ['']);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .select([
      'v.sku',
      `v.option_value_${s} as option`,
      'v.price',
      'v.compare_at_price',
      'v.stock',
      'v.image as variant_image',
      'p.id as product_id',
      'p.slug',
      `p.name_${s} as name`,
      'p.withdrawn_at',
      'b.slug as brand_slug',
      `b.name_${s} as brand_name`,
      'w.created_at',
    ])
    .orderBy('w.created_at', 'desc')
    .orderBy('w.variant_id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const productIds = [...new Set(rows.map((r) => r.product_id))];
  const images = productIds.length
    ? await deps.db.kysely
        .selectFrom('product_images')
        .select(['product_id', 'src', 'width', 'height'])
        .where('product_id', 'in', productIds)
        .orderBy('sort')
        .orderBy('id')
        .execute()
    : [];
  const firstImage = new Map<number, (typeof images)[number]>();
  for (const img of images) if (!firstImage.has(img.product_id)) firstImage.set(img.product_id, img);
  const data: WishlistItem[] = rows.map((r) => {
    const img = firstImage.get(r.product_id);
    return {
      sku: r.sku,
      product: { slug: r.slug, name: r.name, brand: { slug: r.brand_slug, name: r.brand_name } },
      option: r.option,
      price: r.price,
      compare_at_price: r.compare_at_price,
      stock_state: stockState(r.stock, r.withdrawn_at !== null),
      image: {
        src: publicMediaSrc(r.variant_image || img?.src || ''),
        width: img?.width ?? 0,
        height: img?.height ?? 0,
      },
      added_at: iso(Number(r.created_at)),
    };
  });
  return paged(data, Number(total.n), page, size);
}

async function variantOf(deps: Deps, sku: string) {
  const v = await deps.db.kysely
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'p.withdrawn_at'])
    .where('v.sku', '=', sku)
    .executeTakeFirst();
  return v;
}

const countOf = async (deps: Deps, memberId: number) =>
  Number(
    (
      await deps.db.kysely
        .selectFrom('wishlist_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', memberId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Saves a variant (PUT: saving it again changes nothing, and keeps its place). A variant on sale is
 * needed (404 PRODUCT_UNAVAILABLE otherwise); a list at WISHLIST_MAX refuses a new one (409).
 */
export async function saveItem(deps: Deps, memberId: number, sku: string): Promise<{ sku: string; count: number }> {
  const v = await variantOf(deps, sku);
  if (!v || v.withdrawn_at !== null) throw new ApiError('PRODUCT_UNAVAILABLE');
  await deps.db.kysely.transaction().execute(async (trx) => {
    const has = await trx
      .selectFrom('wishlist_items')
      .select('variant_id')
      .where('user_id', '=', memberId)
      .where('variant_id', '=', v.id)
      .executeTakeFirst();
    if (has) return;
    const n = await trx
      .selectFrom('wishlist_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', memberId)
      .executeTakeFirstOrThrow();
    if (Number(n.n) >= WISHLIST_MAX) throw new ApiError('WISHLIST_FULL', { params: { max: WISHLIST_MAX } });
    await trx
      .insertInto('wishlist_items')
      .values({ user_id: memberId, variant_id: v.id, created_at: deps.clock.now() })
      .onConflict((oc) => oc.columns(['user_id', 'variant_id']).doNothing())
      .execute();
  });
  return { sku, count: await countOf(deps, memberId) };
}

/** Removes a variant; removing one that is not saved (or unknown) changes nothing. */
export async function removeItem(deps: Deps, memberId: number, sku: string): Promise<{ sku: string; count: number }> {
  const v = await variantOf(deps, sku);
  if (v)
    await deps.db.kysely
      .deleteFrom('wishlist_items')
      .where('user_id', '=', memberId)
      .where('variant_id', '=', v.id)
      .execute();
  return { sku, count: await countOf(deps, memberId) };
}
