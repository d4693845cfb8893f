import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Order events other domains subscribe to, so that orders never import them (the returns domain
 * writes the refund of a paid order cancelled before it shipped). A listener runs inside the
 * transaction of the move: what it writes commits or rolls back with it.
 */
export interface PaidOrderCancelled {
  orderId: number;
  now: number;
}

type Listener = (trx: Transaction<Database>, e: PaidOrderCancelled) => Promise<void>;

const paidCancelledListeners = new Set<Listener>();

/** Subscribes to paid orders being cancelled before they shipped (once per listener). */
export function onPaidOrderCancelled(listener: Listener): void {
  paidCancelledListeners.add(listener);
}

/** Tells the subscribers, in the cancel's transaction; false when none listens (the caller flags the order). */
export async function paidOrderCancelled(trx: Transaction<Database>, e: PaidOrderCancelled): Promise<boolean> {
  for (const listener of paidCancelledListeners) await listener(trx, e);
  return paidCancelledListeners.size > 0;
}
