import type { Kysely, Transaction } from 'kysely';
import { RETURN_STATES, type ReturnState } from '../../lib/returns/return-states.ts';
import type { Database } from '../db/schema.ts';
import { announceMove } from './return-notices.ts';

export { RETURN_STATES, type ReturnState };

/**
 * The moves between a return's states (issue 40; the list of states is shared with the pages):
 * requested → approved (or rejected) → in_transit → received → refunded → closed (received → closed when the owner cancels the refund); received
 * straight from approved too (the goods arrived before the parcel's notices, or were brought to the
 * shop); cancelled by the shopper before received.
 */
const NEXT: Record<ReturnState, readonly ReturnState[]> = {
  requested: ['approved', 'rejected', 'cancelled'],
  approved: ['in_transit', 'received', 'cancelled'],
  in_transit: ['received', 'cancelled'],
  // closed straight from received: the owner cancelled its refund (refund-cancel.ts).
  received: ['refunded', 'closed'],
  refunded: ['closed'],
  rejected: [],
  closed: [],
  cancelled: [],
};

/** The states a return may be in to move to `to`. */
export const returnStatesBefore = (to: ReturnState): ReturnState[] => RETURN_STATES.filter((s) => NEXT[s].includes(to));

/** States whose lines hold their requested quantities (what is left to return is counted without them). */
export const OPEN_RETURN_STATES: readonly ReturnState[] = ['requested', 'approved', 'in_transit'];
/** States whose lines hold what was received. */
export const DONE_RETURN_STATES: readonly ReturnState[] = ['received', 'refunded', 'closed'];

type Trx = Transaction<Database> | Kysely<Database>;

/**
 * Moves a return to `to` with one compare-and-set UPDATE and writes the move on the return's
 * timeline and on its order's (the order keeps its state; the note names the return and its move).
 * Run it in the transaction of the move's other writes. Returns false, changing nothing, when the
 * return is not in a state that may move to `to`.
 */
export async function moveReturn(
  trx: Trx,
  opts: { returnId: number; to: ReturnState; note?: string; now: number },
): Promise<boolean> {
  const moved = await trx
    .updateTable('returns')
    .set({ state: opts.to, updated_at: opts.now })
    .where('id', '=', opts.returnId)
    .where('state', 'in', returnStatesBefore(opts.to))
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  await recordReturnEvent(trx, opts.returnId, opts.to, opts.note ?? '', opts.now);
  return true;
}

/**
 * One row on the return's timeline and one on its order's (`return:<id>:<state>`, then the note), and
 * the move's notifications (the shopper's mail, the webhook's event, the owner's alert of a request).
 */
export async function recordReturnEvent(trx: Trx, returnId: number, state: ReturnState, note: string, now: number) {
  const r = await trx
    .selectFrom('returns as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['o.id as order_id', 'o.state as order_state'])
    .where('r.id', '=', returnId)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('return_events')
    .values({ return_id: returnId, state, note: note.slice(0, 200), at: now })
    .execute();
  await trx
    .insertInto('order_events')
    .values({
      order_id: r.order_id,
      state: r.order_state,
      note: [`return:${returnId}:${state}`, note].filter(Boolean).join(' ').slice(0, 200),
      at: now,
    })
    .execute();
  await announceMove(trx, returnId, r.order_id, state, now);
}
