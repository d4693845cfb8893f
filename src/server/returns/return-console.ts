import type { Locale } from '../../config.ts';
import { type Paged, paged } from '../common/envelope.ts';
import type { Deps } from '../context.ts';
import type { RefundComputation } from './refund-amount.ts';
import { refundOf } from './refund-basis.ts';
import { inView, type ReturnView } from './return-queues.ts';
import { type ReturnState, returnStatesBefore } from './return-states.ts';
import { readReturn, type WireReturn } from './return-view.ts';

// What the console and the owner's terminal read of returns and refunds (the actions: return-admin.ts).

export interface ReturnListRow {
  id: number;
  order_no: string;
  state: ReturnState;
  requested_at: number;
  quantity: number;
  refund_amount: number | null;
  refund_state: string | null;
  receiver_name: string;
}

/** The returns, newest first, of one state or one queue (return-queues.ts) or all, in the paged shape. */
export async function listReturns(
  deps: Deps,
  q: { state?: ReturnState | undefined; view?: ReturnView | undefined; page: number; limit: number },
): Promise<Paged<ReturnListRow>> {
  const k = deps.db.kysely;
  let base = k.selectFrom('returns as r').innerJoin('orders as o', 'o.id', 'r.order_id');
  if (q.state) base = base.where('r.state', '=', q.state);
  const view = q.view;
  if (view) base = base.where((eb) => inView(eb as unknown as Parameters<typeof inView>[0], view));
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['r.id', 'o.no', 'r.state', 'r.requested_at', 'r.refund_amount', 'o.receiver_name'])
    .orderBy('r.id', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  const ids = rows.map((r) => r.id);
  const lines = ids.length
    ? await k.selectFrom('return_lines').select(['return_id', 'quantity']).where('return_id', 'in', ids).execute()
    : [];
  const refunds = ids.length
    ? await k.selectFrom('refunds').select(['return_id', 'state']).where('return_id', 'in', ids).execute()
    : [];
  const data = rows.map((r) => {
    const refund = refunds.find((x) => x.return_id === r.id);
    return {
      id: r.id,
      order_no: r.no,
      state: r.state as ReturnState,
      requested_at: Number(r.requested_at),
      quantity: lines.filter((l) => l.return_id === r.id).reduce((s, l) => s + l.quantity, 0),
      refund_amount: r.refund_amount,
      refund_state: refund ? (refund.state === 'sending' ? 'pending' : refund.state) : null,
      receiver_name: r.receiver_name,
    };
  });
  return paged(data, Number(count.n), q.page, q.limit);
}

export interface ReturnForShop extends WireReturn {
  order_no: string;
  reason_text: string;
  /** The refund as computed: stored when the goods were received, else a preview on what was asked. */
  computation: (RefundComputation & { preview: boolean }) | null;
  refunds: {
    id: number;
    amount: number;
    method: string;
    state: string;
    action: string;
    reason: string;
    reference: string;
    attempts: number;
    created_at: number;
    sent_at: number | null;
  }[];
  /** Damaged units, kept off sale, for the owner. */
  damaged: { sku: string; name: string; quantity: number }[];
  timeline: { state: string; at: number; note: string }[];
}

/** One return with what the shop needs: its order, refunds, computation, damaged units and timeline. */
export async function returnForShop(deps: Deps, id: number, locale: Locale): Promise<ReturnForShop | undefined> {
  const k = deps.db.kysely;
  const view = await readReturn(k, id, locale);
  if (!view) return undefined;
  const r = await deps.db.kysely
    .selectFrom('returns as x')
    .innerJoin('orders as o', 'o.id', 'x.order_id')
    .select('o.no as order_no')
    .where('x.id', '=', id)
    .executeTakeFirstOrThrow();
  const stored = await k.selectFrom('returns').select(['computation']).where('id', '=', id).executeTakeFirstOrThrow();
  let computation: ReturnForShop['computation'] = null;
  if (stored.computation) computation = { ...(JSON.parse(stored.computation) as RefundComputation), preview: false };
  else if (returnStatesBefore('received').includes(view.state) || view.state === 'requested')
    computation = { ...(await refundOf(k, id, 'requested')), preview: true };
  const refunds = await k.selectFrom('refunds').selectAll().where('return_id', '=', id).orderBy('id').execute();
  const events = await k
    .selectFrom('return_events')
    .select(['state', 'at', 'note'])
    .where('return_id', '=', id)
    .orderBy('id')
    .execute();
  return {
    ...view,
    order_no: r.order_no,
    computation,
    refunds: refunds.map((x) => ({
      id: x.id,
      amount: x.amount,
      method: x.method,
      state: x.state,
      action: x.action,
      reason: x.reason,
      reference: x.reference,
      attempts: x.attempts,
      created_at: Number(x.created_at),
      sent_at: x.sent_at === null ? null : Number(x.sent_at),
    })),
    damaged: view.lines
      .filter((l) => l.damaged_quantity > 0)
      .map((l) => ({ sku: l.sku, name: l.name, quantity: l.damaged_quantity })),
    timeline: events.map((e) => ({ state: e.state, at: Number(e.at), note: e.note })),
  };
}

export interface RefundListRow {
  id: number;
  order_no: string;
  return_id: number | null;
  amount: number;
  method: string;
  state: string;
  reason: string;
  reference: string;
  created_at: number;
}

const REFUND_COLUMNS = [
  'f.id',
  'o.no',
  'f.return_id',
  'f.amount',
  'f.method',
  'f.state',
  'f.reason',
  'f.reference',
  'f.created_at',
] as const;

/** A refund's row as the console shows it (one being sent is still pending to the owner). */
const refundRow = (r: {
  id: number;
  no: string;
  return_id: number | null;
  amount: number;
  method: string;
  state: string;
  reason: string;
  reference: string;
  created_at: number | string | bigint;
}): RefundListRow => ({
  id: r.id,
  order_no: r.no,
  return_id: r.return_id,
  amount: r.amount,
  method: r.method,
  state: r.state === 'sending' ? 'pending' : r.state,
  reason: r.reason,
  reference: r.reference,
  created_at: Number(r.created_at),
});

/** The refunds, newest first, of one state or all (`pending` includes one being sent). */
export async function listRefunds(
  deps: Deps,
  q: { state?: 'pending' | 'sent' | 'failed' | 'cancelled' | undefined; page: number; limit: number },
): Promise<Paged<RefundListRow>> {
  let base = deps.db.kysely.selectFrom('refunds as f').innerJoin('orders as o', 'o.id', 'f.order_id');
  if (q.state) base = base.where('f.state', 'in', q.state === 'pending' ? ['pending', 'sending'] : [q.state]);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(REFUND_COLUMNS)
    .orderBy('f.id', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return paged(rows.map(refundRow), Number(count.n), q.page, q.limit);
}

/** One refund as the console lists it, with its order number and its return's allowance. */
export async function refundForShop(deps: Deps, id: number) {
  const r = await deps.db.kysely
    .selectFrom('refunds as f')
    .innerJoin('orders as o', 'o.id', 'f.order_id')
    .leftJoin('returns as t', 't.id', 'f.return_id')
    .select(REFUND_COLUMNS)
    .select(['t.allowance_no', 't.allowance_voided_at'])
    .where('f.id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    ...refundRow(r),
    allowance_no: r.allowance_no || null,
    allowance_voided: r.allowance_voided_at !== null && r.allowance_voided_at !== undefined,
  };
}

/** The order number of a refund (undefined: no such refund). */
export async function orderNoOfRefund(deps: Deps, id: number): Promise<string | undefined> {
  const r = await deps.db.kysely
    .selectFrom('refunds as f')
    .innerJoin('orders as o', 'o.id', 'f.order_id')
    .select('o.no')
    .where('f.id', '=', id)
    .executeTakeFirst();
  return r?.no;
}

/**
 * The refund account of a return in full, for the owner making the transfer: the one place it is
 * read unmasked (the route audits each reading); null when the return has none.
 */
export async function bankOfReturn(
  deps: Deps,
  id: number,
): Promise<{ code: string; account: string; holder: string } | null> {
  const r = await deps.db.kysely
    .selectFrom('returns')
    .select(['bank_code', 'bank_account', 'bank_holder'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!r?.bank_account) return null;
  return { code: r.bank_code, account: r.bank_account, holder: r.bank_holder };
}
