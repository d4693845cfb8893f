import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ruleOf } from '../promotions/promotion-store.ts';
import { type BoughtOrder, computeRefund, type OrderPromotion, type RefundComputation } from './refund-amount.ts';
import { DONE_RETURN_STATES } from './return-states.ts';

type Db = Kysely<Database> | Transaction<Database>;

interface Snapshot {
  name_zh?: string;
  name_en?: string;
  amount?: number;
  promotion_id?: number;
  target?: 'lines' | 'shipping';
}

/** The order as bought, for the refund's computation: its lines, fee, total and promotions with their rules. */
export async function boughtOrder(k: Db, orderId: number): Promise<BoughtOrder> {
  const o = await k
    .selectFrom('orders')
    .select(['shipping_fee', 'shipping_discount', 'total', 'discounts'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const lines = await k
    .selectFrom('order_lines as l')
    .leftJoin('variants as v', 'v.id', 'l.variant_id')
    .leftJoin('products as p', 'p.id', 'v.product_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select(['l.sku', 'l.brand_slug', 'c.slug as category', 'l.quantity', 'l.unit_price', 'l.line_total', 'l.discount'])
    .where('l.order_id', '=', orderId)
    .orderBy('l.id')
    .execute();
  let kept: Snapshot[] = [];
  try {
    const parsed = JSON.parse(o.discounts) as unknown;
    kept = Array.isArray(parsed) ? (parsed as Snapshot[]) : [];
  } catch {
    kept = [];
  }
  const ids = kept.map((d) => d.promotion_id).filter((id): id is number => typeof id === 'number');
  const rows = ids.length ? await k.selectFrom('promotions').selectAll().where('id', 'in', ids).execute() : [];
  const promotions: OrderPromotion[] = kept.map((d) => {
    const row = rows.find((r) => r.id === d.promotion_id);
    return {
      rule: row ? ruleOf(row) : null,
      name: { zh: d.name_zh ?? '', en: d.name_en ?? '' },
      amount: Number(d.amount ?? 0),
      // Orders placed before the target was kept: a promotion worth the shipping discount is free shipping.
      target:
        d.target ?? (row?.free_shipping_over !== null && row?.free_shipping_over !== undefined ? 'shipping' : 'lines'),
    };
  });
  return {
    lines: lines.map((l) => ({
      sku: l.sku,
      brand: l.brand_slug,
      category: l.category ?? '',
      quantity: l.quantity,
      unitPrice: l.unit_price,
      lineTotal: l.line_total,
      discount: Number(l.discount),
    })),
    shippingFee: o.shipping_fee,
    shippingDiscount: Number(o.shipping_discount),
    total: o.total,
    promotions,
  };
}

/**
 * The refund of return `returnId` over what its order's other returns already took back: their
 * received units and the amounts they refunded. `use` picks this return's units: what was received,
 * or (before the goods arrive) what was asked for, as a preview.
 */
export async function refundOf(k: Db, returnId: number, use: 'received' | 'requested'): Promise<RefundComputation> {
  const r = await k.selectFrom('returns').select(['order_id']).where('id', '=', returnId).executeTakeFirstOrThrow();
  const order = await boughtOrder(k, r.order_id);
  const rows = await k
    .selectFrom('return_lines as rl')
    .innerJoin('returns as x', 'x.id', 'rl.return_id')
    .innerJoin('order_lines as l', 'l.id', 'rl.order_line_id')
    .select(['x.id', 'x.state', 'l.sku', 'rl.quantity', 'rl.received_quantity'])
    .where('x.order_id', '=', r.order_id)
    .execute();
  const before: Record<string, number> = {};
  const returning: Record<string, number> = {};
  for (const row of rows) {
    if (row.id === returnId) {
      returning[row.sku] = (returning[row.sku] ?? 0) + (use === 'received' ? row.received_quantity : row.quantity);
    } else if (DONE_RETURN_STATES.includes(row.state as never)) {
      before[row.sku] = (before[row.sku] ?? 0) + row.received_quantity;
    }
  }
  const refunded = await k
    .selectFrom('returns')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('refund_amount'), eb.lit(0)).as('n'))
    .where('order_id', '=', r.order_id)
    .where('id', '<>', returnId)
    .where('state', 'in', [...DONE_RETURN_STATES])
    .executeTakeFirstOrThrow();
  return computeRefund(order, before, returning, Number(refunded.n));
}
