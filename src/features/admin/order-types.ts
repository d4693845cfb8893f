/** An order in the console's lists (OrderRow of the API, camelCased by the client). */
export interface OrderRow {
  no: string;
  state: string;
  createdAt: number;
  total: number;
  receiverName: string;
  receiverPhone: string;
  shippingMethod: string;
  paymentMethod: string;
  needsRefund: boolean;
  invoiceActionNeeded: string | null;
  unclaimed: boolean;
}

/** ECPay's print page: a form of `fields` posted to `action`. */
export interface LabelForm {
  action: string;
  fields: Record<string, string>;
}

/** One action of the audit log. */
export interface AuditRow {
  id: number;
  at: number;
  staffEmail: string | null;
  who: string;
  action: string;
  orderNo: string;
  detail: string;
  ip: string;
  ok: boolean;
}
