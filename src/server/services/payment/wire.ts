import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { OrderRow } from './owned-order.ts';

/** Methods paid through the cashier; cod and pickup_pay are paid when the parcel is handed over. */
const CASHIER_METHODS = ['credit', 'atm', 'cvs_code'];

/**
 * The `payment` part of the Order wire shape (snake_case, as the API answers it): the method, when it
 * was paid, the release deadline, the ATM account or store code of the latest attempt that issued
 * one, and whether the latest attempt failed (the shopper may try again).
 */
export async function orderPaymentWire(k: Kysely<Database>, order: OrderRow) {
  const attempts = CASHIER_METHODS.includes(order.payment_method)
    ? await k
        .selectFrom('payment_attempts')
        .select(['state', 'bank_code', 'v_account', 'payment_no', 'expires_at'])
        .where('order_id', '=', order.id)
        .orderBy('id', 'desc')
        .limit(20)
        .execute()
    : [];
  const issued = attempts.find((a) => a.state === 'issued' || (a.state === 'paid' && (a.v_account || a.payment_no)));
  const expiresAt = issued?.expires_at === null || issued?.expires_at === undefined ? null : Number(issued.expires_at);
  return {
    method: order.payment_method,
    paid_at: order.paid_at === null ? null : Number(order.paid_at),
    deadline: order.state === 'awaiting_payment' && order.pay_deadline !== null ? Number(order.pay_deadline) : null,
    atm: issued?.v_account ? { bank_code: issued.bank_code, account: issued.v_account, expires_at: expiresAt } : null,
    cvs_code: issued?.payment_no ? { code: issued.payment_no, expires_at: expiresAt } : null,
    failed: order.state === 'awaiting_payment' && attempts[0]?.state === 'failed',
  };
}

/** Whether the owner may start a (new) payment attempt now. */
export const canPay = (order: OrderRow): boolean =>
  order.state === 'awaiting_payment' && CASHIER_METHODS.includes(order.payment_method);
