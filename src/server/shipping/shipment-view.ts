import type { Kysely, Transaction } from 'kysely';
import type { Locale } from '../../config.ts';
import type { Deps } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { ecpayConfig } from '../providers/ecpay/config.ts';
import { type ExpressSubType, isHome, printForm } from '../providers/logistics/express.ts';
import { type ParcelStatus, RANK } from '../providers/logistics/status.ts';
import { PARCEL_CANCELLED } from './parcel-booked.ts';
import { logisticsBase } from './shipment-provider.ts';
import { carrierName, statusText } from './shipment-text.ts';

type Db = Kysely<Database> | Transaction<Database>;

const rankOf = (status: string): number => RANK[status as ParcelStatus] ?? 0;

/** An order's parcel as the wire shows it (null before it ships). */
export interface WireShipment {
  carrier: string;
  logistics_id: string;
  shipping_code: string;
  store: { id: string; name: string; address: string } | null;
  status: string;
  status_text: string;
  pickup_deadline: number | null;
  events: { status: string; at: number }[];
}

/** The shipping code the sender gives at the counter (CVSPaymentNo, with 7-ELEVEN's CVSValidationNo) or the carrier's BookingNote. */
export const shippingCode = (s: { cvs_payment_no: string; cvs_validation_no: string; booking_note: string }) =>
  s.booking_note || `${s.cvs_payment_no} ${s.cvs_validation_no}`.trim();

/**
 * The shipment of an order in the locale, or null when its logistics order is not created (or was
 * cancelled before the parcel moved). Its events are listed by rank, then time: the last is always
 * the parcel's current status, even when an earlier step was reported late.
 */
export async function readShipment(k: Db, orderId: number, locale: Locale): Promise<WireShipment | null> {
  const s = await k
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .select(['s.id', 's.sub_type', 's.logistics_id', 's.cvs_payment_no', 's.cvs_validation_no', 's.booking_note'])
    .select(['s.status', 's.pickup_deadline', 'o.cvs_store_id', 'o.cvs_store_name', 'o.cvs_store_address'])
    .select('s.state')
    .where('s.order_id', '=', orderId)
    .where('s.state', 'in', ['created', PARCEL_CANCELLED])
    .executeTakeFirst();
  if (!s || (s.state === PARCEL_CANCELLED && s.status === 'created')) return null;
  const events = await k
    .selectFrom('shipment_events')
    .select(['status', 'at'])
    .where('shipment_id', '=', s.id)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return {
    carrier: carrierName(s.sub_type, locale),
    logistics_id: s.logistics_id,
    shipping_code: shippingCode(s),
    store: isHome(s.sub_type) ? null : { id: s.cvs_store_id, name: s.cvs_store_name, address: s.cvs_store_address },
    status: s.status,
    status_text: statusText(s.status, locale),
    pickup_deadline: s.pickup_deadline === null ? null : Number(s.pickup_deadline),
    events: events
      .map((e) => ({ status: e.status, at: Number(e.at) }))
      .sort((a, b) => rankOf(a.status) - rankOf(b.status) || a.at - b.at),
  };
}

/** The signed form that opens ECPay's print page (label or shipping document) of an order's shipment. */
export async function labelForm(deps: Deps, orderId: number) {
  const s = await deps.db.kysely
    .selectFrom('shipments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('state', '=', 'created')
    .executeTakeFirst();
  if (!s) return null;
  return printForm(logisticsBase(deps), ecpayConfig(deps.env).logistics, {
    subType: s.sub_type as ExpressSubType,
    logisticsId: s.logistics_id,
    cvsPaymentNo: s.cvs_payment_no,
    cvsValidationNo: s.cvs_validation_no,
  });
}
