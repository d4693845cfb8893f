import { map } from 'nanostores';
import type { Locale } from '../config.ts';
import type { ApiClientError } from '../lib/api/client.ts';
import type { Order } from '../lib/api/order-types.ts';
import { type ReturnRequest, type ReturnWindow, returnsApi } from '../lib/api/returns.ts';
import {
  draftBody,
  leftByLine,
  type ReturnDraft,
  type ReturnErrors,
  serverErrors,
} from '../lib/returns/return-form.ts';

export interface ReturnsState {
  /** The order these returns belong to (a guest's calls carry its key). */
  no: string;
  key: string | undefined;
  list: ReturnRequest[];
  window: ReturnWindow | null;
  loading: boolean;
  /** The list could not be read. */
  loadError: string;
  sending: boolean;
  /** The form's errors by field (see return-form.ts). */
  errors: ReturnErrors;
  /** A refusal of the request that belongs to no field (the period ended, the order changed). */
  message: string;
  /** The request just sent: the page announces it. */
  sentId: number | null;
  withdrawing: number | null;
  /** The refusal of a withdrawal, beside its request. */
  withdrawError: { id: number; message: string } | null;
}

const initial = (): ReturnsState => ({
  no: '',
  key: undefined,
  list: [],
  window: null,
  loading: false,
  loadError: '',
  sending: false,
  errors: {},
  message: '',
  sentId: null,
  withdrawing: null,
  withdrawError: null,
});

/** The returns of the order shown on the member's order page or the guest's private order page. */
export const $returns = map<ReturnsState>(initial());

const asError = (error: unknown) => error as ApiClientError;

/** Reads the returns and the return period of order `no` (a guest passes the key of its link). */
export async function loadReturns(no: string, key?: string): Promise<void> {
  $returns.set({ ...initial(), no, key, loading: true });
  try {
    const answer = await returnsApi.list(no, key);
    if ($returns.get().no === no) $returns.set({ ...$returns.get(), list: answer.data, window: answer.window });
  } catch (error) {
    if ($returns.get().no === no) $returns.setKey('loadError', asError(error).message);
  } finally {
    if ($returns.get().no === no) $returns.setKey('loading', false);
  }
}

/**
 * Checks the form in the page and sends it; the new request goes first in the list. Errors, the
 * page's own or the server's, are kept by field. Answers whether the request was stored.
 */
export async function sendReturn(order: Order, draft: ReturnDraft, locale: Locale): Promise<boolean> {
  const s = $returns.get();
  if (s.sending || s.no !== order.no) return false;
  const checked = draftBody(draft, leftByLine(order.lines, s.list), order.payment.method !== 'credit', locale);
  if ('errors' in checked) {
    $returns.set({ ...s, errors: checked.errors, message: '', sentId: null });
    return false;
  }
  $returns.set({ ...s, sending: true, errors: {}, message: '', sentId: null });
  try {
    const created = await returnsApi.ask(order.no, checked.body, s.key);
    $returns.set({ ...$returns.get(), list: [created, ...$returns.get().list], sentId: created.id });
    return true;
  } catch (error) {
    const e = asError(error);
    const errors = serverErrors(e.fields ?? {}, checked.body.lines);
    $returns.set({ ...$returns.get(), errors, message: Object.keys(errors).length ? '' : e.message });
    return false;
  } finally {
    $returns.setKey('sending', false);
  }
}

/** Withdraws request `id`; the answer (cancelled) replaces it in the list. */
export async function withdrawReturn(id: number): Promise<boolean> {
  const s = $returns.get();
  if (s.withdrawing !== null) return false;
  $returns.set({ ...s, withdrawing: id, withdrawError: null, sentId: null });
  try {
    const r = await returnsApi.withdraw(s.no, id, s.key);
    $returns.setKey(
      'list',
      $returns.get().list.map((x) => (x.id === id ? r : x)),
    );
    return true;
  } catch (error) {
    $returns.setKey('withdrawError', { id, message: asError(error).message });
    return false;
  } finally {
    $returns.setKey('withdrawing', null);
  }
}

/** Test seam: the initial state. */
export function resetReturnsForTests(): void {
  $returns.set(initial());
}
