/**
 * Every published variant for the product feeds (issue 32: Google Merchant Center and Meta
 * catalogs): a withdrawn product's variants are left out. One read of products, brands, variants and
 * first images, in the request's language; the feeds themselves are written by the build
 * (src/features/feeds/).
 */
import type { Locale } from '../../config.ts';
import { bodyText } from '../../lib/body-html.ts';
import { baseFee } from '../checkout/shipping.ts';
import { publicMediaSrc } from '../common/media-url.ts';
import { loc } from '../common/wire.ts';
import type { Db } from '../db/index.ts';

/** A product on sale as the feeds need it (snake_case, as every wire shape), its variants inside. */
export interface FeedProductWire {
  uid: string;
  slug: string;
  brand_slug: string;
  brand: string;
  name: string;
  /**
   * The description, else the summary, as plain text (feedText): at most DESCRIPTION_MAX characters,
   * the longest a feed takes; each feed's writer cuts it to its own limit.
   */
  description: string;
  variants: FeedVariantWire[];
}

export interface FeedVariantWire {
  sku: string;
  option_name: string;
  option_value: string;
  price: number;
  compare_at_price: number | null;
  stock: number;
  /** The lowest delivery fee in Taiwan for this variant alone (home or store pickup; pickup at the shop is not shipping). */
  shipping_fee: number;
  /** The variant's own photo, else the product's first image (a site path or absolute URL), or ''. */
  image: string;
}

/** Meta's longest description (Google's is 5,000: its writer cuts further). */
export const DESCRIPTION_MAX = 9999;

/**
 * A stored body (sanitized HTML or plain text, body-html.ts) as one line of plain text: tags
 * removed, entities decoded, runs of whitespace as one space, at most `max` characters (never half of
 * a character outside the BMP). Feeds show text; markup would appear in them as literal tags.
 */
export function feedText(body: string, max = DESCRIPTION_MAX): string {
  const flat = bodyText(body).replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  return (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut).trimEnd();
}

/** The shipping method that is a pickup at the shop, not a delivery. */
const SHOP_PICKUP = 'shop';

export async function feedItems(db: Db, locale: Locale): Promise<FeedProductWire[]> {
  const k = db.kysely;
  const [products, variants, images, methods, base] = await Promise.all([
    k
      .selectFrom('products as p')
      .innerJoin('brands as b', 'b.id', 'p.brand_id')
      .select([
        'p.id',
        'p.uid',
        'p.slug',
        'p.name_zh',
        'p.name_en',
        'p.description_zh',
        'p.description_en',
        'p.summary_zh',
        'p.summary_en',
        'b.slug as brand_slug',
        'b.name_zh as brand_zh',
        'b.name_en as brand_en',
      ])
      .where('p.withdrawn_at', 'is', null)
      .orderBy('p.id')
      .execute(),
    k.selectFrom('variants').selectAll().orderBy('product_id').orderBy('sort').orderBy('id').execute(),
    k
      .selectFrom('product_images')
      .select(['product_id', 'src', 'sort', 'id'])
      .orderBy('product_id')
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    k
      .selectFrom('shipping_methods')
      .select(['code', 'fee', 'free_over', 'max_total'])
      .where('active', '=', 1)
      .where('code', '!=', SHOP_PICKUP)
      .execute(),
    baseFee(db.kysely),
  ]);
  const shippingFee = (price: number): number => {
    const fees = methods
      .filter((m) => m.max_total === null || price <= Number(m.max_total))
      .map((m) => (m.free_over !== null && price >= Number(m.free_over) ? 0 : Number(m.fee ?? base)));
    return fees.length ? Math.min(...fees) : base;
  };
  const firstImage = new Map<number, string>();
  for (const img of images) if (!firstImage.has(img.product_id)) firstImage.set(img.product_id, img.src);
  const byProduct = new Map<number, typeof variants>();
  for (const v of variants) {
    const list = byProduct.get(v.product_id);
    if (list) list.push(v);
    else byProduct.set(v.product_id, [v]);
  }
  return products.map((p) => ({
    uid: p.uid,
    slug: p.slug,
    brand_slug: p.brand_slug,
    brand: locale === 'en' ? p.brand_en : p.brand_zh,
    name: loc(p, 'name', locale),
    description: feedText(loc(p, 'description', locale) || loc(p, 'summary', locale)),
    variants: (byProduct.get(p.id) ?? []).map((v) => ({
      sku: v.sku,
      option_name: loc(v, 'option_name', locale),
      option_value: loc(v, 'option_value', locale),
      price: Number(v.price),
      compare_at_price: v.compare_at_price === null ? null : Number(v.compare_at_price),
      stock: Number(v.stock),
      shipping_fee: shippingFee(Number(v.price)),
      image: publicMediaSrc(v.image || firstImage.get(p.id) || ''),
    })),
  }));
}
