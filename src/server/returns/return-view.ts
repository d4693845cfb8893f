import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Locale } from '../../config.ts';
import { col } from '../common/i18n.ts';
import type { Database } from '../db/schema.ts';
import type { ReturnsTable } from '../db/tables/returns.ts';
import { shownBank } from './bank-account.ts';
import { type WireReturnParcel, wireReturnParcel } from './return-parcel.ts';
import type { ReturnState } from './return-states.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A return on the wire (issue 40, "The wire"). */
export interface WireReturn {
  id: number;
  state: ReturnState;
  lines: { sku: string; name: string; quantity: number; received_quantity: number; damaged_quantity: number }[];
  reason: string | null;
  reason_text: string;
  reject_reason: string | null;
  requested_at: number;
  bank: { code: string; account: string; holder: string } | null;
  return_method: 'parcel' | 'shopper' | 'shop' | null;
  return_parcel: WireReturnParcel | null;
  refund: {
    amount: number;
    method: 'card' | 'transfer';
    state: 'pending' | 'sent' | 'failed' | 'cancelled';
    reason?: string;
  } | null;
  /** `awaiting_buyer`: an online allowance the buyer has not agreed to yet; `voided`: its refund was cancelled. */
  invoice: { action: 'void' | 'allowance'; allowance_no?: string; awaiting_buyer?: true; voided?: true } | null;
}

type ReturnRow = Selectable<ReturnsTable>;

const returnRows = (k: Db) => k.selectFrom('returns').selectAll();

/** The returns of an order, newest first, as its shopper sees them. */
export async function readReturns(k: Db, orderId: number, locale: Locale): Promise<WireReturn[]> {
  const rows = await returnRows(k).where('order_id', '=', orderId).orderBy('id', 'desc').execute();
  return Promise.all(rows.map((r) => wireReturn(k, r, locale)));
}

/** One return of an order, or undefined. */
export async function readReturn(k: Db, returnId: number, locale: Locale): Promise<WireReturn | undefined> {
  const r = await returnRows(k).where('id', '=', returnId).executeTakeFirst();
  return r ? wireReturn(k, r, locale) : undefined;
}

async function wireReturn(k: Db, r: ReturnRow, locale: Locale): Promise<WireReturn> {
  const c = col(locale);
  const lines = await k
    .selectFrom('return_lines as rl')
    .innerJoin('order_lines as l', 'l.id', 'rl.order_line_id')
    .select([
      'l.sku',
      'l.name_zh',
      'l.name_en',
      'l.option_value_zh',
      'l.option_value_en',
      'rl.quantity',
      'rl.received_quantity',
      'rl.damaged_quantity',
    ])
    .where('rl.return_id', '=', r.id)
    .orderBy('rl.id')
    .execute();
  const refund = await k
    .selectFrom('refunds')
    .select(['amount', 'method', 'state', 'reason'])
    .where('return_id', '=', r.id)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return {
    id: r.id,
    state: r.state as ReturnState,
    lines: lines.map((l) => {
      const option = c === 'en' ? l.option_value_en : l.option_value_zh;
      const name = c === 'en' ? l.name_en : l.name_zh;
      return {
        sku: l.sku,
        name: option ? `${name} ${option}` : name,
        quantity: l.quantity,
        received_quantity: l.received_quantity,
        damaged_quantity: l.damaged_quantity,
      };
    }),
    reason: r.reason || null,
    reason_text: r.reason_text,
    reject_reason: r.reject_reason || null,
    requested_at: Number(r.requested_at),
    bank: shownBank(r),
    return_method: (r.return_method || null) as WireReturn['return_method'],
    return_parcel: wireReturnParcel(r, locale),
    refund: refund
      ? {
          amount: refund.amount,
          method: refund.method as 'card' | 'transfer',
          // `sending` is a call under way: to the shopper it is still pending.
          state: (refund.state === 'sending' ? 'pending' : refund.state) as NonNullable<WireReturn['refund']>['state'],
          ...(['failed', 'cancelled'].includes(refund.state) && refund.reason ? { reason: refund.reason } : {}),
        }
      : null,
    invoice: r.invoice_action
      ? {
          action: r.invoice_action === 'void' ? 'void' : 'allowance',
          ...(r.allowance_no ? { allowance_no: r.allowance_no } : {}),
          ...(r.invoice_action === 'collegiate' && !r.allowance_no ? { awaiting_buyer: true as const } : {}),
          ...(r.allowance_voided_at !== null ? { voided: true as const } : {}),
        }
      : null,
  };
}
