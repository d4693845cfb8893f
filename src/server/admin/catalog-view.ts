import { LOW_STOCK_AT_DEFAULT } from '../../config.ts';
import { type Paged, paged } from '../common/envelope.ts';
import type { Deps } from '../context.ts';
import { waitingByVariant } from '../restock/alerts.ts';

/** The threshold of "low stock": LOW_STOCK_AT, as the owner's alert uses it. */
export const lowStockAt = (deps: Deps): number => deps.env.LOW_STOCK_AT ?? LOW_STOCK_AT_DEFAULT;

export interface AdminVariant {
  sku: string;
  option_zh: string;
  option_en: string;
  price: number;
  compare_at_price: number | null;
  stock: number;
  /** Restock alerts waiting for it (issue 32). */
  waiting: number;
}

export interface AdminProduct {
  handle: string;
  name_zh: string;
  name_en: string;
  brand: string;
  withdrawn: boolean;
  variants: AdminVariant[];
}

const likeText = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The console's product list: newest first, searched by name, handle or SKU, published or withdrawn, low stock. */
export async function listProductsForConsole(
  deps: Deps,
  q: {
    q?: string | undefined;
    state?: 'published' | 'withdrawn' | undefined;
    lowStock?: boolean;
    soldOut?: boolean;
    page: number;
    limit: number;
  },
): Promise<Paged<AdminProduct>> {
  const k = deps.db.kysely;
  const text = q.q?.trim() ?? '';
  const low = lowStockAt(deps);
  let base = k.selectFrom('products as p').innerJoin('brands as b', 'b.id', 'p.brand_id');
  if (q.state === 'published') base = base.where('p.withdrawn_at', 'is', null);
  if (q.state === 'withdrawn') base = base.where('p.withdrawn_at', 'is not', null);
  if (text) {
    const like = `%${likeText(text)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('p.name_zh', 'like', like),
        eb('p.name_en', 'like', like),
        eb('p.slug', 'like', like),
        eb.exists(
          eb
            .selectFrom('variants as v')
            .select('v.id')
            .whereRef('v.product_id', '=', 'p.id')
            .where('v.sku', 'like', like),
        ),
      ]),
    );
  }
  if (q.lowStock)
    base = base.where((eb) =>
      eb.exists(
        eb.selectFrom('variants as v').select('v.id').whereRef('v.product_id', '=', 'p.id').where('v.stock', '<=', low),
      ),
    );
  if (q.soldOut)
    base = base.where((eb) =>
      eb.exists(
        eb.selectFrom('variants as v').select('v.id').whereRef('v.product_id', '=', 'p.id').where('v.stock', '<=', 0),
      ),
    );
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .select(['p.id', 'p.slug', 'p.name_zh', 'p.name_en', 'p.withdrawn_at', 'p.returnable', 'b.name_zh as brand'])
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  const variants = rows.length
    ? await k
        .selectFrom('variants')
        .select(['id', 'product_id', 'sku', 'option_value_zh', 'option_value_en', 'price', 'compare_at_price', 'stock'])
        .where(
          'product_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('sort')
        .orderBy('id')
        .execute()
    : [];
  const waiting = await waitingByVariant(
    deps,
    variants.map((v) => Number(v.id)),
  );
  const data = rows.map((r) => ({
    handle: r.slug,
    name_zh: r.name_zh,
    name_en: r.name_en,
    brand: r.brand,
    withdrawn: r.withdrawn_at !== null,
    returnable: Number(r.returnable) === 1,
    variants: variants
      .filter((v) => v.product_id === r.id)
      .map((v) => ({
        sku: v.sku,
        option_zh: v.option_value_zh,
        option_en: v.option_value_en,
        price: Number(v.price),
        compare_at_price: v.compare_at_price === null ? null : Number(v.compare_at_price),
        stock: Number(v.stock),
        waiting: waiting.get(Number(v.id)) ?? 0,
      })),
  }));
  return paged(data, Number(count?.n ?? 0), q.page, q.limit);
}

/** Variants of products on sale that are sold out (`soldOut`) or else at or below LOW_STOCK_AT yet in stock. */
function onSale(deps: Deps, soldOut: boolean) {
  const q = deps.db.kysely
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .where('p.withdrawn_at', 'is', null);
  return soldOut ? q.where('v.stock', '<=', 0) : q.where('v.stock', '>', 0).where('v.stock', '<=', lowStockAt(deps));
}

/** How many variants of products on sale are sold out, and how many are low (in stock, at or below LOW_STOCK_AT). */
export async function stockCounts(deps: Deps): Promise<{ low: number; soldOut: number }> {
  const count = async (soldOut: boolean) =>
    Number(
      (
        await onSale(deps, soldOut)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  return { low: await count(false), soldOut: await count(true) };
}

/** The lowest variants in stock at or below LOW_STOCK_AT, of products on sale (sold-out ones are counted apart). */
export function lowInStockVariants(deps: Deps, limit: number) {
  return onSale(deps, false)
    .select([
      'v.sku',
      'p.slug as handle',
      'p.name_zh as product_name_zh',
      'p.name_en as product_name_en',
      'v.option_value_zh as option',
      'v.stock',
    ])
    .orderBy('v.stock')
    .orderBy('v.id')
    .limit(limit)
    .execute();
}
