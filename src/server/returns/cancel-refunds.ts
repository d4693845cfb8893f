import { onPaidOrderCancelled } from '../orders/order-events.ts';
import { createRefund, refundMethodOf } from './refund.ts';

/**
 * The refund of a paid order cancelled before it shipped (issue 40, replacing the `needs_refund`
 * flag): written in the cancel's transaction under the key `cancel:<order id>`, the whole amount
 * paid, by card or by transfer as the order was paid; the owner sends it as a return's refund.
 */
export function subscribeCancelRefunds(): void {
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
