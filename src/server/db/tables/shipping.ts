import type { Generated } from 'kysely';

// Shipments of orders through ECPay's logistics (migration 011). (The conventions of every table: schema.ts.)

/** The logistics order of an order: one per order, under the order's own trade number. */
export interface ShipmentsTable {
  id: Generated<number>;
  order_id: number;
  merchant_trade_no: string;
  sub_type: string;
  collection: number;
  amount: number;
  /**
   * creating → created, or failed (ECPay refused; the owner may try again); created → cancelled when
   * the owner cancels the order (at ECPay, or the parcel kept unsent).
   */
  state: string;
  logistics_id: Generated<string>;
  cvs_payment_no: Generated<string>;
  cvs_validation_no: Generated<string>;
  booking_note: Generated<string>;
  /** Where the parcel is (providers/logistics/status.ts ParcelStatus). */
  status: Generated<string>;
  error: Generated<string>;
  pickup_deadline: number | null;
  created_at: number;
  updated_at: number;
}

/** Each status of a shipment, once. */
export interface ShipmentEventsTable {
  id: Generated<number>;
  shipment_id: number;
  status: string;
  rtn_code: string;
  rtn_msg: Generated<string>;
  at: number;
}

/** Every status notice as received, verified or not, with what it did. */
export interface ShipmentNoticesTable {
  id: Generated<number>;
  merchant_trade_no: Generated<string>;
  verified: number;
  outcome: string;
  body: string;
  created_at: number;
}
