import type { Transaction } from 'kysely';
import { log } from '../common/log.ts';
import type { Deps } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { raiseStock } from '../orders/order-state.ts';
import type { CardRefunds } from './card-refunds.ts';
import { correctInvoice } from './invoice-correction.ts';
import {
  createRefund,
  REFERENCE_MAX,
  REFUND_CANCELLED,
  ReturnActionError,
  refundMethodOf,
  sendRefund,
  transferReference,
} from './refund.ts';
import { refundOf } from './refund-basis.ts';
import { bookReturnParcel, NO_PARCEL, parcelReturnable } from './return-parcel.ts';
import { moveReturn, type ReturnState } from './return-states.ts';

/**
 * The shop's return actions (issue 40), the same functions for the console API and
 * `npm run orders -- returns …`: approve (how the goods come back), reject (a reason the shopper
 * reads), receive (per line: received and damaged; undamaged units back on sale, the refund
 * computed and stored), refund (sent exactly once).
 */

export type ReturnMethod = 'parcel' | 'shopper' | 'shop';

const STATE_WORDS: Record<ReturnState, { zh: string; en: string }> = {
  requested: { zh: '待審核', en: 'requested' },
  approved: { zh: '已核准', en: 'approved' },
  rejected: { zh: '已拒絕', en: 'rejected' },
  in_transit: { zh: '寄回中', en: 'in transit' },
  received: { zh: '已收到', en: 'received' },
  refunded: { zh: '已退款', en: 'refunded' },
  closed: { zh: '已結案', en: 'closed' },
  cancelled: { zh: '已撤回', en: 'cancelled' },
};

const refuse = (id: number, state: string, to: ReturnState) => {
  const s = STATE_WORDS[state as ReturnState] ?? { zh: state, en: state };
  return new ReturnActionError({
    zh: `退貨 #${id} 目前為「${s.zh}」，無法改為「${STATE_WORDS[to].zh}」。`,
    en: `Return #${id} is ${s.en}: it cannot be moved to ${STATE_WORDS[to].en}.`,
  });
};

async function returnRow(deps: Deps, id: number) {
  const r = await deps.db.kysely
    .selectFrom('returns as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.id', 'r.state', 'r.order_id', 'o.no as order_no', 'o.payment_method', 'r.refund_amount'])
    .select(['r.return_method', 'r.parcel_status'])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!r) throw new ReturnActionError({ zh: `沒有退貨 #${id}。`, en: `No return #${id}.` });
  return r;
}

/** The order number of a return, for the audit log (undefined: no such return). */
export async function orderNoOfReturn(deps: Deps, id: number): Promise<string | undefined> {
  const r = await deps.db.kysely
    .selectFrom('returns as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select('o.no')
    .where('r.id', '=', id)
    .executeTakeFirst();
  return r?.no;
}

async function move(
  deps: Deps,
  id: number,
  to: ReturnState,
  note: string,
  more?: (trx: Transaction<Database>) => Promise<void>,
) {
  const r = await returnRow(deps, id);
  const now = deps.clock.now();
  const moved = await deps.db.kysely.transaction().execute(async (trx) => {
    if (!(await moveReturn(trx, { returnId: id, to, note, now }))) return false;
    if (more) await more(trx);
    return true;
  });
  if (!moved) throw refuse(id, (await returnRow(deps, id)).state, to);
  log.info({ event: `return_${to}`, returnId: id, orderNo: r.order_no }, `return ${to}`);
}

/**
 * Approves a requested return; `method`: a return parcel booked with the order's carrier (the
 * default for an order sent by a store chain or T-CAT that ECPay takes back), the shopper sends it
 * back (the default otherwise), or it is brought to the shop. The approval commits first; a parcel
 * whose booking failed leaves the return approved with the reason, and approving again retries it.
 */
export async function approveReturn(deps: Deps, id: number, method?: ReturnMethod): Promise<void> {
  const r = await returnRow(deps, id);
  const chosen = method ?? ((await parcelReturnable(deps, r.order_id)) ? 'parcel' : 'shopper');
  if (chosen === 'parcel' && !(await parcelReturnable(deps, r.order_id))) throw new ReturnActionError(NO_PARCEL);
  const retry =
    r.state === 'approved' && r.return_method === 'parcel' && ['', 'failed', 'booking'].includes(r.parcel_status);
  if (!(retry && chosen === 'parcel'))
    await move(deps, id, 'approved', chosen, async (trx) => {
      await trx.updateTable('returns').set({ return_method: chosen }).where('id', '=', id).execute();
    });
  if (chosen === 'parcel') await bookReturnParcel(deps, id);
}

/** Rejects a requested return with a reason the shopper reads. */
export async function rejectReturn(deps: Deps, id: number, reason: string): Promise<void> {
  await move(deps, id, 'rejected', '', async (trx) => {
    await trx
      .updateTable('returns')
      .set({ reject_reason: reason.slice(0, 200) })
      .where('id', '=', id)
      .execute();
  });
}

export interface ReceivedLine {
  sku: string;
  received_quantity: number;
  damaged_quantity: number;
}

/**
 * The goods arrived: per line, how many came and how many of those are damaged (a line left out:
 * none came). In one transaction: the move, the quantities, the undamaged units back on sale through
 * the one stock-rise hook (restock alerts fire), the refund computed, stored and written under the
 * return's unique key.
 */
export async function receiveReturn(deps: Deps, id: number, lines: readonly ReceivedLine[]): Promise<void> {
  const r = await returnRow(deps, id);
  const k = deps.db.kysely;
  const own = await k
    .selectFrom('return_lines as rl')
    .innerJoin('order_lines as l', 'l.id', 'rl.order_line_id')
    .innerJoin('variants as v', 'v.id', 'l.variant_id')
    .select(['rl.id', 'l.sku', 'rl.quantity', 'l.variant_id', 'v.product_id'])
    .where('rl.return_id', '=', id)
    .execute();
  for (const l of lines) {
    const line = own.find((x) => x.sku === l.sku);
    if (!line) throw new ReturnActionError({ zh: `退貨 #${id} 沒有 ${l.sku}。`, en: `Return #${id} has no ${l.sku}.` });
    if (l.received_quantity > line.quantity || l.damaged_quantity > l.received_quantity)
      throw new ReturnActionError({
        zh: `${l.sku}：收到的數量最多 ${line.quantity}，損壞的不能多於收到的。`,
        en: `${l.sku}: at most ${line.quantity} can be received, and no more damaged than received.`,
      });
  }
  const now = deps.clock.now();
  const moved = await k.transaction().execute(async (trx) => {
    if (!(await moveReturn(trx, { returnId: id, to: 'received', now }))) return false;
    const back: { variant_id: number; product_id: number; quantity: number }[] = [];
    for (const line of own) {
      const got = lines.find((l) => l.sku === line.sku);
      const received = got?.received_quantity ?? 0;
      const damaged = got?.damaged_quantity ?? 0;
      await trx
        .updateTable('return_lines')
        .set({ received_quantity: received, damaged_quantity: damaged })
        .where('id', '=', line.id)
        .execute();
      back.push({ variant_id: line.variant_id, product_id: line.product_id, quantity: received - damaged });
    }
    await raiseStock(trx, back, now);
    const computation = await refundOf(trx, id, 'received');
    await trx
      .updateTable('returns')
      .set({ refund_amount: computation.amount, computation: JSON.stringify(computation), updated_at: now })
      .where('id', '=', id)
      .execute();
    await createRefund(trx, {
      orderId: r.order_id,
      returnId: id,
      key: `return:${id}`,
      amount: computation.amount,
      method: refundMethodOf(r.payment_method),
      now,
    });
    return true;
  });
  if (!moved) throw refuse(id, (await returnRow(deps, id)).state, 'received');
  log.info({ event: 'return_received', returnId: id, orderNo: r.order_no }, 'return received');
}

/**
 * Sends the return's refund (once; a card through ECPay, a transfer with the owner's `reference`)
 * and, when it is sent, moves the return to refunded and closes it. A return whose refund came to
 * nothing moves along without one. The allowance of a partial return is issued first (it can be
 * voided if the refund is then cancelled); a void of the whole invoice follows the money. A return
 * already closed answers as it stands.
 */
export async function refundReturn(
  deps: Deps,
  id: number,
  opts: { reference?: string | undefined; cards?: CardRefunds } = {},
): Promise<{ state: string }> {
  const r = await returnRow(deps, id);
  const k = deps.db.kysely;
  const refund = await k
    .selectFrom('refunds')
    .select(['id', 'state', 'method'])
    .where('request_key', '=', `return:${id}`)
    .executeTakeFirst();
  if (refund?.state === 'cancelled') throw new ReturnActionError(REFUND_CANCELLED(refund.id));
  if (r.state === 'closed') return { state: 'sent' };
  if (!['received', 'refunded'].includes(r.state)) throw refuse(id, r.state, 'refunded');
  if (opts.reference !== undefined && opts.reference.length > REFERENCE_MAX)
    throw new ReturnActionError({ zh: '參考編號太長。', en: 'The reference is too long.' });
  const now = deps.clock.now();
  const finish = async (trx: Transaction<Database>) => {
    await moveReturn(trx, { returnId: id, to: 'refunded', now });
  };
  let state = 'sent';
  if (!refund) await k.transaction().execute(finish);
  else {
    // A transfer not yet done is refused before its allowance is issued.
    if (refund.method === 'transfer' && refund.state !== 'sent') transferReference(opts.reference);
    if (refund.state !== 'sent') await correctInvoice(deps, id, 'before-money');
    state = (await sendRefund(deps, refund.id, { reference: opts.reference, cards: opts.cards, after: finish })).state;
  }
  // The e-invoice follows the money: voided or allowed once the refund is sent; closed when settled.
  if (state === 'sent' && (await correctInvoice(deps, id)))
    await k.transaction().execute((trx) => moveReturn(trx, { returnId: id, to: 'closed', now: deps.clock.now() }));
  return { state };
}

/** Sends one refund by its id: a return's moves its return along; a cancelled order's is sent alone. */
export async function sendRefundForShop(
  deps: Deps,
  id: number,
  opts: { reference?: string | undefined; cards?: CardRefunds } = {},
): Promise<{ state: string }> {
  const row = await deps.db.kysely.selectFrom('refunds').select(['return_id']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new ReturnActionError({ zh: `沒有退款 #${id}。`, en: `No refund #${id}.` });
  if (row.return_id !== null) return refundReturn(deps, row.return_id, opts);
  const sent = await sendRefund(deps, id, opts);
  return { state: sent.state };
}
