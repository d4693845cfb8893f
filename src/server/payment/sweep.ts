import type { ExpressionBuilder } from 'kysely';
import { PAYMENT_GRACE_MS, PAYMENT_SWEEP_INTERVAL_MS } from '../../config.ts';
import { log } from '../common/log.ts';
import type { Deps } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { countOrder, noteSweeperRun } from '../ops/metrics.ts';
import { moveOrder } from '../orders/order-state.ts';
import { invoiceWorkSettled, syncInvoices } from './invoicing.ts';
import { reconcileAwaiting, reconcileOrder } from './reconcile.ts';

/** The timeline note of an order released at its deadline. */
export const RELEASE_NOTE = 'payment deadline passed';
/** Orders released per pass; the next pass takes the rest. */
const BATCH = 200;

/** How long an expired ATM or store-code order keeps its stock (PAYMENT_GRACE_HOURS, else PAYMENT_GRACE_MS). */
export const graceMs = (deps: Deps): number =>
  deps.env.PAYMENT_GRACE_HOURS === undefined ? PAYMENT_GRACE_MS : deps.env.PAYMENT_GRACE_HOURS * 3_600_000;

/** Methods whose payment can be made until the account's or code's expiry and reported a day later. */
const OFFLINE_METHODS = ['atm', 'cvs_code'];

/** Whether the order `o` has an attempt with an ATM account or store code given. */
const issuedAttempt = (eb: ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>) =>
  eb.exists(
    eb
      .selectFrom('payment_attempts as a')
      .select('a.id')
      .whereRef('a.order_id', '=', 'o.id')
      .where('a.state', '=', 'issued'),
  );

/**
 * Cancels the unpaid orders past their pay deadline (card timeout; ATM or store-code expiry plus the
 * grace period), each in its own transaction, through moveOrder's compare-and-set, so that the stock
 * comes back once even when two servers sweep at once or a paid notice arrives at the same moment.
 * An order with a payment attempt is released only once ECPay has said that none of its attempts
 * was paid (QueryTradeInfo); a paid one is paid instead, and an unanswered query keeps the order for
 * the next pass. Their open attempts expire. Returns the numbers of the orders released.
 */
export async function releaseUnpaid(deps: Deps): Promise<string[]> {
  const k = deps.db.kysely;
  const now = deps.clock.now();
  const offlineDue = now - graceMs(deps);
  // An ATM account or store code was given (its attempt `issued`): it may be paid until its expiry
  // and reported later, so the grace period applies.
  const due = await k
    .selectFrom('orders as o')
    .select((eb) => ['o.id', 'o.no', 'o.payment_method', issuedAttempt(eb).as('issued')])
    .where('o.state', '=', 'awaiting_payment')
    .where('o.pay_deadline', '<=', now)
    .where((eb) =>
      eb.or([
        eb('o.payment_method', 'not in', OFFLINE_METHODS),
        eb('o.pay_deadline', '<=', offlineDue),
        eb.not(issuedAttempt(eb)),
      ]),
    )
    .orderBy('o.pay_deadline')
    .limit(BATCH)
    .execute();
  const released: string[] = [];
  for (const { id, no, payment_method, issued } of due) {
    const tried = await k.selectFrom('payment_attempts').select('id').where('order_id', '=', id).executeTakeFirst();
    if (tried) {
      const { result } = await reconcileOrder(deps, id);
      if (result !== 'unpaid') continue;
    }
    const deadlineAtMost = OFFLINE_METHODS.includes(payment_method) && issued ? offlineDue : now;
    const moved = await k.transaction().execute(async (trx) => {
      // Still unpaid and still past its deadline: a paid notice or a new card attempt may have come
      // since the order was chosen, and a paid order is never released.
      const released = await moveOrder(trx, {
        orderId: id,
        to: 'cancelled',
        note: RELEASE_NOTE,
        now,
        onlyFrom: ['awaiting_payment'],
        deadlineAtMost,
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
    if (moved) {
      released.push(no);
      countOrder('released', payment_method);
      log.info({ event: 'order_released', orderNo: no }, 'unpaid order released past its deadline');
    }
  }
  return released;
}

/** One pass: release unpaid orders, then issue or void the invoices still due. */
export async function sweepPayments(deps: Deps) {
  const reconciled = await reconcileAwaiting(deps);
  const released = (await releaseUnpaid(deps)).length;
  const invoices = await syncInvoices(deps);
  noteSweeperRun(deps.clock.now());
  log.debug({ event: 'sweep', released, reconciled: reconciled.paid, ...invoices }, 'payment sweep pass');
  return { released, reconciled: reconciled.paid, ...invoices };
}

/** Sweeps now and every PAYMENT_SWEEP_INTERVAL_MS; the returned stop waits for a pass under way. */
export function startPaymentSweeper(deps: Deps): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    running = sweepPayments(deps)
      .catch((err) => log.error({ event: 'sweep_failed', err }, 'payment sweep failed'))
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
