import type { ReturnState } from '../returns/return-states.ts';
import { api } from './browser.ts';
import { ORDER_KEY_HEADER } from './orders.ts';

export type { ReturnState } from '../returns/return-states.ts';

/** The reasons a shopper may pick (the server's list). */
export const RETURN_REASONS = [
  'changed_mind',
  'defective',
  'wrong_item',
  'not_as_described',
  'damaged',
  'other',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** A return request as the client reads it (the wire's `Return`, keys in camelCase). */
export interface ReturnRequest {
  id: number;
  state: ReturnState;
  lines: { sku: string; name: string; quantity: number; receivedQuantity: number; damagedQuantity: number }[];
  reason: ReturnReason | null;
  reasonText: string;
  rejectReason: string | null;
  requestedAt: number;
  /** Masked: all but the account's last 4 digits hidden. */
  bank: { code: string; account: string; holder: string } | null;
  returnMethod: 'parcel' | 'shopper' | 'shop' | null;
  returnParcel: {
    carrier: string;
    code: string;
    status: string;
    statusText: string;
    instructions: string;
    error?: string;
  } | null;
  refund: {
    amount: number;
    method: 'card' | 'transfer';
    state: 'pending' | 'sent' | 'failed' | 'cancelled';
    reason?: string;
  } | null;
  invoice: { action: 'void' | 'allowance'; allowanceNo?: string } | null;
}

/** The return period: its length in days and its end (ms), null while the order is not delivered. */
export interface ReturnWindow {
  days: number;
  until: number | null;
}

/** GET /api/orders/{no}/returns */
export interface ReturnList {
  data: ReturnRequest[];
  window: ReturnWindow;
}

/** POST /api/orders/{no}/returns (camelCase here; the client sends snake_case). */
export interface ReturnBody {
  lines: { sku: string; quantity: number }[];
  reason?: ReturnReason;
  reasonText?: string;
  bank?: { code: string; account: string; holder: string };
}

const path = (no: string) => `/api/orders/${encodeURIComponent(no)}/returns`;
const orderKey = (key?: string): Record<string, string> => (key ? { [ORDER_KEY_HEADER]: key } : {});
/** Answered beside the form or the request: the error modal stays shut. */
const inline = { silent: true } as const;

/** A shopper's returns of one order: the member's by the Bearer token, a guest's by the order's key. */
export const returnsApi = {
  list: (no: string, key?: string) => api.get<ReturnList>(path(no), { headers: orderKey(key), ...inline }),
  ask: (no: string, body: ReturnBody, key?: string) =>
    api.post<ReturnRequest>(path(no), {
      body: body as unknown as Record<string, unknown>,
      headers: orderKey(key),
      ...inline,
    }),
  withdraw: (no: string, id: number, key?: string) =>
    api.delete<ReturnRequest>(`${path(no)}/${id}`, { headers: orderKey(key), ...inline }),
};
