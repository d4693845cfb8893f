/** The console's returns as GET /api/admin/returns and /{id} answer them (camelCased). */

export const RETURN_VIEWS = ['to-approve', 'in-transit', 'to-inspect', 'to-refund', 'failed'] as const;
export type ReturnView = (typeof RETURN_VIEWS)[number];
export type ReturnCounts = Record<ReturnView, number>;

export interface ReturnRow {
  id: number;
  orderNo: string;
  state: string;
  requestedAt: number;
  quantity: number;
  refundAmount: number | null;
  refundState: string | null;
  receiverName: string;
}

export interface ReturnLine {
  sku: string;
  name: string;
  quantity: number;
  receivedQuantity: number;
  damagedQuantity: number;
}

export interface ReturnDetail {
  id: number;
  orderNo: string;
  state: string;
  lines: ReturnLine[];
  reason: string | null;
  reasonText: string;
  rejectReason: string | null;
  requestedAt: number;
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
  computation: {
    lines: { sku: string; quantity: number; amount: number }[];
    takeback: { name: { zh: string; en: string }; amount: number }[];
    shipping: number;
    before: number;
    amount: number;
    whole: boolean;
    preview: boolean;
  } | null;
  refunds: {
    id: number;
    amount: number;
    method: string;
    state: string;
    action: string;
    reason: string;
    reference: string;
    attempts: number;
    createdAt: number;
    sentAt: number | null;
  }[];
  damaged: { sku: string; name: string; quantity: number }[];
  timeline: { state: string; at: number; note: string }[];
}

/** What the return's state allows, as the API's rules do (receiving from approved or in transit). */
export function returnActions(r: Pick<ReturnDetail, 'state' | 'refund'>): ('decide' | 'receive' | 'refund')[] {
  if (r.state === 'requested') return ['decide'];
  if (r.state === 'approved' || r.state === 'in_transit') return ['receive'];
  if (r.state === 'received' && r.refund?.state !== 'sent') return ['refund'];
  return [];
}
