import type { Kysely, Transaction } from 'kysely';
import { RETURN_WINDOW_DAYS } from '../../config.ts';
import type { Database, OrderState } from '../db/schema.ts';
import type { ServerEnv } from '../env.ts';

type Db = Kysely<Database> | Transaction<Database>;

const DAY_MS = 86_400_000;

/** Order states whose goods are in the shopper's hands. */
export const DELIVERED_STATES: readonly OrderState[] = ['delivered', 'picked_up', 'completed'];

/** RETURN_WINDOW_DAYS, else the default of config.ts. */
export const returnWindowDays = (env: Pick<ServerEnv, 'RETURN_WINDOW_DAYS'>): number =>
  env.RETURN_WINDOW_DAYS ?? RETURN_WINDOW_DAYS;

/**
 * When the goods reached the shopper: the delivery or pickup the parcel's status notice reported
 * (shipment_events, at the time ECPay gave), else the order's own move to delivered or picked up
 * (an order delivered by hand, or picked up at the shop). Null: not delivered yet.
 */
export async function deliveredAt(k: Db, orderId: number): Promise<number | null> {
  const parcel = await k
    .selectFrom('shipment_events as e')
    .innerJoin('shipments as s', 's.id', 'e.shipment_id')
    .select('e.at')
    .where('s.order_id', '=', orderId)
    .where('e.status', 'in', ['picked_up', 'delivered'])
    .orderBy('e.at')
    .executeTakeFirst();
  if (parcel) return Number(parcel.at);
  const moved = await k
    .selectFrom('order_events')
    .select('at')
    .where('order_id', '=', orderId)
    .where('state', 'in', ['delivered', 'picked_up'])
    .orderBy('at')
    .executeTakeFirst();
  return moved ? Number(moved.at) : null;
}

/** Until when the order may be returned, or null when it has not been delivered. */
export async function returnUntil(k: Db, env: Pick<ServerEnv, 'RETURN_WINDOW_DAYS'>, orderId: number) {
  const at = await deliveredAt(k, orderId);
  return at === null ? null : at + returnWindowDays(env) * DAY_MS;
}
