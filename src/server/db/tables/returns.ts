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
  /** The outbound sub-type the return parcel goes back by (UNIMARTC2C, FAMIC2C, HILIFEC2C, TCAT). */
  parcel_sub_type: Generated<string>;
  /** The outbound order's AllPayLogisticsID the return was booked on. */
  parcel_logistics_id: Generated<string>;
  /** What the shopper keys in at the store's kiosk (RtnOrderNo), or a home return's BookingNote. */
  parcel_code: Generated<string>;
  /** '', booking (a call under way), failed, or providers/logistics/express-return.ts ReturnParcelStatus */
  parcel_status: Generated<string>;
  /** RtnMerchantTradeNo (migration 024); '' for a home return until its first notice. */
  parcel_rtn_no: Generated<string>;
  /** Why the last booking failed; '' otherwise. */
  parcel_error: Generated<string>;
  refund_amount: number | null;
  /** JSON of returns/refund-amount.ts RefundComputation; '' until computed. */
  computation: Generated<string>;
  /** void, allowance or '' */
  invoice_action: Generated<string>;
  allowance_no: Generated<string>;
  /** While a call to ECPay corrects the invoice: when it began (migration 025); null otherwise. */
  invoice_claimed_at: number | null;
  /** When the allowance was voided (AllowanceInvalid) because the refund was cancelled. */
  allowance_voided_at: number | null;
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
  /** pending, sending, sent, failed, cancelled (the owner's; `reason` says why) */
  state: string;
  action: Generated<string>;
  reason: Generated<string>;
  reference: Generated<string>;
  attempts: Generated<number>;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
}
