/**
 * The shopper's return form as pure functions (issue 40): what is left to return of each line, the
 * return period as the page states it, the form checked in the page (errors in the page's language,
 * by field) and turned into the request's body, and the server's field errors put beside the same
 * fields.
 */
import { type Locale, RETURN_REASON_TEXT_MAX } from '../../config.ts';
import type { OrderLine, OrderState } from '../api/order-types.ts';
import type { ReturnBody, ReturnReason, ReturnRequest, ReturnState, ReturnWindow } from '../api/returns.ts';
import { type MessageKey, t } from '../i18n/messages/index.ts';

/** The form as typed. `scope` all: every line with all that is left; some: `quantities` by sku. */
export interface ReturnDraft {
  scope: 'all' | 'some';
  quantities: Record<string, number>;
  reason: ReturnReason | '';
  reasonText: string;
  bank: { code: string; account: string; holder: string };
}

export const emptyDraft = (): ReturnDraft => ({
  scope: 'all',
  quantities: {},
  reason: '',
  reasonText: '',
  bank: { code: '', account: '', holder: '' },
});

/** Field errors by field: `lines`, `lines.<sku>`, `reason`, `reasonText`, `bank`, `bank.code|account|holder`. */
export type ReturnErrors = Record<string, string>;

/** States whose lines hold what they ask for; and those whose lines hold what was received. */
const OPEN: readonly ReturnState[] = ['requested', 'approved', 'in_transit'];
const DONE: readonly ReturnState[] = ['received', 'refunded', 'closed'];

/** The states in which the shopper may still withdraw a request (the shop has not received it). */
export const canWithdraw = (r: Pick<ReturnRequest, 'state'>): boolean => OPEN.includes(r.state);

/** How many of each line (by sku) may still be returned: bought, less what open and received returns hold. */
export function leftByLine(
  lines: readonly Pick<OrderLine, 'sku' | 'quantity'>[],
  returns: readonly Pick<ReturnRequest, 'state' | 'lines'>[],
): Record<string, number> {
  const left: Record<string, number> = Object.fromEntries(lines.map((l) => [l.sku, l.quantity]));
  for (const r of returns) {
    const done = DONE.includes(r.state);
    if (!done && !OPEN.includes(r.state)) continue;
    for (const l of r.lines)
      if (l.sku in left) left[l.sku] = Math.max(0, (left[l.sku] ?? 0) - (done ? l.receivedQuantity : l.quantity));
  }
  return left;
}

const HANDED_OVER: readonly OrderState[] = ['delivered', 'picked_up', 'completed'];

/** Where the order stands with returns: not delivered yet, inside the period, or after it. */
export function returnPeriod(
  window: ReturnWindow | null,
  state: OrderState,
  now: number,
): 'not_delivered' | 'open' | 'closed' {
  if (!window || window.until === null || !HANDED_OVER.includes(state)) return 'not_delivered';
  return now < window.until ? 'open' : 'closed';
}

/** The account with all but its last 4 digits hidden, as the server shows it. */
export const maskAccount = (account: string): string =>
  account.length <= 4 ? '*'.repeat(account.length) : `${'*'.repeat(account.length - 4)}${account.slice(-4)}`;

/** The account without the spaces and dashes a shopper may type in it. */
const bareAccount = (s: string) => s.replace(/[\s-]/g, '');

/** Checks the bank account as the server does (3-digit bank code, 10 to 16 digits, holder 1 to 50). */
export function bankErrors(bank: ReturnDraft['bank'], locale: Locale): ReturnErrors {
  const errors: ReturnErrors = {};
  if (!/^\d{3}$/.test(bank.code.trim())) errors['bank.code'] = t(locale, 'returns.error.bankCode');
  if (!/^\d{10,16}$/.test(bareAccount(bank.account))) errors['bank.account'] = t(locale, 'returns.error.bankAccount');
  const holder = bank.holder.trim();
  if (holder.length < 1 || [...holder].length > 50) errors['bank.holder'] = t(locale, 'returns.error.bankHolder');
  return errors;
}

/**
 * The body to send, or the form's errors (nothing is sent then): at least one item, no more of a
 * line than is left, the free text within its length, and a bank account when `needsBank` (an order
 * not paid by card is refunded by transfer).
 */
export function draftBody(
  draft: ReturnDraft,
  left: Record<string, number>,
  needsBank: boolean,
  locale: Locale,
): { body: ReturnBody } | { errors: ReturnErrors } {
  const errors: ReturnErrors = {};
  const lines: ReturnBody['lines'] = [];
  for (const [sku, max] of Object.entries(left)) {
    const quantity = draft.scope === 'all' ? max : (draft.quantities[sku] ?? 0);
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > max)
      errors[`lines.${sku}`] = t(locale, 'returns.error.quantity', { max });
    else if (quantity > 0) lines.push({ sku, quantity });
  }
  if (!lines.length && !Object.keys(errors).length) errors.lines = t(locale, 'returns.error.noLines');
  const reasonText = draft.reasonText.trim();
  if ([...reasonText].length > RETURN_REASON_TEXT_MAX)
    errors.reasonText = t(locale, 'returns.error.reasonText', { max: RETURN_REASON_TEXT_MAX });
  if (needsBank) Object.assign(errors, bankErrors(draft.bank, locale));
  if (Object.keys(errors).length) return { errors };
  return {
    body: {
      lines,
      ...(draft.reason ? { reason: draft.reason } : {}),
      ...(reasonText ? { reasonText } : {}),
      ...(needsBank
        ? {
            bank: {
              code: draft.bank.code.trim(),
              account: bareAccount(draft.bank.account),
              holder: draft.bank.holder.trim(),
            },
          }
        : {}),
    },
  };
}

/** The server's field errors on the form's fields: `lines.<i>.quantity|sku` goes to the line sent at `i`. */
export function serverErrors(fields: Record<string, string>, sent: ReturnBody['lines']): ReturnErrors {
  const errors: ReturnErrors = {};
  for (const [path, text] of Object.entries(fields)) {
    const line = /^lines\.(\d+)\./.exec(path);
    const sku = line ? sent[Number(line[1])]?.sku : undefined;
    errors[sku ? `lines.${sku}` : path] = text;
  }
  return errors;
}

/** The id of a field's control (`return-bank-code`); its error is `<id>-error`. */
export const returnFieldId = (field: string): string => `return-${field.replace(/[^A-Za-z0-9]+/g, '-')}`;

/**
 * What a return's state means to the shopper and what to do next: for an approved one, how the
 * items go back (a return parcel's code at a store's counter or to the driver, sent by the shopper,
 * or brought to the shop); for a rejected one, the shop's reason.
 */
export function nextStep(
  r: Pick<ReturnRequest, 'state' | 'returnMethod' | 'returnParcel' | 'refund' | 'rejectReason'>,
  locale: Locale,
): string {
  if (r.state === 'approved' && r.returnParcel) {
    // The shop's own words for this parcel (in the page's language), else the code at the carrier.
    const { carrier, code, instructions, statusText } = r.returnParcel;
    if (instructions) return instructions;
    if (code) return t(locale, 'returns.next.approvedStore', { chain: carrier, code });
    return statusText || t(locale, 'returns.next.approvedShopper');
  }
  if (r.state === 'approved')
    return t(locale, r.returnMethod === 'shop' ? 'returns.next.approvedShop' : 'returns.next.approvedShopper');
  if (r.state === 'rejected') return t(locale, 'returns.next.rejected', { reason: r.rejectReason ?? '' });
  if (r.state === 'received' && r.refund?.state === 'failed') return t(locale, 'returns.next.refundFailed');
  return t(locale, `returns.next.${r.state}` as MessageKey);
}
