import type { Transaction } from 'kysely';
import { log } from '../common/log.ts';
import type { Deps } from '../context.ts';
import type { Database, OrderState } from '../db/schema.ts';
import { notifyNeedsAction, notifyShopper } from '../notify/outbox.ts';
import { countOrder } from '../ops/metrics.ts';
import { parcelArrivedText, shippedText, textReceiver } from '../orders/order-sms.ts';
import { moveOrder } from '../orders/order-state.ts';
import { afterMove } from '../payment/invoicing.ts';
import { lockOrder } from '../payment/notices.ts';
import { ecpayConfig } from '../providers/ecpay/config.ts';
import { NOTICE_ACK } from '../providers/ecpay/notice.ts';
import type { NoticeAnswer } from '../providers/ecpay/notice-route.ts';
import type { ExpressSubType } from '../providers/logistics/express.ts';
import { parseStatusNotice, type StatusNotice, StatusNoticeError } from '../providers/logistics/notice.ts';
import { type ParcelStatus, PICKUP_DAYS, pathTo, RANK, statusOfCode } from '../providers/logistics/status.ts';
import { PARCEL_CANCELLED } from './parcel-booked.ts';
import { carrierName } from './shipment-text.ts';

const DAY_MS = 86_400_000;
const BODY_KEPT = 4_000;

type Trx = Transaction<Database>;

async function keepNotice(
  k: Deps['db']['kysely'] | Trx,
  form: Record<string, string>,
  verified: boolean,
  outcome: string,
  now: number,
) {
  await k
    .insertInto('shipment_notices')
    .values({
      merchant_trade_no: (form.MerchantTradeNo ?? '').slice(0, 40),
      verified: verified ? 1 : 0,
      outcome,
      body: JSON.stringify(form).slice(0, BODY_KEPT),
      created_at: now,
    })
    .execute();
}

/** Moves the order through the states before `to` that it has not reached (paid → processing → shipped). */
async function moveAlong(
  trx: Trx,
  orderId: number,
  path: OrderState[],
  note: string,
  now: number,
): Promise<OrderState[]> {
  const moved: OrderState[] = [];
  for (const to of path) if (await moveOrder(trx, { orderId, to, note, now })) moved.push(to);
  return moved;
}

interface Applied {
  outcome: string;
  orderId: number;
  orderNo: string;
  /** The order's payment method (the metrics' label). */
  method: string;
  moved: OrderState[];
  /** The status this notice gave the shipment for the first time (for the texts), else null. */
  first: ParcelStatus | null;
}

/** Whether `status` comes before `current` on the way of a `subType` parcel (an earlier step arriving late). */
function comesBefore(subType: string, status: ParcelStatus, current: ParcelStatus): boolean {
  if (status === 'created') return current !== 'created';
  const way = pathTo(subType as ExpressSubType, current).map((step) => step.status);
  return way.includes(status) && status !== current;
}

/** A notice that moves nothing: `held` when its status cannot follow the parcel's (kept for the owner). */
async function notForward(trx: Trx, s: { id: number; sub_type: string; status: string }, e: NewEvent) {
  const current = s.status as ParcelStatus;
  if (e.status === current) return 'duplicate';
  if (!comesBefore(s.sub_type, e.status, current)) return 'held';
  // An earlier step arriving late belongs on the parcel's history (listed by rank, under the current).
  return (await addEvent(trx, s.id, e)) ? 'late' : 'duplicate';
}

interface NewEvent {
  status: ParcelStatus;
  rtnCode: string;
  rtnMsg: string;
  at: number;
}

async function addEvent(trx: Trx, shipmentId: number, e: NewEvent): Promise<boolean> {
  const inserted = await trx
    .insertInto('shipment_events')
    .values({
      shipment_id: shipmentId,
      status: e.status,
      rtn_code: e.rtnCode,
      rtn_msg: e.rtnMsg.slice(0, 200),
      at: e.at,
    })
    .onConflict((oc) => oc.columns(['shipment_id', 'status']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Applies a verified notice inside one transaction, under the order's row lock. The shipment only
 * moves forward, each status once; a repeat changes nothing, an earlier step arriving late joins the
 * parcel's history, and a status that cannot follow the current one (unclaimed after picked up) is
 * only kept in shipment_notices as `held`, for the owner. The order follows: shipped; picked up or
 * delivered (paid then, when the money was collected) and completed; or, left unclaimed, cancelled
 * with its stock back (flagged for a refund when it had been paid). An order already cancelled moves
 * no more and gets no stock back again: money collected for it (or paid before) flags it `needs_refund`.
 */
async function apply(trx: Trx, notice: StatusNotice, status: ParcelStatus, now: number): Promise<Applied> {
  const of = trx
    .selectFrom('shipments')
    .where('merchant_trade_no', '=', notice.merchantTradeNo)
    .where('logistics_id', '=', notice.logisticsId);
  await lockOrder(trx, (await of.select('order_id').executeTakeFirstOrThrow()).order_id);
  // Read under the lock: another notice of the parcel may just have moved it.
  const s = await of.select(['id', 'status', 'sub_type', 'collection', 'order_id']).executeTakeFirstOrThrow();
  const o = await trx
    .selectFrom('orders')
    .select(['state', 'paid_at', 'no', 'payment_method'])
    .where('id', '=', s.order_id)
    .executeTakeFirstOrThrow();
  const at = notice.at ?? now;
  const event: NewEvent = { status, rtnCode: notice.rtnCode, rtnMsg: notice.rtnMsg, at };
  const base = {
    orderId: s.order_id,
    orderNo: o.no,
    method: o.payment_method,
    moved: [] as OrderState[],
    first: null,
  };
  if (RANK[status] <= RANK[s.status as ParcelStatus]) return { ...base, outcome: await notForward(trx, s, event) };
  const lower = (Object.keys(RANK) as ParcelStatus[]).filter((x) => RANK[x] < RANK[status]);
  const advanced = await trx
    .updateTable('shipments')
    .set({
      status,
      updated_at: now,
      ...(status === 'arrived' ? { pickup_deadline: at + PICKUP_DAYS * DAY_MS } : {}),
    })
    .where('id', '=', s.id)
    .where('status', 'in', lower)
    .executeTakeFirst();
  if (Number(advanced.numUpdatedRows) !== 1) return { ...base, outcome: 'late' };
  await addEvent(trx, s.id, event);
  const handedOver = status === 'picked_up' || status === 'delivered';
  if (o.state === 'cancelled') {
    // No text to the shopper, no move: the notice is kept, and the shipment shows where the parcel is.
    if (!handedOver) return { ...base, outcome: `${status}-after-cancel` };
    const collected = s.collection !== 0 || o.paid_at !== null;
    if (collected) {
      await trx.updateTable('orders').set({ needs_refund: 1, updated_at: now }).where('id', '=', s.order_id).execute();
      await notifyNeedsAction(trx, s.order_id, 'refund', now);
    }
    log.warn(
      {
        event: 'parcel_after_cancel',
        orderNo: o.no,
        merchantTradeNo: notice.merchantTradeNo,
        status,
        needsRefund: collected,
      },
      'the order is cancelled, but its parcel was handed over',
    );
    return { ...base, outcome: `${status}-after-cancel` };
  }
  const note = `${carrierName(s.sub_type, 'zh-TW')} ${notice.rtnCode} ${notice.rtnMsg}`.trim().slice(0, 200);
  const moved = await moveAlong(trx, s.order_id, ['processing', 'shipped'], note, now);
  if (handedOver) {
    if (await moveOrder(trx, { orderId: s.order_id, to: status, note, now })) moved.push(status);
    if (s.collection && o.paid_at === null)
      await trx.updateTable('orders').set({ paid_at: at, updated_at: now }).where('id', '=', s.order_id).execute();
    if (await moveOrder(trx, { orderId: s.order_id, to: 'completed', now })) moved.push('completed');
  } else if (status === 'arrived') {
    await notifyShopper(trx, 'order-at-store', s.order_id, now);
  } else if (status === 'unclaimed') {
    if (await moveOrder(trx, { orderId: s.order_id, to: 'cancelled', note, now, parcelReturned: true })) {
      moved.push('cancelled');
      await notifyNeedsAction(trx, s.order_id, 'unclaimed', now);
      if (o.paid_at !== null)
        await trx
          .updateTable('orders')
          .set({ needs_refund: 1, updated_at: now })
          .where('id', '=', s.order_id)
          .execute();
    }
  }
  return { outcome: status, orderId: s.order_id, orderNo: o.no, method: o.payment_method, moved, first: status };
}

/**
 * A status notice of ECPay's logistics (ServerReplyURL): verified (MD5 CheckMacValue, merchant),
 * matched to a shipment by trade number and AllPayLogisticsID, applied in one transaction and
 * answered `1|OK` after the commit. A bad notice or an unknown shipment changes nothing, is kept
 * and logged, and is answered `0|…`. After the commit: the invoice work of the moves, and the
 * shopper's text when the parcel reaches the store or a home parcel leaves (once per status).
 */
export async function handleStatusNotice(deps: Deps, form: Record<string, string>): Promise<NoticeAnswer> {
  const k = deps.db.kysely;
  const now = deps.clock.now();
  let notice: StatusNotice;
  try {
    notice = parseStatusNotice(form, ecpayConfig(deps.env).logistics);
  } catch (err) {
    if (!(err instanceof StatusNoticeError)) throw err;
    log.warn(
      { event: 'shipping_notice_refused', reason: err.fault, merchantTradeNo: form.MerchantTradeNo ?? null },
      err.message,
    );
    await keepNotice(k, form, false, err.fault, now);
    return { status: 400, body: `0|${err.fault}` };
  }
  const s = await k
    .selectFrom('shipments')
    .select(['id', 'sub_type'])
    .where('merchant_trade_no', '=', notice.merchantTradeNo)
    .where('logistics_id', '=', notice.logisticsId)
    // A cancelled one too: a parcel sent after all still reports (and flags its cancelled order).
    .where('state', 'in', ['created', PARCEL_CANCELLED])
    .executeTakeFirst();
  if (!s) {
    log.warn(
      {
        event: 'shipping_notice_refused',
        reason: 'unknown-shipment',
        merchantTradeNo: notice.merchantTradeNo,
        logisticsId: notice.logisticsId,
      },
      'status notice for an unknown shipment',
    );
    await keepNotice(k, form, true, 'unknown-shipment', now);
    return { status: 400, body: '0|unknown-shipment' };
  }
  const status = statusOfCode(s.sub_type as ExpressSubType, notice.rtnCode);
  if (status === null || status === 'created') {
    await keepNotice(k, form, true, `kept-${notice.rtnCode}`.slice(0, 30), now);
    return { status: 200, body: NOTICE_ACK };
  }
  const applied = await k.transaction().execute(async (trx) => {
    const a = await apply(trx, notice, status, now);
    await keepNotice(trx, form, true, a.outcome, now);
    return a;
  });
  for (const to of applied.moved) {
    afterMove(deps, applied.orderId, to);
    if (to === 'cancelled' || to === 'completed') countOrder(to, applied.method);
  }
  log.info(
    {
      event: 'shipping_notice',
      orderNo: applied.orderNo,
      merchantTradeNo: notice.merchantTradeNo,
      outcome: applied.outcome,
      moved: applied.moved,
    },
    'shipping status notice',
  );
  if (applied.first) await textFor(deps, applied.orderId, applied.first);
  return { status: 200, body: NOTICE_ACK };
}

/** The shopper's text of a status: the parcel at the store (with the deadline), or a home parcel on its way. */
async function textFor(deps: Deps, orderId: number, status: ParcelStatus): Promise<void> {
  const o = await deps.db.kysely
    .selectFrom('orders as o')
    .innerJoin('shipments as s', 's.order_id', 'o.id')
    .select(['o.no', 'o.locale', 'o.receiver_phone', 'o.shipping_method', 'o.cvs_store_name', 's.sub_type'])
    .select(['s.pickup_deadline', 's.booking_note'])
    .where('o.id', '=', orderId)
    .executeTakeFirstOrThrow();
  const locale = o.locale === 'en' ? 'en' : 'zh-TW';
  if (status === 'arrived' && o.shipping_method === 'cvs' && o.pickup_deadline !== null)
    await textReceiver(
      deps,
      o.receiver_phone,
      'parcel_arrived',
      parcelArrivedText({ no: o.no, locale, store: o.cvs_store_name, deadline: Number(o.pickup_deadline) }),
    );
  else if (status === 'shipped' && o.shipping_method === 'home')
    await textReceiver(
      deps,
      o.receiver_phone,
      'shipped',
      shippedText({ no: o.no, locale, carrier: carrierName(o.sub_type, locale), tracking_no: o.booking_note }),
    );
}
