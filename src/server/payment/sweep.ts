import { PAYMENT_SWEEP_INTERVAL_MS } from '../../config.ts';
import type { Deps } from '../context.ts';
import { moveOrder } from '../orders/order-state.ts';
import { invoiceWorkSettled, syncInvoices } from './invoicing.ts';

/** The timeline note of an order released at its deadline. */
export const RELEASE_NOTE = 'payment deadline passed';
/** Orders released per pass; the next pass takes the rest. */
const BATCH = 200;

/**
 * Cancels the unpaid orders past their pay deadline (card timeout, ATM or store-code expiry): each in
 * its own transaction, through moveOrder's compare-and-set, so that the stock comes back once even
 * when two servers sweep at once or a paid notice arrives at the same moment. Their open attempts
 * expire. Returns the numbers of the orders released.
 */
export async function releaseUnpaid(deps: Deps): Promise<string[]> {
  const k = deps.db.kysely;
  const now = deps.clock.now();
  const due = await k
    .selectFrom('orders')
    .select(['id', 'no'])
    .where('state', '=', 'awaiting_payment')
    .where('pay_deadline', '<=', now)
    .orderBy('pay_deadline')
    .limit(BATCH)
    .execute();
  const released: string[] = [];
  for (const { id, no } of due) {
    const moved = await k.transaction().execute(async (trx) => {
      // Still unpaid and still past its deadline: a paid notice or a new card attempt may have come
      // since the order was chosen, and a paid order is never released.
      const released = await moveOrder(trx, {
        orderId: id,
        to: 'cancelled',
        note: RELEASE_NOTE,
        now,
        onlyFrom: ['awaiting_payment'],
        deadlinePassed: true,
      });
      if (!released) return false;
      await trx
        .updateTable('payment_attempts')
        .set({ state: 'expired' })
        .where('order_id', '=', id)
        .where('state', 'in', ['new', 'issued'])
        .execute();
      return true;
    });
    if (moved) released.push(no);
  }
  return released;
}

/** One pass: release unpaid orders, then issue or void the invoices still due. */
export async function sweepPayments(deps: Deps) {
  const released = (await releaseUnpaid(deps)).length;
  const invoices = await syncInvoices(deps);
  return { released, ...invoices };
}

/** Sweeps now and every PAYMENT_SWEEP_INTERVAL_MS; the returned stop waits for a pass under way. */
export function startPaymentSweeper(deps: Deps): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    running = sweepPayments(deps)
      .catch((err) => console.error('[payments] sweep failed', err))
      .finally(() => {
        busy = false;
      });
  };
  run();
  const timer = setInterval(run, PAYMENT_SWEEP_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
    await invoiceWorkSettled();
  };
}
