import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { demoProducts } from './products.ts';

type Trx = Transaction<Database>;

/** Home delivery ships free from this subtotal on (NT$). */
export const HOME_FREE_OVER = 3000;
/** Home delivery to Penghu, Kinmen and Lienchiang (NT$). */
export const HOME_OUTLYING_FEE = 250;
/** Convenience-store pickup: fee, free threshold and the carriers' parcel limits. */
export const CVS_FEE = 60;
export const CVS_FREE_OVER = 2000;
export const CVS_OUTLYING_FEE = 120;
export const CVS_MAX_WEIGHT_G = 5000;
export const CVS_MAX_SIDE_CM = 45;

/** The three ways an order reaches the shopper; `fee: null` means the system variable `price`. */
export const SHIPPING_METHODS = [
  {
    code: 'home',
    name_zh: '宅配到府',
    name_en: 'Home delivery',
    fee: null,
    free_over: HOME_FREE_OVER,
    outlying_fee: HOME_OUTLYING_FEE,
    max_weight_g: null,
    max_side_cm: null,
    max_total: null,
    sort: 0,
  },
  {
    code: 'cvs',
    name_zh: '超商取貨',
    name_en: 'Convenience-store pickup',
    fee: CVS_FEE,
    free_over: CVS_FREE_OVER,
    outlying_fee: CVS_OUTLYING_FEE,
    max_weight_g: CVS_MAX_WEIGHT_G,
    max_side_cm: CVS_MAX_SIDE_CM,
    max_total: null,
    sort: 1,
  },
  {
    code: 'shop',
    name_zh: '門市自取',
    name_en: 'Pickup at our shop',
    fee: 0,
    free_over: null,
    outlying_fee: null,
    max_weight_g: null,
    max_side_cm: null,
    max_total: null,
    sort: 2,
  },
] as const;

/**
 * Adds the shipping methods a database lacks, and gives the demo products that have no weight yet
 * (a database seeded before weights existed) their packed weight and size. Safe to run every time.
 * Returns whether anything changed.
 */
export async function seedShipping(trx: Trx): Promise<boolean> {
  let changed = false;
  const have = new Set((await trx.selectFrom('shipping_methods').select('code').execute()).map((r) => r.code));
  const missing = SHIPPING_METHODS.filter((m) => !have.has(m.code));
  if (missing.length) {
    await trx
      .insertInto('shipping_methods')
      .values(missing.map((m) => ({ ...m })))
      .execute();
    changed = true;
  }
  const unsized = await trx.selectFrom('products').select('slug').where('weight_g', '=', 0).execute();
  if (!unsized.length) return changed;
  const parcels = new Map(demoProducts().map((p) => [p.slug, p.parcel]));
  for (const { slug } of unsized) {
    const parcel = parcels.get(slug);
    if (!parcel) continue;
    await trx.updateTable('products').set(parcel).where('slug', '=', slug).execute();
    changed = true;
  }
  return changed;
}
