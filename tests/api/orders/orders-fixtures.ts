import type { OrderState } from '../../../src/server/db/schema.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import type { TestVariant } from '../cart/cart-helpers.ts';

let serial = 0;

/** Writes an order straight into the database (no stock taken), for tests of what follows ordering. */
export async function insertOrder(
  shop: TestShop,
  opts: {
    state: OrderState;
    lines: { variant: TestVariant; quantity: number }[];
    memberId?: number | null;
    shipping?: 'home' | 'cvs' | 'shop';
  },
): Promise<{ id: number; no: string }> {
  const k = shop.deps.db.kysely;
  const now = shop.clock.now();
  serial += 1;
  // Valid order numbers (no 0, 1, I or O in the random part), unique within a test process.
  const no = `20261121-T${[...String(serial).padStart(6, '0')].map((d) => 'ABCDEFGHJK'[Number(d)]).join('')}`;
  const subtotal = opts.lines.reduce((sum, l) => sum + l.variant.price * l.quantity, 0);
  const row = await k
    .insertInto('orders')
    .values({
      no,
      member_id: opts.memberId ?? null,
      state: opts.state,
      shipping_method: opts.shipping ?? 'home',
      payment_method: 'cod',
      subtotal,
      shipping_fee: 0,
      total: subtotal,
      receiver_name: '王小明',
      receiver_phone: '0912345678',
      invoice_type: 'member',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const l of opts.lines) {
    await k
      .insertInto('order_lines')
      .values({
        order_id: row.id,
        variant_id: l.variant.id,
        sku: l.variant.sku,
        product_slug: l.variant.productSlug,
        brand_slug: 'x',
        name_zh: '測試',
        name_en: 'Test',
        unit_price: l.variant.price,
        compare_at_price: null,
        quantity: l.quantity,
        line_total: l.variant.price * l.quantity,
      })
      .execute();
  }
  return { id: row.id, no };
}

export async function stockOf(shop: TestShop, variantId: number): Promise<{ variant: number; product: number }> {
  const r = await shop.deps.db.kysely
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.stock as variant', 'p.stock as product'])
    .where('v.id', '=', variantId)
    .executeTakeFirstOrThrow();
  return r;
}
