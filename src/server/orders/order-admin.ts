import { ApiError } from '../common/errors.ts';
import { log } from '../common/log.ts';
import { type Refusal, stateName } from '../common/refusals.ts';
import type { Deps } from '../context.ts';
import type { OrderState } from '../db/schema.ts';
import { resendShopperMail } from '../notify/owner-commands.ts';
import { countOrder } from '../ops/metrics.ts';
import { afterMove } from '../payment/invoicing.ts';
import { type AttemptCheck, type Reconciled, reconcileOrder } from '../payment/reconcile.ts';
import { releaseUnpaid as releaseUnpaidOrders } from '../payment/sweep.ts';
import type { LogisticsProvider } from '../providers/logistics/adapter.ts';
import { cancelParcel, markParcelCancelled, ParcelCancelError, type ParcelOutcome } from '../shipping/parcel-cancel.ts';
import { createShipment, ShipError } from '../shipping/ship.ts';
import { labelForm, readShipment, type WireShipment } from '../shipping/shipment-view.ts';
import { cancelOrder } from './order-list.ts';
import { flaggedWhere, toShipWhere } from './order-search.ts';
import { shippedText, textReceiver } from './order-sms.ts';
import { CANCELLABLE, moveOrder } from './order-state.ts';
import { readOrder, type WireOrder } from './order-view.ts';

/** A refusal of the shop owner's tools: a message for the terminal, and the refusal for the console. */
export class OrderAdminError extends Error {
  readonly refusal: Refusal;
  constructor(message: string, refusal: Refusal, cause?: unknown) {
    super(message, { cause });
    this.name = 'OrderAdminError';
    this.refusal = refusal;
  }
}

export const CARRIER_MAX = 40;
export const TRACKING_MAX = 40;

async function orderByNo(deps: Deps, no: string) {
  const row = await deps.db.kysely
    .selectFrom('orders')
    .select([
      'id',
      'state',
      'shipping_method',
      'receiver_phone',
      'locale',
      'no',
      'invoice_action_needed',
      'needs_refund',
    ])
    .where('no', '=', no)
    .executeTakeFirst();
  if (!row) throw new OrderAdminError(`No order ${no}.`, { code: 'order_missing', params: { no } });
  return row;
}

const refuse = (no: string, state: string, to: string) =>
  new OrderAdminError(`Order ${no} is ${state}: it cannot be moved to ${to}.`, {
    code: 'order_state',
    params: { no, state: stateName(state), to: stateName(to) },
  });

/**
 * The newest orders, optionally of one state; `needsAction`: only those waiting for the shop's hand
 * (an invoice flagged invoice_action_needed, or a payment to refund).
 */
export function listForShop(
  deps: Deps,
  opts: { state?: OrderState | undefined; limit: number; needsAction?: boolean | undefined },
) {
  let q = deps.db.kysely
    .selectFrom('orders as o')
    .select([
      'o.no',
      'o.state',
      'o.created_at',
      'o.total',
      'o.receiver_name',
      'o.shipping_method',
      'o.payment_method',
      'o.invoice_action_needed',
      'o.needs_refund',
    ])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(opts.limit);
  if (opts.state) q = q.where('o.state', '=', opts.state);
  if (opts.needsAction) q = q.where(flaggedWhere);
  return q.execute();
}

/** Orders waiting to be shipped (toShipWhere), oldest first. */
export function listToShip(deps: Deps, limit: number) {
  return deps.db.kysely
    .selectFrom('orders as o')
    .select([
      'o.no',
      'o.state',
      'o.created_at',
      'o.total',
      'o.receiver_name',
      'o.shipping_method',
      'o.payment_method',
      'o.needs_refund',
      'o.invoice_action_needed',
    ])
    .where(toShipWhere)
    .orderBy('o.created_at')
    .orderBy('o.id')
    .limit(limit)
    .execute();
}

/**
 * Creates the order's ECPay logistics order (store pickup or home delivery), once: a second call
 * answers the same shipment. Returns the shipment (shipping code, store) for the terminal.
 */
export async function shipByLogistics(deps: Deps, no: string): Promise<{ shipment: WireShipment; created: boolean }> {
  try {
    const { orderId, created } = await createShipment(deps, no);
    const shipment = await readShipment(deps.db.kysely, orderId, 'zh-TW');
    if (!shipment)
      throw new OrderAdminError(`Order ${no} has no shipment.`, { code: 'order_no_shipment', params: { no } });
    return { shipment, created };
  } catch (err) {
    if (err instanceof ShipError) throw new OrderAdminError(err.message, err.refusal, err);
    throw err;
  }
}

/** The signed form of the shipment's print page (ECPay's label or shipping document). */
export async function labelForShop(deps: Deps, no: string) {
  const o = await orderByNo(deps, no);
  const form = await labelForm(deps, o.id);
  if (!form)
    throw new OrderAdminError(`Order ${no} has no logistics order yet: run ship ${no} first.`, {
      code: 'label_before_ship',
      params: { no },
    });
  return form;
}

/** A status notice kept for the owner: one that could not follow the parcel's status, or came for a cancelled order. */
export interface HeldNotice {
  outcome: string;
  rtn_code: string;
  rtn_msg: string;
  at: number;
}

/**
 * The order as its buyer sees it, with what waits for the shop: the invoice flag and its message,
 * the refund flag, and the parcel's notices that the buyer is not shown.
 */
export async function showForShop(
  deps: Deps,
  no: string,
): Promise<WireOrder & { invoice_action_needed: string | null; needs_refund: boolean; held_notices: HeldNotice[] }> {
  const o = await orderByNo(deps, no);
  const view = await readOrder(deps.db.kysely, o.id, 'zh-TW', deps.clock.now());
  if (!view) throw new OrderAdminError(`No order ${no}.`, { code: 'order_missing', params: { no } });
  return {
    ...view,
    invoice_action_needed: o.invoice_action_needed,
    needs_refund: Number(o.needs_refund) !== 0,
    held_notices: await heldNotices(deps, o.id),
  };
}

async function heldNotices(deps: Deps, orderId: number): Promise<HeldNotice[]> {
  const rows = await deps.db.kysely
    .selectFrom('shipment_notices as n')
    .innerJoin('shipments as s', 's.merchant_trade_no', 'n.merchant_trade_no')
    .select(['n.outcome', 'n.body', 'n.created_at'])
    .where('s.order_id', '=', orderId)
    .where('n.verified', '=', 1)
    .where((eb) => eb.or([eb('n.outcome', '=', 'held'), eb('n.outcome', 'like', '%-after-cancel')]))
    .orderBy('n.id')
    .execute();
  return rows.map((r) => {
    const form = JSON.parse(r.body) as Record<string, string>;
    return { outcome: r.outcome, rtn_code: form.RtnCode ?? '', rtn_msg: form.RtnMsg ?? '', at: Number(r.created_at) };
  });
}

/**
 * Hands an order to the carrier: a paid order goes through processing first; the carrier and
 * tracking number are kept and put on the timeline, and the receiver gets a text message.
 */
export async function shipOrder(deps: Deps, no: string, carrier: string, tracking: string): Promise<void> {
  if (!carrier || carrier.length > CARRIER_MAX)
    throw new OrderAdminError(`--carrier needs 1 to ${CARRIER_MAX} characters.`, {
      code: 'carrier_length',
      params: { max: CARRIER_MAX },
    });
  if (!tracking || tracking.length > TRACKING_MAX)
    throw new OrderAdminError(`--tracking needs 1 to ${TRACKING_MAX} characters.`, {
      code: 'tracking_length',
      params: { max: TRACKING_MAX },
    });
  const o = await orderByNo(deps, no);
  if (o.shipping_method === 'shop')
    throw new OrderAdminError(
      `Order ${no} is picked up at the shop: nothing ships. Run deliver ${no} when it is picked up.`,
      { code: 'shop_pickup', params: { no } },
    );
  const now = deps.clock.now();
  const moved = await deps.db.kysely.transaction().execute(async (trx) => {
    if (o.state === 'paid') await moveOrder(trx, { orderId: o.id, to: 'processing', now });
    if (!(await moveOrder(trx, { orderId: o.id, to: 'shipped', note: `${carrier} ${tracking}`, now }))) return false;
    await trx.updateTable('orders').set({ carrier, tracking_no: tracking }).where('id', '=', o.id).execute();
    return true;
  });
  if (!moved) throw refuse(no, o.state, 'shipped');
  await textReceiver(
    deps,
    o.receiver_phone,
    'shipped',
    shippedText({ no, locale: o.locale, carrier, tracking_no: tracking }),
  );
}

/**
 * Delivered at home, or picked up at the store (store pickup, once shipped) or at the shop (from
 * ready: a paid order goes through processing, nothing ships).
 */
export async function deliverOrder(deps: Deps, no: string): Promise<OrderState> {
  const o = await orderByNo(deps, no);
  if (o.shipping_method === 'shop') {
    const now = deps.clock.now();
    const moved = await deps.db.kysely.transaction().execute(async (trx) => {
      if (o.state === 'paid') await moveOrder(trx, { orderId: o.id, to: 'processing', now });
      return moveOrder(trx, { orderId: o.id, to: 'picked_up', now, atShop: true });
    });
    if (!moved) throw refuse(no, o.state, 'picked_up');
    afterMove(deps, o.id, 'picked_up');
    return 'picked_up';
  }
  const to: OrderState = o.shipping_method === 'home' ? 'delivered' : 'picked_up';
  await moveTo(deps, o, to);
  return to;
}

export async function completeOrder(deps: Deps, no: string): Promise<void> {
  await moveTo(deps, await orderByNo(deps, no), 'completed');
}

/**
 * The owner's cancel. A booked logistics order is cancelled at ECPay first where ECPay allows it, or
 * the cancel is refused with why (`unsent`: the owner keeps the parcel unsent, ECPay cannot cancel
 * it); the shipment is marked cancelled in the order's own cancel. Returns what became of the parcel.
 */
export async function cancelForShop(
  deps: Deps,
  no: string,
  reason: string,
  opts: { unsent?: boolean } = {},
  provider?: LogisticsProvider,
): Promise<ParcelOutcome> {
  const o = await orderByNo(deps, no);
  if (!CANCELLABLE.includes(o.state)) throw refuse(no, o.state, 'cancelled');
  let parcel: ParcelOutcome;
  try {
    parcel = await cancelParcel(deps, o, { unsent: opts.unsent ?? false }, provider);
  } catch (err) {
    if (err instanceof ParcelCancelError) throw new OrderAdminError(err.message, err.refusal, err);
    throw err;
  }
  try {
    await cancelOrder(deps, o.id, reason, (trx) => markParcelCancelled(trx, o.id, deps.clock.now()));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const now = await orderByNo(deps, no);
    throw err.code === 'ORDER_CANCEL_ASK_SHOP'
      ? new OrderAdminError(`Order ${no} has a logistics order being created: run ship ${no} first, then cancel.`, {
          code: 'ship_pending',
          params: { no },
        })
      : refuse(no, now.state, 'cancelled');
  }
  return parcel;
}

const methodOf = async (deps: Deps, orderId: number) =>
  (await deps.db.kysely.selectFrom('orders').select('payment_method').where('id', '=', orderId).executeTakeFirst())
    ?.payment_method ?? '';

async function moveTo(deps: Deps, o: { id: number; no: string; state: string }, to: OrderState) {
  const now = deps.clock.now();
  const moved = await deps.db.kysely.transaction().execute((trx) => moveOrder(trx, { orderId: o.id, to, now }));
  if (!moved) throw refuse(o.no, o.state, to);
  if (to === 'completed') countOrder('completed', await methodOf(deps, o.id));
  log.info({ event: 'order_moved', orderNo: o.no, from: o.state, to }, `order ${to}`);
  // Cash on delivery and pay at pickup are invoiced once handed over (the sweeper retries on failure).
  afterMove(deps, o.id, to);
}

/**
 * Cancels the orders still awaiting payment past their deadline, returning their stock once: the
 * payment sweeper's release (each order by its own compare-and-set move, so a payment that lands
 * meanwhile wins). Returns the numbers of the orders released.
 */
export const releaseUnpaid = (deps: Deps): Promise<string[]> => releaseUnpaidOrders(deps);

/** What ECPay said of one order when the owner asked. */
export interface ReconcileReport {
  no: string;
  result: Reconciled;
  checks: AttemptCheck[];
}

/**
 * Asks ECPay now (QueryTradeInfo) about the payment attempts of order `no`, or of every order awaiting
 * payment that has an attempt, whatever its age, and applies what it says: a paid one is paid.
 */
export async function reconcileForShop(deps: Deps, no?: string): Promise<ReconcileReport[]> {
  const k = deps.db.kysely;
  let orders: { id: number; no: string }[];
  if (no) {
    const order = await orderByNo(deps, no);
    const tried = await k
      .selectFrom('payment_attempts')
      .select('id')
      .where('order_id', '=', order.id)
      .executeTakeFirst();
    if (!tried)
      throw new OrderAdminError(`Order ${no} has no payment attempt: there is nothing to ask ECPay.`, {
        code: 'no_payment_attempt',
        params: { no },
      });
    orders = [order];
  } else {
    orders = await k
      .selectFrom('orders as o')
      .select(['o.id', 'o.no'])
      .where('o.state', '=', 'awaiting_payment')
      .where((eb) =>
        eb.exists(eb.selectFrom('payment_attempts as a').select('a.id').whereRef('a.order_id', '=', 'o.id')),
      )
      .orderBy('o.id')
      .execute();
  }
  const reports: ReconcileReport[] = [];
  for (const order of orders) reports.push({ no: order.no, ...(await reconcileOrder(deps, order.id)) });
  return reports;
}

/**
 * Sends the shopper's latest mail of order `no` again, now; returns its purpose and where it went.
 * Refused, saying why, when nothing was sent.
 */
export async function resendMailForShop(deps: Deps, no: string): Promise<{ purpose: string; to: string }> {
  const o = await orderByNo(deps, no);
  const r = await resendShopperMail(deps, o.id);
  if (!r)
    throw new OrderAdminError(`Order ${no} has no mail to the shopper to send again.`, {
      code: 'no_mail_to_resend',
      params: { no },
    });
  if ('to' in r) return r;
  if (r.refused === 'no-address')
    throw new OrderAdminError(`Order ${no} has no email address: no mail was sent.`, {
      code: 'resend_no_address',
      params: { no },
    });
  if (r.refused === 'wait')
    throw new OrderAdminError(
      `The placed mail of ${no} waits for ECPay's ATM account or store code: it goes by itself once they come. No mail was sent now.`,
      { code: 'resend_waits_for_payment_code', params: { no } },
    );
  throw new OrderAdminError(
    `The mail server did not take the mail of ${no} (${r.error}): no mail was sent. Try again later.`,
    { code: 'resend_mail_refused', params: { no, error: r.error ?? '' } },
  );
}
