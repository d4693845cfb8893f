import { addCode, type CodeInput } from '../../../src/server/promotions/promotion-admin.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import type { TestVariant } from '../cart/cart-helpers.ts';

/** How many variants of each price range were handed out. */
const taken = new Map<string, number>();

/** A variant priced from `min` to `max` (each call another one), with ample stock. */
export async function variantPriced(shop: TestShop, min: number, max: number, stock = 100): Promise<TestVariant> {
  const k = shop.deps.db.kysely;
  const range = `${min}-${max}`;
  const skip = taken.get(range) ?? 0;
  taken.set(range, skip + 1);
  const v = await k
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.sku', 'v.price', 'p.id as product_id', 'p.slug'])
    .where('v.price', '>=', min)
    .where('v.price', '<=', max)
    .where('p.withdrawn_at', 'is', null)
    .orderBy('v.id')
    .offset(skip)
    .limit(1)
    .executeTakeFirstOrThrow();
  await k.updateTable('variants').set({ stock }).where('id', '=', v.id).execute();
  await k.updateTable('products').set({ stock }).where('id', '=', v.product_id).execute();
  return { id: v.id, sku: v.sku, price: v.price, productId: v.product_id, productSlug: v.slug };
}

let codes = 0;

/** A new coupon code with `opts` (a fresh name each call). */
export async function newCode(shop: TestShop, opts: Omit<CodeInput, 'code'>): Promise<string> {
  const code = `T${Date.now().toString(36).toUpperCase()}${codes++}`;
  await addCode(shop.deps, { code, ...opts });
  return code;
}

/** The promotion's `used` count. */
export async function usedOf(shop: TestShop, code: string): Promise<number> {
  const row = await shop.deps.db.kysely
    .selectFrom('promotions')
    .select('used')
    .where('code', '=', code.toUpperCase())
    .executeTakeFirstOrThrow();
  return Number(row.used);
}
