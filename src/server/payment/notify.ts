import type { Transaction } from 'kysely';
import { checkFault } from '../common/faults.ts';
import { log } from '../common/log.ts';
import type { Deps } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { notifyNeedsAction } from '../notify/outbox.ts';
import { countNotice, countOrder } from '../ops/metrics.ts';
import { moveOrder } from '../orders/order-state.ts';
import { ecpayConfig } from '../providers/ecpay/config.ts';
import type { CardExtra } from '../providers/ecpay/notice.ts';
import { EcpayNoticeError, NOTICE_ACK, type PaymentNotice, parsePaymentNotice } from '../providers/ecpay/notice.ts';
import { cardExtraColumns, cardExtraRefusal } from './card-extra.ts';
import { afterPaid } from './invoicing.ts';
import {
  type FoundAttempt,
  findAttempt,
  lockOrder,
  type NoticeOutcome,
  recordNotice,
  rejectNotice,
} from './notices.ts';

/** The plain-text answer to ECPay: `1|OK` once committed; anything else makes ECPay send it again. */
export interface NoticeAnswer {
  status: 200 | 400 | 503;
  body: string;
}

const refused = (reason: string): NoticeAnswer => ({ status: 400, body: `0|${reason}` });

/**
 * Verifies a ReturnURL notice (CheckMacValue, MerchantID, a known MerchantTradeNo, the amount, and
 * for a paid one the installments and bonus points against what the attempt asked for) and
 * applies it in one transaction: RtnCode 1 marks the attempt and the order paid. A repeat changes
 * nothing; a payment for an order already cancelled is kept and the order flagged for a refund.
 * Refused notices are recorded (verified 0) and logged, and change nothing else.
 */
export async function handlePaymentNotice(deps: Deps, form: Record<string, string>): Promise<NoticeAnswer> {
  let notice: PaymentNotice;
  try {
    notice = parsePaymentNotice(form, ecpayConfig(deps.env).payment);
  } catch (err) {
    if (!(err instanceof EcpayNoticeError)) throw err;
    await rejectNotice(deps, 'notify', form, err.fault);
    return refused(err.fault);
  }
  const k = deps.db.kysely;
  const found = await findAttempt(k, notice.merchantTradeNo);
  if (!found) {
    await rejectNotice(deps, 'notify', form, 'unknown-trade');
    return refused('unknown-trade');
  }
  if (notice.amount !== found.amount || notice.amount !== found.total) {
    await rejectNotice(deps, 'notify', form, 'amount');
    return refused('amount');
  }
  const disagrees = notice.paid ? cardExtraRefusal(found, notice.card) : null;
  if (disagrees) {
    await rejectNotice(deps, 'notify', form, disagrees);
    return refused(disagrees);
  }
  checkFault('payment.notify');
  const now = deps.clock.now();
  const outcome = await k.transaction().execute(async (trx): Promise<NoticeOutcome> => {
    let result: NoticeOutcome;
    await lockOrder(trx, found.order_id);
    if (notice.simulated) result = 'simulated';
    else if (!notice.paid) {
      await trx
        .updateTable('payment_attempts')
        .set({
          state: 'failed',
          trade_no: notice.tradeNo,
          rtn_code: notice.rtnCode,
          rtn_msg: notice.rtnMsg.slice(0, 200),
        })
        .where('id', '=', found.id)
        .where('state', 'in', ['new', 'issued'])
        .execute();
      result = 'failed';
    } else {
      result = await applyPaid(trx, found, {
        merchantTradeNo: notice.merchantTradeNo,
        tradeNo: notice.tradeNo,
        rtnCode: notice.rtnCode,
        rtnMsg: notice.rtnMsg,
        paidAt: notice.paymentDate ?? now,
        now,
        card: notice.card,
      });
    }
    await recordNotice(trx, { kind: 'notify', form, verified: true, outcome: result, now });
    return result;
  });
  countNotice(outcome === 'duplicate' ? 'repeated' : 'applied');
  if (outcome === 'paid') countOrder('paid', found.method);
  log.info(
    { event: 'payment_notice', orderNo: found.no, merchantTradeNo: notice.merchantTradeNo, outcome },
    `payment notice: ${outcome}`,
  );
  if (outcome === 'paid') afterPaid(deps, found.order_id);
  return { status: 200, body: NOTICE_ACK };
}

/**
 * Records a verified payment of `found`'s attempt (a notice, or ECPay's answer to a query) and pays
 * its order, inside the caller's transaction after lockOrder. A repeat changes nothing; money for an
 * order that can no longer take it is kept and the order flagged `needs_refund`.
 */
export async function applyPaid(
  trx: Transaction<Database>,
  found: FoundAttempt,
  paid: {
    merchantTradeNo: string;
    tradeNo: string;
    rtnCode: number;
    rtnMsg: string;
    paidAt: number;
    now: number;
    /** The installments and bonus points reported, checked against the attempt by the caller. */
    card: CardExtra;
  },
): Promise<NoticeOutcome> {
  const first = await trx
    .updateTable('payment_attempts')
    .set({
      state: 'paid',
      trade_no: paid.tradeNo,
      rtn_code: paid.rtnCode,
      rtn_msg: paid.rtnMsg.slice(0, 200),
      paid_at: paid.paidAt,
      ...cardExtraColumns(found, paid.card),
    })
    .where('id', '=', found.id)
    .where('state', '!=', 'paid')
    .executeTakeFirst();
  if (Number(first.numUpdatedRows) !== 1) return 'duplicate';
  if (await moveOrder(trx, { orderId: found.order_id, to: 'paid', note: paid.tradeNo, now: paid.now })) {
    await trx.updateTable('orders').set({ paid_at: paid.now }).where('id', '=', found.order_id).execute();
    return 'paid';
  }
  // Money came for an order that can no longer take it (released by the sweeper, cancelled, or
  // paid through another attempt): keep it and flag the order so that it is refunded.
  const order = await trx
    .selectFrom('orders')
    .select('state')
    .where('id', '=', found.order_id)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('orders')
    .set({ needs_refund: 1, updated_at: paid.now })
    .where('id', '=', found.order_id)
    .execute();
  await notifyNeedsAction(trx, found.order_id, 'refund', paid.now);
  const result = order.state === 'cancelled' ? 'paid-after-cancel' : 'paid-twice';
  log.warn(
    { event: 'payment_needs_refund', orderNo: found.no, merchantTradeNo: paid.merchantTradeNo, outcome: result },
    'money for an order that cannot take it: flagged for a refund',
  );
  return result;
}
