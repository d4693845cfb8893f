import { addTodayPart } from '../admin/today.ts';
import { onPaidOrderCancelled } from '../orders/order-events.ts';
import { createRefund, refundMethodOf } from './refund.ts';
import { returnCounts } from './return-queues.ts';

/**
 * What the returns domain hooks into the others when the app is composed, so that none of them
 * imports it: the refund of a paid order cancelled before it shipped, and the return queues' counts
 * on the console's Today.
 */
export function subscribeReturns(): void {
  subscribeCancelRefunds();
  addTodayPart('returns', (deps) => returnCounts(deps.db.kysely));
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
