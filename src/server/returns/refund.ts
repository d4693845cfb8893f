import type { Kysely, Transaction } from 'kysely';
import type { Msg } from '../common/i18n.ts';
import { log } from '../common/log.ts';
import type { Deps } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { countRefund } from '../ops/metrics.ts';
import { lockOrder } from '../payment/notices.ts';
import { type CreditTrade, EcpayCreditError } from '../providers/ecpay/credit.ts';
import { chooseRefundAction, type RefundRefusal } from '../providers/ecpay/refund-action.ts';
import { type CardRefunds, ecpayCardRefunds, type PaidCard } from './card-refunds.ts';
import { announceRefundFailed, announceRefundSent } from './return-notices.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A refusal of a return or refund action, in both languages (the console shows it in the caller's). */
export class ReturnActionError extends Error {
  readonly msg: Msg;
  constructor(msg: Msg) {
    super(msg.en);
    this.name = 'ReturnActionError';
    this.msg = msg;
  }
}

/** The refusal of any action on a refund the owner cancelled. */
export const REFUND_CANCELLED = (id: number): Msg => ({
  zh: `退款 #${id} 已取消。`,
  en: `Refund #${id} was cancelled.`,
});

/** A card refund claimed this long ago and not finished (the server stopped mid-call) may be claimed again. */
const SENDING_STALE_MS = 2 * 60_000;
export const REFERENCE_MAX = 60;

export type RefundMethod = 'card' | 'transfer';
export const refundMethodOf = (paymentMethod: string): RefundMethod =>
  paymentMethod === 'credit' ? 'card' : 'transfer';

/**
 * Writes the refund of one request (a return, or a paid order cancelled before it shipped) under
 * its unique key, in the caller's transaction and under the order's row lock: a second write of
 * the same key changes nothing, and the order's refunds never add up to more than it paid.
 * Returns the refund's id, or null when there is nothing to refund.
 */
export async function createRefund(
  trx: Transaction<Database>,
  r: { orderId: number; returnId: number | null; key: string; amount: number; method: RefundMethod; now: number },
): Promise<number | null> {
  await lockOrder(trx, r.orderId);
  const existing = await trx.selectFrom('refunds').select('id').where('request_key', '=', r.key).executeTakeFirst();
  if (existing) return existing.id;
  if (r.amount <= 0) return null;
  const o = await trx.selectFrom('orders').select('total').where('id', '=', r.orderId).executeTakeFirstOrThrow();
  const given = await trx
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('n'))
    .where('order_id', '=', r.orderId)
    .executeTakeFirstOrThrow();
  const amount = Math.min(r.amount, o.total - Number(given.n));
  if (amount <= 0) return null;
  const row = await trx
    .insertInto('refunds')
    .values({
      order_id: r.orderId,
      return_id: r.returnId,
      request_key: r.key,
      amount,
      method: r.method,
      state: 'pending',
      created_at: r.now,
      updated_at: r.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const REFUSALS: Record<RefundRefusal, Msg> = {
  'bad-amount': { zh: '退款金額不正確。', en: 'The refund amount is not valid.' },
  'not-refundable': {
    zh: '這筆刷卡已取消或未授權，無法退款。',
    en: 'The card payment is cancelled or was never authorised: nothing to refund.',
  },
  'over-remaining': {
    zh: '退款金額超過這筆刷卡尚可退的金額。',
    en: 'The refund is more than the card payment has left to give back.',
  },
  'installment-whole': {
    zh: '分期付款只能全額退款。',
    en: 'An instalment payment can only be refunded whole.',
  },
  'redeem-whole': {
    zh: '使用信用卡紅利折抵的付款只能全額退款。',
    en: 'A card payment that used bonus points can only be refunded whole.',
  },
  'partial-before-close': {
    zh: '刷卡尚未關帳，部分退款須待關帳後（每日 20:15）再試。',
    en: 'The card payment is not closed yet: a partial refund can be sent after the daily close (20:15).',
  },
};

/**
 * Whether ECPay's card trade already gives back this refund beyond the order's refunds recorded as
 * sent: a DoAction that took effect but whose answer was lost.
 */
export async function madeAtEcpay(
  k: Db,
  row: { order_id: number; amount: number },
  trade: Pick<CreditTrade, 'status' | 'amount' | 'refundedAmount'>,
): Promise<boolean> {
  const sentBefore = await k
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('n'))
    .where('order_id', '=', row.order_id)
    .where('method', '=', 'card')
    .where('state', '=', 'sent')
    .executeTakeFirstOrThrow();
  const given = trade.status === 'cancelled' ? trade.amount : trade.refundedAmount;
  return given - Number(sentBefore.n) >= row.amount;
}

export async function paidCard(k: Db, orderId: number): Promise<PaidCard | undefined> {
  const a = await k
    .selectFrom('payment_attempts')
    .select(['merchant_trade_no', 'trade_no', 'amount', 'installments', 'redeemed_amount'])
    .where('order_id', '=', orderId)
    .where('state', '=', 'paid')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return a
    ? {
        merchantTradeNo: a.merchant_trade_no,
        tradeNo: a.trade_no,
        amount: a.amount,
        installments: a.installments,
        redeemed: Number(a.redeemed_amount ?? 0) > 0,
      }
    : undefined;
}

/** The owner's reference of a transfer done, trimmed; refused when empty or too long. */
export function transferReference(given: string | undefined): string {
  const reference = (given ?? '').trim();
  if (!reference || reference.length > REFERENCE_MAX)
    throw new ReturnActionError({
      zh: `請輸入轉帳的參考編號（1 到 ${REFERENCE_MAX} 個字）。`,
      en: `Enter the transfer's reference (1 to ${REFERENCE_MAX} characters).`,
    });
  return reference;
}

export interface SentRefund {
  id: number;
  orderId: number;
  returnId: number | null;
  state: string;
}

async function refundRow(k: Db, id: number) {
  return k.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Sends a refund, exactly once. A transfer is marked done with the owner's reference. A card refund
 * is claimed first (one compare-and-set: a double click, a second server or a retry finds it taken
 * and sends nothing); then ECPay is asked (QueryTrade/V2) what the card trade stands at: a refund
 * that a call without answer did make is recorded as sent, else the action is chosen (N or R) and
 * DoAction sent. A refusal or no answer leaves the refund `failed` with the reason; the next try
 * asks QueryTrade first again. `after` runs in the transaction that marks it sent.
 */
export async function sendRefund(
  deps: Deps,
  id: number,
  opts: { reference?: string | undefined; cards?: CardRefunds; after?: (trx: Transaction<Database>) => Promise<void> },
): Promise<SentRefund> {
  const k = deps.db.kysely;
  const now = deps.clock.now();
  const row = await refundRow(k, id);
  const done = (state: string): SentRefund => ({ id, orderId: row.order_id, returnId: row.return_id, state });
  if (row.state === 'sent') return done('sent');
  if (row.state === 'cancelled') throw new ReturnActionError(REFUND_CANCELLED(id));
  const method = row.method === 'card' ? 'card' : 'transfer';
  // The shopper's mail and the webhook's event are written with the move, once: only the update that moved it.
  const markSent = async (reference: string) => {
    const moved = await k.transaction().execute(async (trx) => {
      const sent = await trx
        .updateTable('refunds')
        .set({ state: 'sent', reference, reason: '', sent_at: now, updated_at: now })
        .where('id', '=', id)
        .where('state', 'in', ['pending', 'failed', 'sending'])
        .executeTakeFirst();
      if (Number(sent.numUpdatedRows) !== 1) return false;
      await announceRefundSent(trx, id, row.order_id, now);
      if (opts.after) await opts.after(trx);
      return true;
    });
    if (moved) countRefund(method, 'sent');
  };
  if (row.method === 'transfer') {
    const reference = transferReference(opts.reference);
    await markSent(reference);
    log.info({ event: 'refund_sent', refundId: id, method: 'transfer', amount: row.amount }, 'refund sent');
    return done((await refundRow(k, id)).state);
  }
  const claimed = await k
    .updateTable('refunds')
    .set((eb) => ({ state: 'sending', attempts: eb('attempts', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('state', 'in', ['pending', 'failed']),
        eb.and([eb('state', '=', 'sending'), eb('updated_at', '<', now - SENDING_STALE_MS)]),
      ]),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return done((await refundRow(k, id)).state);
  const fail = async (reason: string) => {
    const at = deps.clock.now();
    const moved = await k.transaction().execute(async (trx) => {
      const failed = await trx
        .updateTable('refunds')
        .set({ state: 'failed', reason: reason.slice(0, 200), updated_at: at })
        .where('id', '=', id)
        .where('state', '=', 'sending')
        .returning('attempts')
        .executeTakeFirst();
      if (failed)
        await announceRefundFailed(
          trx,
          id,
          row.order_id,
          { attempt: Number(failed.attempts), reason: reason.slice(0, 200) },
          at,
        );
      return failed !== undefined;
    });
    if (moved) countRefund(method, 'failed');
    log.warn({ event: 'refund_failed', refundId: id, reason }, 'card refund failed');
    return done('failed');
  };
  const card = await paidCard(k, row.order_id);
  if (!card) return fail('No paid card payment of this order.');
  // An installment sale, and one that used bonus points, is refunded whole or not at all (ECPay's
  // DoAction R): part of it is refused here, before ECPay is asked, whatever state the trade is in.
  if (card.installments > 0 && row.amount !== card.amount) return fail(REFUSALS['installment-whole'].zh);
  if (card.redeemed && row.amount !== card.amount) return fail(REFUSALS['redeem-whole'].zh);
  const cards = opts.cards ?? ecpayCardRefunds(deps);
  try {
    const trade = await cards.trade(card);
    if (!trade) return fail('ECPay knows no authorisation of this payment (error_nopay).');
    if (await madeAtEcpay(k, row, trade)) {
      await markSent(card.tradeNo);
      log.info({ event: 'refund_found_done', refundId: id }, 'card refund already done at ECPay');
      return done('sent');
    }
    const choice = chooseRefundAction(trade, row.amount);
    if ('refusal' in choice) return fail(REFUSALS[choice.refusal].zh);
    await k.updateTable('refunds').set({ action: choice.action }).where('id', '=', id).execute();
    await cards.act(card, choice.action, choice.amount);
    await markSent(card.tradeNo);
    log.info({ event: 'refund_sent', refundId: id, method: 'card', action: choice.action }, 'refund sent');
    return done('sent');
  } catch (err) {
    if (err instanceof EcpayCreditError)
      return fail(err.kind === 'refused' ? err.rtnMsg || err.message : `${err.kind}: ${err.message}`);
    await fail(err instanceof Error ? err.message : 'refund failed');
    throw err;
  }
}
