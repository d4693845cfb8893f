import type { Kysely, Transaction } from 'kysely';
import type { Locale } from '../../config.ts';
import type { Database } from '../db/schema.ts';
import type { ShipContext } from './shipping.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A cart line with what ordering needs: today's price and stock, what the shopper last saw, the box. */
export type CheckoutLine = Awaited<ReturnType<typeof readCheckoutLines>>[number];

export function readCheckoutLines(k: Db, cartId: number) {
  return k
    .selectFrom('cart_items as ci')
    .innerJoin('variants as v', 'v.id', 'ci.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'ci.id as item_id',
      'ci.quantity',
      'ci.seen_price',
      'v.id as variant_id',
      'v.sku',
      'v.price',
      'v.compare_at_price',
      'v.stock',
      'v.option_name_zh',
      'v.option_name_en',
      'v.option_value_zh',
      'v.option_value_en',
      'p.id as product_id',
      'p.slug as product_slug',
      'b.slug as brand_slug',
      'c.slug as category_slug',
      'p.name_zh',
      'p.name_en',
      'p.withdrawn_at',
      'p.weight_g',
      'p.length_cm',
      'p.width_cm',
      'p.height_cm',
    ])
    .where('ci.cart_id', '=', cartId)
    .orderBy('ci.created_at')
    .orderBy('ci.id')
    .execute();
}

/** The parcel of these lines: total weight and the longest box side, with the item it belongs to. */
export function parcelOf(lines: CheckoutLine[], locale: Locale): { weightG: number; longest: ShipContext['longest'] } {
  let weightG = 0;
  let longest = { cm: 0, name: '' };
  for (const l of lines) {
    weightG += l.weight_g * l.quantity;
    const side = Math.max(l.length_cm, l.width_cm, l.height_cm);
    if (side > longest.cm) longest = { cm: side, name: locale === 'en' ? l.name_en : l.name_zh };
  }
  return { weightG, longest };
}
