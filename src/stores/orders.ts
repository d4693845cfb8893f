import { map } from 'nanostores';
import { ORDERS_PAGE_SIZE } from '../config.ts';
import type { ApiClientError } from '../lib/api/client.ts';
import type { Order, OrderPage, OrderState } from '../lib/api/order-types.ts';
import { ordersApi } from '../lib/api/orders.ts';
import { showError } from './ui.ts';

export interface OrderViewState {
  order: Order | null;
  loading: boolean;
  /** The order does not exist or is not the caller's (404 ORDER_NOT_FOUND), or another refusal. */
  error: { status: number; message: string } | null;
  cancelling: boolean;
  /** The refusal of a cancel, shown beside its button. */
  cancelError: string;
}

/** The order of the result page or the member's order page. */
export const $order = map<OrderViewState>({
  order: null,
  loading: false,
  error: null,
  cancelling: false,
  cancelError: '',
});

const failure = (error: unknown) => {
  const e = error as ApiClientError;
  return { status: typeof e?.status === 'number' ? e.status : 0, message: e?.message ?? String(error) };
};

export const GUEST_ORDER_KEY = 'guestOrder';

/**
 * Keeps a guest's order key in this tab, so that the result page still shows the order when the
 * shopper comes back from paying at an address without the key (the cashier's return).
 */
export function rememberGuestOrder(no: string, key: string): void {
  if (typeof sessionStorage !== 'undefined') sessionStorage.setItem(GUEST_ORDER_KEY, JSON.stringify({ no, key }));
}

/** The key kept in this tab for order `no`, if any. */
export function keptGuestKey(no: string): string | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(GUEST_ORDER_KEY) ?? 'null') as {
      no?: unknown;
      key?: unknown;
    } | null;
    return kept?.no === no && typeof kept.key === 'string' ? kept.key : undefined;
  } catch {
    return undefined;
  }
}

/** Reads order `no` (a guest passes the key of its link). */
export async function loadOrder(no: string, key?: string): Promise<void> {
  $order.set({ order: null, loading: true, error: null, cancelling: false, cancelError: '' });
  try {
    $order.setKey('order', await ordersApi.get(no, key));
  } catch (error) {
    $order.setKey('error', failure(error));
  } finally {
    $order.setKey('loading', false);
  }
}

/** Cancels the shown order; the answer (state cancelled, timeline) replaces it. */
export async function cancelOrder(key?: string): Promise<boolean> {
  const { order, cancelling } = $order.get();
  if (!order || cancelling) return false;
  $order.set({ ...$order.get(), cancelling: true, cancelError: '' });
  try {
    $order.setKey('order', await ordersApi.cancel(order.no, key));
    return true;
  } catch (error) {
    const f = failure(error);
    if (f.status >= 400 && f.status < 500) $order.setKey('cancelError', f.message);
    else showError(f.message);
    return false;
  } finally {
    $order.setKey('cancelling', false);
  }
}

export interface OrderListState {
  page: OrderPage | null;
  state: OrderState | '';
  loading: boolean;
}

/** The member's order list: one page, filtered by state. */
export const $orders = map<OrderListState>({ page: null, state: '', loading: false });

let listSeq = 0;

/** Reads page `page` of the member's orders in `state` (all when empty); failures open the error modal. */
export async function loadOrders(page: number, state: OrderState | ''): Promise<void> {
  const seq = ++listSeq;
  $orders.set({ ...$orders.get(), state, loading: true });
  try {
    const answer = await ordersApi.list({ page, pageSize: ORDERS_PAGE_SIZE, ...(state ? { state } : {}) });
    if (seq === listSeq) $orders.setKey('page', answer);
  } catch (error) {
    if (seq === listSeq) showError(failure(error).message);
  } finally {
    if (seq === listSeq) $orders.setKey('loading', false);
  }
}

/** Test seam: the initial state. */
export function resetOrdersForTests(): void {
  listSeq = 0;
  $order.set({ order: null, loading: false, error: null, cancelling: false, cancelError: '' });
  $orders.set({ page: null, state: '', loading: false });
}
