import { sql } from 'kysely';
import type { ShopDb } from './shop-db.ts';

/** A variant the order scenarios sell, home-deliverable, with its price. */
export interface Item {
  variantId: number;
  productId: number;
  sku: string;
  price: number;
}

/**
 * The `n`-th variant on sale, counted from the newest (each scenario takes its own, so their counts
 * stay apart, and sets its stock itself).
 */
export async function pickItem(shop: ShopDb, n: number): Promise<Item> {
  const v = await shop.db.kysely
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.product_id', 'v.sku', 'v.price'])
    .where('p.withdrawn_at', 'is', null)
    .orderBy('v.id', 'desc')
    .offset(n)
    .limit(1)
    .executeTakeFirstOrThrow();
  return { variantId: v.id, productId: v.product_id, sku: v.sku, price: v.price };
}

/** Sets a variant's stock (and its product's total by the same difference). */
export async function setStock(shop: ShopDb, item: Item, stock: number): Promise<void> {
  await shop.db.kysely.transaction().execute(async (k) => {
    const { stock: was } = await k
      .selectFrom('variants')
      .select('stock')
      .where('id', '=', item.variantId)
      .executeTakeFirstOrThrow();
    await k.updateTable('variants').set({ stock }).where('id', '=', item.variantId).execute();
    await k
      .updateTable('products')
      .set({ stock: sql`stock + ${stock - was}` })
      .where('id', '=', item.productId)
      .execute();
  });
}

export async function stockOf(shop: ShopDb, item: Item): Promise<number> {
  const r = await shop.db.kysely
    .selectFrom('variants')
    .select('stock')
    .where('id', '=', item.variantId)
    .executeTakeFirstOrThrow();
  return r.stock;
}

/** Units of the variant in orders that hold their stock (every state but cancelled). */
export async function unitsOrdered(shop: ShopDb, item: Item): Promise<number> {
  const r = await shop.db.kysely
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select((eb) => eb.fn.sum<number>('l.quantity').as('n'))
    .where('l.variant_id', '=', item.variantId)
    .where('o.state', '!=', 'cancelled')
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Makes each member's cart hold exactly `quantity` of the item, at today's price, as if just added. */
export async function fillCarts(shop: ShopDb, memberIds: number[], item: Item, quantity = 1): Promise<void> {
  const now = Date.now();
  await shop.db.kysely.transaction().execute(async (k) => {
    for (const memberId of memberIds) {
      let cart = await k.selectFrom('carts').select('id').where('member_id', '=', memberId).executeTakeFirst();
      cart ??= await k
        .insertInto('carts')
        .values({ member_id: memberId, token_hash: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await k.deleteFrom('cart_items').where('cart_id', '=', cart.id).execute();
      await k
        .insertInto('cart_items')
        .values({
          cart_id: cart.id,
          variant_id: item.variantId,
          quantity,
          seen_price: item.price,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  });
}

/** Orders of these members, with how many lines and timeline rows each has. */
export async function ordersOf(shop: ShopDb, memberIds: number[]) {
  if (!memberIds.length) return [];
  return shop.db.kysely
    .selectFrom('orders as o')
    .select((eb) => [
      'o.id',
      'o.no',
      'o.member_id',
      'o.state',
      eb
        .selectFrom('order_lines as l')
        .whereRef('l.order_id', '=', 'o.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('lines'),
      eb
        .selectFrom('order_events as e')
        .whereRef('e.order_id', '=', 'o.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('events'),
    ])
    .where('o.member_id', 'in', memberIds)
    .execute();
}

/** The body of POST /api/orders for home delivery, card payment, the member's cloud invoice. */
export function orderBody(phone: string) {
  return {
    receiver: { name: '王小明', phone, email: 'load@example.tw' },
    shipping: { method: 'home', zipcode: '100', city: '臺北市', area: '中正區', addr: '重慶南路一段 122 號' },
    payment: 'credit',
    invoice: { type: 'member' },
  };
}
