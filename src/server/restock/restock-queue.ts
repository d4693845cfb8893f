import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { notifyRestock } from '../notify/outbox.ts';

type Writer = Transaction<Database> | Kysely<Database>;

const BATCH = 400;

/**
 * The one hook of every place stock rises (a catalog edit or stocktake, an import, a cancelled or
 * released order's stock coming back, a product published again): in the caller's transaction, each
 * waiting alert whose variant now has stock and is on sale gets its one `restock` notification in the
 * outbox and becomes `queued`. A subscription is only taken while its variant is sold out, so "waiting
 * with stock above 0" is exactly "its stock went from 0 to above 0". `variantIds` narrows the look to
 * the variants the caller touched; without it every waiting alert is looked at. Returns how many it queued.
 */
export async function queueRestocked(k: Writer, now: number, variantIds?: readonly number[]): Promise<number> {
  if (variantIds && !variantIds.length) return 0;
  const ids: number[] = [];
  const chunks = variantIds ? chunk(variantIds) : [undefined];
  for (const part of chunks) {
    let q = k
      .selectFrom('restock_alerts as a')
      .innerJoin('variants as v', 'v.id', 'a.variant_id')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select('a.id')
      .where('a.state', '=', 'waiting')
      .where('v.stock', '>', 0)
      .where('p.withdrawn_at', 'is', null);
    if (part) q = q.where('a.variant_id', 'in', part);
    for (const r of await q.orderBy('a.id').execute()) ids.push(r.id);
  }
  for (const id of ids) {
    const moved = await k
      .updateTable('restock_alerts')
      .set({ state: 'queued', queued_at: now })
      .where('id', '=', id)
      .where('state', '=', 'waiting')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1) await notifyRestock(k, id, now);
  }
  return ids.length;
}

function chunk<T>(xs: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += BATCH) out.push(xs.slice(i, i + BATCH));
  return out;
}
