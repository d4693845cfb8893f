import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A shipment in these states holds (or may hold: `creating` after an unclear answer) a logistics
 * order at ECPay: the parcel is booked, and only the shop may cancel the order (cancelForShop).
 */
export const BOOKED: readonly string[] = ['creating', 'created'];

/**
 * The shipment's state once its logistics order is cancelled at ECPay, or left unsent by the owner
 * where ECPay has no cancel (shipping/parcel-cancel.ts). Its status notices are still taken.
 */
export const PARCEL_CANCELLED = 'cancelled';

/** Whether the order's parcel is booked with ECPay's logistics. */
export async function parcelBooked(k: Db, orderId: number): Promise<boolean> {
  const s = await k
    .selectFrom('shipments')
    .select('id')
    .where('order_id', '=', orderId)
    .where('state', 'in', BOOKED)
    .executeTakeFirst();
  return s !== undefined;
}
