import type { Kysely } from 'kysely';
import { LOW_STOCK_THRESHOLD, type Locale } from '../../config.ts';
import { fillMessage } from '../common/errors.ts';
import { type Msg, pick } from '../common/i18n.ts';
import { publicMediaSrc } from '../common/media-url.ts';
import { loc, type WireImage } from '../common/wire.ts';
import type { Database } from '../db/schema.ts';

/** How a line stands against the shelf: `short` means fewer in stock than the line asks for. */
export type StockState = 'in_stock' | 'low_stock' | 'short' | 'sold_out' | 'withdrawn';

export interface CartLine {
  id: number;
  sku: string;
  product_slug: string;
  /** The product page is /brands/{brand_slug}/{product_slug}. */
  brand_slug: string;
  name: string;
  option_name: string;
  option_value: string;
  image: WireImage | null;
  unit_price: number;
  compare_at_price: number | null;
  quantity: number;
  stock_state: StockState;
  /** Units that can be bought now (0 when sold out or withdrawn). */
  available: number;
  line_total: number;
  /**
   * The unit price when the line was added (or last acknowledged), while the price has moved since
   * and the shopper has not yet been shown it; null when unchanged.
   */
  price_changed_from: number | null;
}

export type CartWarningCode = 'PRICE_CHANGED' | 'STOCK_SHORT' | 'SOLD_OUT' | 'WITHDRAWN';

export interface CartWarning {
  line_id: number;
  code: CartWarningCode;
  message: string;
  previous_price?: number;
  price?: number;
  available?: number;
}

/** The whole cart: every cart route answers with it. */
export interface Cart {
  lines: CartLine[];
  /** Units in the cart (the header's count). */
  count: number;
  /** Sum of the lines that can be bought as they are. */
  subtotal: number;
  warnings: CartWarning[];
  /** Every line can be bought as it is (no sold-out, short or withdrawn line) and there is one. */
  can_checkout: boolean;
  /** Present once, on the answer that created a guest cart: the client keeps it in the cartToken cookie. */
  cart_token?: string;
}

const WARNINGS: Record<CartWarningCode, Msg> = {
  PRICE_CHANGED: {
    zh: '價格已由 {previous_price} 調整為 {price}。',
    en: 'The price changed from {previous_price} to {price}.',
  },
  STOCK_SHORT: {
    zh: '庫存只剩 {available} 件，請減少數量後再結帳。',
    en: 'Only {available} left. Lower the quantity before checking out.',
  },
  SOLD_OUT: { zh: '此規格已售完，請移除後再結帳。', en: 'This option is sold out. Remove it to check out.' },
  WITHDRAWN: { zh: '此商品已下架，請移除後再結帳。', en: 'This product is no longer sold. Remove it to check out.' },
};

export const emptyCart = (): Cart => ({ lines: [], count: 0, subtotal: 0, warnings: [], can_checkout: false });

function stockState(withdrawn: boolean, stock: number, quantity: number): StockState {
  if (withdrawn) return 'withdrawn';
  if (stock <= 0) return 'sold_out';
  if (quantity > stock) return 'short';
  return stock <= LOW_STOCK_THRESHOLD ? 'low_stock' : 'in_stock';
}

function warning(lineId: number, code: CartWarningCode, locale: Locale, params: Record<string, number> = {}) {
  // Prices read as NT$1,234; counts as plain numbers.
  const text = Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, k.endsWith('price') ? `NT$${v.toLocaleString('en-US')}` : String(v)]),
  );
  return { line_id: lineId, code, message: fillMessage(pick(WARNINGS[code], locale), text), ...params };
}

/** Reads a cart with today's prices, stock and names in the locale, and the warnings of each line. */
export async function readCart(k: Kysely<Database>, cartId: number | undefined, locale: Locale): Promise<Cart> {
  if (cartId === undefined) return emptyCart();
  const rows = await k
    .selectFrom('cart_items as ci')
    .innerJoin('variants as v', 'v.id', 'ci.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .select([
      'ci.id',
      'b.slug as brand_slug',
      'ci.quantity',
      'ci.seen_price',
      'v.sku',
      'v.price',
      'v.compare_at_price',
      'v.stock',
      'v.option_name_zh',
      'v.option_name_en',
      'v.option_value_zh',
      'v.option_value_en',
      'p.id as product_id',
      'p.slug',
      'p.name_zh',
      'p.name_en',
      'p.withdrawn_at',
    ])
    .where('ci.cart_id', '=', cartId)
    .orderBy('ci.created_at')
    .orderBy('ci.id')
    .execute();
  if (!rows.length) return emptyCart();
  const images = await firstImages(k, [...new Set(rows.map((r) => r.product_id))], locale);
  const cart = emptyCart();
  for (const r of rows) {
    const withdrawn = r.withdrawn_at !== null;
    const state = stockState(withdrawn, r.stock, r.quantity);
    const lineTotal = r.price * r.quantity;
    const moved = !withdrawn && r.price !== r.seen_price;
    cart.lines.push({
      id: r.id,
      sku: r.sku,
      product_slug: r.slug,
      brand_slug: r.brand_slug,
      name: loc(r, 'name', locale),
      option_name: loc(r, 'option_name', locale),
      option_value: loc(r, 'option_value', locale),
      image: images.get(r.product_id) ?? null,
      unit_price: r.price,
      compare_at_price: r.compare_at_price,
      quantity: r.quantity,
      stock_state: state,
      available: withdrawn ? 0 : Math.max(0, r.stock),
      line_total: lineTotal,
      price_changed_from: moved ? r.seen_price : null,
    });
    cart.count += r.quantity;
    if (state === 'withdrawn') cart.warnings.push(warning(r.id, 'WITHDRAWN', locale));
    else if (state === 'sold_out') cart.warnings.push(warning(r.id, 'SOLD_OUT', locale));
    else if (state === 'short') cart.warnings.push(warning(r.id, 'STOCK_SHORT', locale, { available: r.stock }));
    else cart.subtotal += lineTotal;
    if (moved)
      cart.warnings.push(warning(r.id, 'PRICE_CHANGED', locale, { previous_price: r.seen_price, price: r.price }));
  }
  cart.can_checkout = !cart.warnings.some((w) => w.code !== 'PRICE_CHANGED');
  return cart;
}

async function firstImages(k: Kysely<Database>, productIds: number[], locale: Locale): Promise<Map<number, WireImage>> {
  const rows = await k
    .selectFrom('product_images')
    .select(['product_id', 'src', 'width', 'height', 'alt_zh', 'alt_en'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const out = new Map<number, WireImage>();
  for (const r of rows) {
    if (!out.has(r.product_id))
      out.set(r.product_id, {
        src: publicMediaSrc(r.src),
        width: r.width,
        height: r.height,
        alt: loc(r, 'alt', locale),
      });
  }
  return out;
}
