import type { Locale } from '../../config.ts';
import type { Deps } from '../context.ts';

/**
 * A return as its mails and webhook events tell it (issue 40), read when they are sent: the returns
 * domain, which the outbox does not import, provides the reader when the app is composed
 * (provideReturnFacts). The bank account is masked, as on every page.
 */
export interface ReturnFacts {
  id: number;
  orderId: number;
  state: string;
  /** The language the shopper asked in: the return's mails are written in it. */
  locale: Locale;
  lines: { sku: string; name: string; quantity: number; received_quantity: number; damaged_quantity: number }[];
  reason: string | null;
  reason_text: string;
  reject_reason: string | null;
  bank: { code: string; account: string; holder: string } | null;
  return_method: 'parcel' | 'shopper' | 'shop' | null;
  return_parcel: { carrier: string; code: string; status: string; instructions: string } | null;
  refund: { amount: number; method: 'card' | 'transfer'; state: string; reason?: string } | null;
  invoice: { action: 'void' | 'allowance'; allowance_no?: string } | null;
}

/** A refund (a return's, or a paid order's cancelled before it shipped) as its mail and events tell it. */
export interface RefundFacts {
  id: number;
  orderId: number;
  returnId: number | null;
  amount: number;
  method: 'card' | 'transfer';
  /** pending, sending, sent or failed; `reason` says why it failed. */
  state: string;
  reason: string;
  /** The account a transfer went to (masked), when the shopper gave one. */
  bank: ReturnFacts['bank'];
  /** The e-invoice's correction once made: voided, or the allowance and its number. */
  invoice: ReturnFacts['invoice'];
  /** The correction that follows the refund is still to be made (the return is refunded, not yet closed). */
  invoicePending: boolean;
}

export interface ReturnFactsReader {
  /** The return in `locale` (its lines' names), or in the shopper's own language when none is given. */
  returnOf(deps: Deps, returnId: number, locale?: Locale): Promise<ReturnFacts | undefined>;
  refundOf(deps: Deps, refundId: number): Promise<RefundFacts | undefined>;
}

let reader: ReturnFactsReader | undefined;

/** Called by the returns domain when the app is composed. */
export function provideReturnFacts(r: ReturnFactsReader): void {
  reader = r;
}

/** The reader; undefined in a process that composed no returns (its return mails wait for one that did). */
export const returnFacts = (): ReturnFactsReader | undefined => reader;

/** The id in a return's or refund's subject (`return:12`, `refund:7:try-2`), or undefined. */
export function idOfSubject(subject: string, kind: 'return' | 'refund'): number | undefined {
  const m = new RegExp(`^${kind}:(\\d+)(?::|$)`).exec(subject);
  return m ? Number(m[1]) : undefined;
}
