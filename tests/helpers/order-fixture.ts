import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { sha256 } from '../../src/server/common/tokens.ts';
import { newOrderNo } from '../../src/server/orders/order-no.ts';
import type { TestShop } from './test-app.ts';

export interface FixtureOrder {
  id: number;
  no: string;
  total: number;
  guestKey: string;
  variantId: number;
  quantity: number;
}

let picked = 0;

/**
 * An order as POST /api/orders leaves it, written straight to the database: one line of a demo
 * variant (its stock taken), a guest key, awaiting payment by `payment`. Each call takes another variant.
 */
export async function placeFixtureOrder(
  shop: TestShop,
  opts: {
    payment?: 'credit' | 'apple_pay' | 'twqr' | 'atm' | 'cvs_code' | 'cod' | 'pickup_pay';
    quantity?: number;
    stock?: number;
    shippingFee?: number;
    locale?: 'zh-TW' | 'en';
    invoice?: { type: string; carrier?: string; code?: string; taxId?: string; title?: string };
    memberId?: number;
    /** Pickup at the shop: no delivery address. */
    shopPickup?: boolean;
  } = {},
): Promise<FixtureOrder> {
  const k = shop.deps.db.kysely;
  const now = shop.clock.now();
  const quantity = opts.quantity ?? 1;
  const v = await k
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .select(['v.id', 'v.sku', 'v.price', 'v.product_id', 'p.slug', 'b.slug as brand_slug', 'p.name_zh', 'p.name_en'])
    // ECPay's cashier takes a store code only up to NT$6,000 (config.ts ECPAY_AMOUNT_LIMITS).
    .$if(opts.payment === 'cvs_code', (q) => q.where('v.price', '<=', Math.floor(5_000 / quantity)))
    .orderBy('v.id', 'desc')
    .offset(picked++)
    .limit(1)
    .executeTakeFirstOrThrow();
  await k
    .updateTable('variants')
    .set({ stock: (opts.stock ?? 10) - quantity })
    .where('id', '=', v.id)
    .execute();
  await k
    .updateTable('products')
    .set({ stock: sql`stock - ${quantity}` })
    .where('id', '=', v.product_id)
    .execute();
  const payment = opts.payment ?? 'credit';
  const fee = opts.shippingFee ?? 100;
  const guestKey = randomBytes(16).toString('base64url');
  const no = newOrderNo(now);
  const inv = opts.invoice ?? { type: 'member' };
  const state = payment === 'cod' || payment === 'pickup_pay' ? 'processing' : 'awaiting_payment';
  const order = await k
    .insertInto('orders')
    .values({
      no,
      member_id: opts.memberId ?? null,
      guest_key_hash: opts.memberId ? null : sha256(guestKey),
      state,
      shipping_method: opts.shopPickup ? 'shop' : 'home',
      payment_method: payment,
      subtotal: v.price * quantity,
      shipping_fee: fee,
      total: v.price * quantity + fee,
      receiver_name: '陳大文',
      receiver_phone: '0912345678',
      receiver_email: 'buyer@example.tw',
      ...(opts.shopPickup
        ? {}
        : { ship_zipcode: '100', ship_city: '臺北市', ship_area: '中正區', ship_addr: '重慶南路一段 122 號' }),
      invoice_type: inv.type,
      invoice_carrier: inv.carrier ?? '',
      invoice_donation_code: inv.code ?? '',
      invoice_tax_id: inv.taxId ?? '',
      invoice_title: inv.title ?? '',
      pay_deadline: state === 'awaiting_payment' ? now + 3 * 86_400_000 : null,
      locale: opts.locale ?? 'zh-TW',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await k
    .insertInto('order_lines')
    .values({
      order_id: order.id,
      variant_id: v.id,
      sku: v.sku,
      product_slug: v.slug,
      brand_slug: v.brand_slug,
      name_zh: v.name_zh,
      name_en: v.name_en,
      unit_price: v.price,
      quantity,
      line_total: v.price * quantity,
    })
    .execute();
  await k.insertInto('order_events').values({ order_id: order.id, state, note: '', at: now }).execute();
  return { id: order.id, no, total: v.price * quantity + fee, guestKey, variantId: v.id, quantity };
}
