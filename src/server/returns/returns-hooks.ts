import type { Kysely } from 'kysely';
import { addTodayPart } from '../admin/today.ts';
import type { Database } from '../db/schema.ts';
import { provideReturnFacts } from '../notify/return-facts.ts';
import { addNeedingAction } from '../ops/metrics.ts';
import { onPaidOrderCancelled } from '../orders/order-events.ts';
import { createRefund, refundMethodOf } from './refund.ts';
import { returnFactsReader } from './return-facts-reader.ts';
import { returnCounts } from './return-queues.ts';

/**
 * What the returns domain hooks into the others when the app is composed, so that none of them
 * imports it: the refund of a paid order cancelled before it shipped, the return queues' counts
 * on the console's Today and in the metrics, and the returns as the outbox's mails tell them.
 */
export function subscribeReturns(): void {
  subscribeCancelRefunds();
  addTodayPart('returns', (deps) => returnCounts(deps.db.kysely));
  addNeedingAction('returns', (deps) => waitingForTheShop(deps.db.kysely));
  provideReturnFacts(returnFactsReader);
}

/**
 * The returns' series of shop_orders_needing_action: each queue that waits for the shop (in transit
 * waits for the shopper or the carrier, so it is left out), and the refunds of paid orders cancelled
 * before they shipped that are not sent yet (what the `needs_refund` flag counted before).
 */
async function waitingForTheShop(k: Kysely<Database>): Promise<Record<string, number>> {
  const q = await returnCounts(k);
  const cancelled = await k
    .selectFrom('refunds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('return_id', 'is', null)
    .where('state', 'in', ['pending', 'sending', 'failed'])
    .executeTakeFirstOrThrow();
  return {
    return_to_approve: q['to-approve'],
    return_to_inspect: q['to-inspect'],
    return_to_refund: q['to-refund'],
    return_refund_failed: q.failed,
    cancel_refund: Number(cancelled.n),
  };
}

/**
 * The refund of a paid order cancelled before it shipped (issue 40, replacing the `needs_refund`
 * flag): written in the cancel's transaction under the key `cancel:<order id>`, the whole amount
 * paid, by card or by transfer as the order was paid; the owner sends it as a return's refund.
 */
function subscribeCancelRefunds(): void {
  onPaidOrderCancelled(writeCancelRefund);
}

async function writeCancelRefund(
  trx: Parameters<Parameters<typeof onPaidOrderCancelled>[0]>[0],
  e: { orderId: number; now: number },
): Promise<void> {
  const o = await trx
    .selectFrom('orders')
    .select(['total', 'payment_method'])
    .where('id', '=', e.orderId)
    .executeTakeFirstOrThrow();
  await createRefund(trx, {
    orderId: e.orderId,
    returnId: null,
    key: `cancel:${e.orderId}`,
    amount: o.total,
    method: refundMethodOf(o.payment_method),
    now: e.now,
  });
}
