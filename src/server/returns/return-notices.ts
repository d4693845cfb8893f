import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  notifyReturnEvent,
  notifyReturnRequested,
  notifyReturnShopper,
  type ReturnEvent,
  type ReturnShopperPurpose,
} from '../notify/outbox.ts';

type Trx = Transaction<Database> | Kysely<Database>;

/**
 * What each move of a return tells (issue 40): the shopper's mail, the webhook's event and, for a
 * request, the owner's alert. Written with the move (the outbox's key makes a second write a no-op).
 */
const ON_MOVE: Record<string, { mail?: ReturnShopperPurpose; event?: ReturnEvent }> = {
  approved: { mail: 'return-approved', event: 'return-approved' },
  rejected: { mail: 'return-rejected', event: 'return-rejected' },
  in_transit: { event: 'return-in-transit' },
  received: { event: 'return-received' },
  cancelled: { event: 'return-cancelled' },
};

/** Writes the notifications of a return's move to `state` (return-states.ts ReturnState), in the move's transaction. */
export async function announceMove(trx: Trx, returnId: number, orderId: number, state: string, now: number) {
  const about = { returnId };
  if (state === 'requested') {
    await notifyReturnShopper(trx, 'return-requested', about, orderId, now);
    await notifyReturnRequested(trx, returnId, orderId, now);
    return;
  }
  const on = ON_MOVE[state];
  if (on?.mail) await notifyReturnShopper(trx, on.mail, about, orderId, now);
  if (on?.event) await notifyReturnEvent(trx, on.event, about, orderId, now);
}

/** The notifications of a refund sent (the shopper's mail and the webhook's event), in its transaction. */
export async function announceRefundSent(trx: Trx, refundId: number, orderId: number, now: number) {
  await notifyReturnShopper(trx, 'refund-sent', { refundId }, orderId, now);
  await notifyReturnEvent(trx, 'refund-sent', { refundId }, orderId, now);
}

/** The webhook's event of a refund's failed try (one per try: `attempt`), with why it failed. */
export const announceRefundFailed = (
  trx: Trx,
  refundId: number,
  orderId: number,
  failedTry: { attempt: number; reason: string },
  now: number,
) => notifyReturnEvent(trx, 'refund-failed', { refundId }, orderId, now, failedTry);
