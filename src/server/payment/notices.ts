import type { Transaction } from 'kysely';
import { log } from '../common/log.ts';
import type { Deps } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { countNotice } from '../ops/metrics.ts';

/** What became of a notice, kept in payment_notices.outcome. */
export type NoticeOutcome =
  | 'paid'
  | 'duplicate'
  | 'failed'
  | 'simulated'
  | 'issued'
  | 'paid-after-cancel'
  | 'paid-twice'
  | 'returned'
  | `rejected:${string}`;

/** Where a payment record came from: ECPay's notices, or ECPay's answer to the shop's query. */
export type NoticeKind = 'notify' | 'info' | 'return' | 'reconcile';

type Writer = Transaction<Database> | Deps['db']['kysely'];

/** Keeps a notice as it was received (every field, the signature too) with what became of it. */
export async function recordNotice(
  k: Writer,
  n: { kind: NoticeKind; form: Record<string, string>; verified: boolean; outcome: NoticeOutcome; now: number },
): Promise<void> {
  await k
    .insertInto('payment_notices')
    .values({
      kind: n.kind,
      merchant_trade_no: (n.form.MerchantTradeNo ?? '').slice(0, 40),
      verified: n.verified ? 1 : 0,
      outcome: n.outcome.slice(0, 40),
      body: JSON.stringify(n.form),
      created_at: n.now,
    })
    .execute();
}

/** Records a refused notice and logs it: nothing else changes. */
export async function rejectNotice(
  deps: Deps,
  kind: NoticeKind,
  form: Record<string, string>,
  reason: string,
): Promise<void> {
  if (kind === 'notify') countNotice('refused');
  log.warn(
    { event: 'payment_notice_refused', kind, merchantTradeNo: form.MerchantTradeNo ?? null, reason },
    `refused ${kind} notice`,
  );
  await recordNotice(deps.db.kysely, {
    kind,
    form,
    verified: false,
    outcome: `rejected:${reason}`,
    now: deps.clock.now(),
  });
}

/** A payment attempt with what its notices are checked against. */
export type FoundAttempt = NonNullable<Awaited<ReturnType<typeof findAttempt>>>;

/** The attempt of `merchantTradeNo` with its order's total, state and number; undefined when unknown. */
export function findAttempt(k: Writer, merchantTradeNo: string) {
  return k
    .selectFrom('payment_attempts as a')
    .innerJoin('orders as o', 'o.id', 'a.order_id')
    .select([
      'a.id',
      'a.order_id',
      'a.amount',
      'a.state',
      'a.method',
      'a.installments',
      'a.redeem',
      'o.no',
      'o.total',
      'o.state as order_state',
      'o.locale',
    ])
    .where('a.merchant_trade_no', '=', merchantTradeNo)
    .executeTakeFirst();
}

/**
 * Takes the order's row lock first (a no-op UPDATE, on SQLite and PostgreSQL alike): every payment
 * transaction locks the order before its attempts, as moveOrder and the sweeper do, so that a notice
 * and the sweeper never wait on each other in opposite order.
 */
export async function lockOrder(trx: Transaction<Database>, orderId: number): Promise<void> {
  await trx
    .updateTable('orders')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', orderId)
    .execute();
}
