import type { Generated } from 'kysely';

// What the local provider simulators remember (never read by the shop itself). (The conventions of every table: schema.ts.)

/** Stores of the convenience-store map simulator (providers/logistics). */
export interface SimCvsStoresTable {
  id: Generated<number>;
  brand: string;
  store_id: string;
  name: string;
  city: string;
  district: string;
  address: string;
  telephone: string;
  outside: number;
}

/** Trades of the ECPay cashier simulator (providers/ecpay/simulator). */
export interface SimEcpayTradesTable {
  id: Generated<number>;
  token: string;
  merchant_id: string;
  merchant_trade_no: string;
  trade_no: string;
  amount: number;
  form: string;
  /** new → issued (ATM/CVS number given) → paid, or new → failed (card declined). */
  status: string;
  payment_type: Generated<string>;
  bank_code: Generated<string>;
  v_account: Generated<string>;
  payment_no: Generated<string>;
  expire_date: Generated<string>;
  created_at: number;
  paid_at: number | null;
}

/** Invoices of the e-invoice simulator (providers/invoice). */
export interface SimInvoicesTable {
  id: Generated<number>;
  merchant_id: string;
  relate_number: string;
  invoice_no: string;
  random_number: string;
  issued_at: number;
  data: string;
  voided_at: number | null;
  void_reason: string | null;
}

/** Logistics orders of the ECPay logistics simulator (providers/logistics). */
export interface SimLogisticsOrdersTable {
  id: Generated<number>;
  merchant_id: string;
  merchant_trade_no: string;
  logistics_id: string;
  sub_type: string;
  /** The Create request's fields, as JSON. */
  form: string;
  cvs_payment_no: Generated<string>;
  cvs_validation_no: Generated<string>;
  booking_note: Generated<string>;
  status: string;
  rtn_code: string;
  created_at: number;
  updated_at: number;
}

/**
 * Card trades of the ECPay payment simulator as CreditDetail sees them (providers/ecpay/simulator/credit.ts):
 * authorised → closing (a close or refund waits for the nightly close) → closed, or cancelled (N).
 */
export interface SimEcpayCreditTable {
  id: Generated<number>;
  merchant_id: string;
  merchant_trade_no: string;
  trade_no: string;
  /** The authorisation number ECPay calls gwsr (CreditRefundId of QueryTrade/V2). */
  gwsr: number;
  amount: number;
  /** 0 for a one-off payment, else the number of instalments. */
  installments: Generated<number>;
  /** NT$ the card's bonus points took off (Redeem=Y); 0: none. */
  redeemed: Generated<number>;
  status: string;
  /** The close records, as JSON: `[{ status, amount, sno, at }]` (a refund's amount is negative). */
  close_data: Generated<string>;
  /** Raised by every change: a change applies only to the version it read. */
  version: Generated<number>;
  authorised_at: number;
  changed_at: number;
}

/** Allowances of the e-invoice simulator (providers/invoice/simulator-allowance.ts). */
export interface SimInvoiceAllowancesTable {
  id: Generated<number>;
  merchant_id: string;
  invoice_no: string;
  allow_no: string;
  amount: number;
  data: string;
  issued_at: number;
  voided_at: number | null;
  void_reason: string | null;
}

/** Return logistics orders of the ECPay logistics simulator (providers/logistics/simulator-return.ts). */
export interface SimLogisticsReturnsTable {
  id: Generated<number>;
  merchant_id: string;
  rtn_merchant_trade_no: string;
  rtn_order_no: string;
  sub_type: string;
  /** The outbound logistics order it returns, or ''. */
  logistics_id: string;
  booking_note: string;
  /** The Return request's fields, as JSON. */
  form: string;
  status: string;
  rtn_code: string;
  created_at: number;
  updated_at: number;
}
