import { RECONCILE_AFTER_MS, RECONCILE_BATCH, RECONCILE_EVERY_MS } from '../../config.ts';
import { log } from '../common/log.ts';
import type { Deps } from '../context.ts';
import { countOrder } from '../ops/metrics.ts';
import { ecpayConfig, ecpayEndpoints } from '../providers/ecpay/config.ts';
import { EcpayQueryError, type QueriedTrade, queryTrade } from '../providers/ecpay/query.ts';
import { cardExtraRefusal } from './card-extra.ts';
import { afterPaid } from './invoicing.ts';
import { findAttempt, lockOrder, type NoticeOutcome, recordNotice } from './notices.ts';
import { applyPaid } from './notify.ts';

/**
 * What ECPay says of an order's attempts: one of them `paid` (and the order now paid, or flagged for
 * a refund), every one `unpaid`, or `unanswered` when any could not be asked: then nothing may be
 * concluded, and the order is never released on it.
 */
export type Reconciled = 'paid' | 'unpaid' | 'unanswered';

/** One attempt's line of the owner's report. */
export interface AttemptCheck {
  merchantTradeNo: string;
  /** ECPay's TradeStatus in words, or why there is no answer. */
  answer: QueriedTrade['status'] | 'amount-mismatch' | 'card-mismatch' | 'no-answer';
  outcome?: NoticeOutcome;
}

/** Asks ECPay (QueryTradeInfo) about one MerchantTradeNo with the shop's payment merchant. */
export function askEcpay(deps: Deps, merchantTradeNo: string): Promise<QueriedTrade> {
  const origin = new URL(deps.env.SITE_URL).origin;
  return queryTrade({
    url: ecpayEndpoints(deps.env, origin).queryTrade,
    account: ecpayConfig(deps.env).payment,
    merchantTradeNo,
    now: deps.clock.now(),
  });
}

/**
 * Asks ECPay about every attempt of the order not already paid, and applies what it says as a
 * notice would: TradeStatus 1 with the attempt's amount pays the order (kept in payment_notices as
 * kind `reconcile`). Each answered attempt records when it was checked.
 */
export async function reconcileOrder(
  deps: Deps,
  orderId: number,
): Promise<{ result: Reconciled; checks: AttemptCheck[] }> {
  const k = deps.db.kysely;
  const attempts = await k
    .selectFrom('payment_attempts')
    .select(['id', 'merchant_trade_no', 'state'])
    .where('order_id', '=', orderId)
    .where('state', '!=', 'paid')
    .orderBy('id')
    .execute();
  const checks: AttemptCheck[] = [];
  let unanswered = false;
  let paid = false;
  for (const attempt of attempts) {
    const mtn = attempt.merchant_trade_no;
    let trade: QueriedTrade;
    try {
      trade = await askEcpay(deps, mtn);
    } catch (err) {
      if (!(err instanceof EcpayQueryError)) throw err;
      log.warn({ event: 'reconcile_no_answer', orderId, merchantTradeNo: mtn, err }, 'no answer from ECPay');
      checks.push({ merchantTradeNo: mtn, answer: 'no-answer' });
      unanswered = true;
      continue;
    }
    const now = deps.clock.now();
    await k.updateTable('payment_attempts').set({ checked_at: now }).where('id', '=', attempt.id).execute();
    if (trade.status !== 'paid') {
      checks.push({ merchantTradeNo: mtn, answer: trade.status });
      continue;
    }
    const found = await findAttempt(k, mtn);
    if (!found) continue;
    if (trade.amount !== found.amount || trade.amount !== found.total) {
      // Paid, but not what the shop asked: a person must look; the order is not released on it.
      log.warn(
        {
          event: 'reconcile_amount_mismatch',
          orderNo: found.no,
          merchantTradeNo: mtn,
          paid: trade.amount,
          asked: found.total,
        },
        'ECPay reports a payment of another amount than the order asked',
      );
      await recordNotice(k, { kind: 'reconcile', form: trade.fields, verified: true, outcome: 'rejected:amount', now });
      checks.push({ merchantTradeNo: mtn, answer: 'amount-mismatch' });
      unanswered = true;
      continue;
    }
    const disagrees = cardExtraRefusal(found, trade.card);
    if (disagrees) {
      // Paid, but not as the attempt asked (another number of installments, points not asked for).
      log.warn(
        { event: 'reconcile_card_mismatch', orderNo: found.no, merchantTradeNo: mtn, reason: disagrees },
        'ECPay reports a payment whose installments or bonus points the attempt did not ask for',
      );
      await recordNotice(k, {
        kind: 'reconcile',
        form: trade.fields,
        verified: true,
        outcome: `rejected:${disagrees}`,
        now,
      });
      checks.push({ merchantTradeNo: mtn, answer: 'card-mismatch' });
      unanswered = true;
      continue;
    }
    const outcome = await k.transaction().execute(async (trx) => {
      await lockOrder(trx, found.order_id);
      const result = await applyPaid(trx, found, {
        merchantTradeNo: mtn,
        tradeNo: trade.tradeNo,
        rtnCode: 1,
        rtnMsg: 'reconciled (QueryTradeInfo)',
        paidAt: trade.paymentDate ?? now,
        now,
        card: trade.card,
      });
      await recordNotice(trx, { kind: 'reconcile', form: trade.fields, verified: true, outcome: result, now });
      return result;
    });
    if (outcome === 'paid') {
      countOrder('paid', found.method);
      log.warn(
        { event: 'reconcile_paid', orderNo: found.no, merchantTradeNo: mtn },
        'order found paid at ECPay without its notice',
      );
      afterPaid(deps, found.order_id);
    }
    checks.push({ merchantTradeNo: mtn, answer: 'paid', outcome });
    paid = true;
  }
  return { result: paid ? 'paid' : unanswered ? 'unanswered' : 'unpaid', checks };
}

/**
 * The reconciliation pass: orders awaiting payment with an attempt older than RECONCILE_AFTER_MS,
 * not asked about in the last RECONCILE_EVERY_MS, are looked up at ECPay, so that a lost notice is
 * caught within minutes rather than at the deadline. Returns how many orders were found paid.
 */
export async function reconcileAwaiting(deps: Deps): Promise<{ checked: number; paid: number }> {
  const now = deps.clock.now();
  const rows = await deps.db.kysely
    .selectFrom('payment_attempts as a')
    .innerJoin('orders as o', 'o.id', 'a.order_id')
    .select(['a.order_id', 'o.no'])
    .distinct()
    .where('o.state', '=', 'awaiting_payment')
    .where('a.state', 'in', ['new', 'issued'])
    .where('a.created_at', '<=', now - RECONCILE_AFTER_MS)
    .where((eb) => eb.or([eb('a.checked_at', 'is', null), eb('a.checked_at', '<=', now - RECONCILE_EVERY_MS)]))
    .orderBy('a.order_id')
    .limit(RECONCILE_BATCH)
    .execute();
  let paid = 0;
  for (const { order_id, no } of rows) {
    try {
      if ((await reconcileOrder(deps, order_id)).result === 'paid') paid++;
    } catch (err) {
      log.error({ event: 'reconcile_failed', orderNo: no, err }, 'reconciling an order failed');
    }
  }
  return { checked: rows.length, paid };
}
