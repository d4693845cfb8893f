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
