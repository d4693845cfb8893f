import type { Transaction } from 'kysely';
import { stableUid } from '../../common/prng.ts';
import type { Database } from '../../db/schema.ts';
import { queueRestocked } from '../../restock/restock-queue.ts';
import type { Plan, TaxonRef } from './plan.ts';

/** Rows per INSERT: well under SQLite's 32,766 bound variables for the widest table. */
const BATCH = 400;

export interface Applied {
  productsCreated: number;
  productsUpdated: number;
  productsUnchanged: number;
  variantsCreated: number;
  variantsUpdated: number;
  variantsRemoved: number;
  variantsZeroed: number;
}

/** Counts what a plan does, without doing it (the dry run's report). */
export function countPlan(plan: Plan): Applied {
  const c: Applied = {
    productsCreated: 0,
    productsUpdated: 0,
    productsUnchanged: 0,
    variantsCreated: 0,
    variantsUpdated: 0,
    variantsRemoved: 0,
    variantsZeroed: 0,
  };
  for (const p of plan.products) {
    if (!p.existing) c.productsCreated++;
    else if (p.changed) c.productsUpdated++;
    else c.productsUnchanged++;
    for (const v of p.variants) {
      if (!v.existing) c.variantsCreated++;
      else if (v.changed) c.variantsUpdated++;
    }
    c.variantsRemoved += p.removed.length;
    c.variantsZeroed += p.zeroed.length;
  }
  return c;
}

async function insertAll<T extends 'variants' | 'product_images' | 'brand_categories'>(
  trx: Transaction<Database>,
  table: T,
  rows: Parameters<ReturnType<Transaction<Database>['insertInto']>['values']>[0][] & object[],
) {
  for (let i = 0; i < rows.length; i += BATCH)
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
}

/** Writes a checked plan inside the caller's transaction. */
export async function applyPlan(trx: Transaction<Database>, plan: Plan, now: number): Promise<void> {
  const taxonIds = async (table: 'brands' | 'categories', created: Plan['brands']) => {
    const ids = new Map<string, number>();
    for (let i = 0; i < created.length; i += BATCH) {
      const rows = await trx
        .insertInto(table)
        .values(
          created.slice(i, i + BATCH).map((t) => ({
            ...t,
            uid: stableUid(`${table === 'brands' ? 'brand' : 'category'}:${t.slug}`),
            description_zh: '',
            description_en: '',
            image: '',
            image_width: 0,
            image_height: 0,
            sort: 0,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning(['id', 'slug'])
        .execute();
      for (const r of rows) ids.set(r.slug, r.id);
    }
    return (ref: TaxonRef) => ('id' in ref ? ref.id : ids.get(ref.slug)!);
  };
  const brandId = await taxonIds('brands', plan.brands);
  const categoryId = await taxonIds('categories', plan.categories);

  const fresh = plan.products.filter((p) => !p.existing);
  const productId = new Map<string, number>();
  for (let i = 0; i < fresh.length; i += BATCH) {
    const rows = await trx
      .insertInto('products')
      .values(
        fresh.slice(i, i + BATCH).map((p) => ({
          ...p.fields,
          uid: stableUid(`product:${p.fields.slug}`),
          brand_id: brandId(p.brand),
          category_id: categoryId(p.category),
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'slug'])
      .execute();
    for (const r of rows) productId.set(r.slug, r.id);
  }

  const newVariants: object[] = [];
  const newImages: object[] = [];
  const links = new Set<string>();
  const removed: number[] = [];
  const replacedImages: number[] = [];
  for (const p of plan.products) {
    const id = p.existing?.id ?? productId.get(p.fields.slug)!;
    links.add(`${brandId(p.brand)}:${categoryId(p.category)}`);
    if (p.existing && p.changed)
      await trx
        .updateTable('products')
        .set({ ...p.fields, brand_id: brandId(p.brand), category_id: categoryId(p.category), updated_at: now })
        .where('id', '=', id)
        .execute();
    for (const v of p.variants) {
      if (!v.existing) newVariants.push({ ...v.fields, product_id: id });
      else if (v.changed) await trx.updateTable('variants').set(v.fields).where('id', '=', v.existing.id).execute();
    }
    removed.push(...p.removed.map((v) => v.id));
    for (const v of p.zeroed) await trx.updateTable('variants').set({ stock: 0 }).where('id', '=', v.id).execute();
    if (p.images) {
      if (p.existing) replacedImages.push(id);
      newImages.push(...p.images.map((img) => ({ ...img, product_id: id })));
    }
  }
  for (let i = 0; i < removed.length; i += BATCH)
    await trx
      .deleteFrom('variants')
      .where('id', 'in', removed.slice(i, i + BATCH))
      .execute();
  for (let i = 0; i < replacedImages.length; i += BATCH)
    await trx
      .deleteFrom('product_images')
      .where('product_id', 'in', replacedImages.slice(i, i + BATCH))
      .execute();
  await insertAll(trx, 'variants', newVariants);
  await insertAll(trx, 'product_images', newImages);
  const existingLinks = new Set(
    (await trx.selectFrom('brand_categories').selectAll().execute()).map((l) => `${l.brand_id}:${l.category_id}`),
  );
  await insertAll(
    trx,
    'brand_categories',
    [...links]
      .filter((l) => !existingLinks.has(l))
      .map((l) => {
        const [brand_id, category_id] = l.split(':').map(Number);
        return { brand_id, category_id };
      }),
  );
  for (let i = 0; i < plan.withdraw.length; i += BATCH)
    await trx
      .updateTable('products')
      .set({ withdrawn_at: now, updated_at: now })
      .where(
        'id',
        'in',
        plan.withdraw.slice(i, i + BATCH).map((p) => p.id),
      )
      .execute();
  // Stock raised by the file, and products published again, alert their waiting subscribers.
  await queueRestocked(trx, now);
}
