import type { Generated } from 'kysely';

// Returns, their lines and timeline, and refunds (migration 021). (The conventions of every table: schema.ts.)

export interface ReturnsTable {
  id: Generated<number>;
  order_id: number;
  /** returns/return-states.ts ReturnState */
  state: string;
  reason: Generated<string>;
  reason_text: Generated<string>;
  reject_reason: Generated<string>;
  bank_code: Generated<string>;
  bank_account: Generated<string>;
  bank_holder: Generated<string>;
  /** parcel, shopper, shop; '' until approved */
  return_method: Generated<string>;
  parcel_sub_type: Generated<string>;
  parcel_logistics_id: Generated<string>;
  parcel_code: Generated<string>;
  parcel_status: Generated<string>;
  refund_amount: number | null;
  /** JSON of returns/refund-amount.ts RefundComputation; '' until computed. */
  computation: Generated<string>;
  /** void, allowance or '' */
  invoice_action: Generated<string>;
  allowance_no: Generated<string>;
  locale: string;
  requested_at: number;
  updated_at: number;
}

export interface ReturnLinesTable {
  id: Generated<number>;
  return_id: number;
  order_line_id: number;
  quantity: number;
  received_quantity: Generated<number>;
  damaged_quantity: Generated<number>;
}

export interface ReturnEventsTable {
  id: Generated<number>;
  return_id: number;
  state: string;
  note: Generated<string>;
  at: number;
}

export interface RefundsTable {
  id: Generated<number>;
  order_id: number;
  return_id: number | null;
  request_key: string;
  amount: number;
  /** card or transfer */
  method: string;
  /** pending, sending, sent, failed */
  state: string;
  action: Generated<string>;
  reason: Generated<string>;
  reference: Generated<string>;
  attempts: Generated<number>;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
}
