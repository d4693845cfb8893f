import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { NotificationRecipient } from '../db/tables/notifications.ts';

/** The shopper's mails, one per order event. */
export const SHOPPER_PURPOSES = [
  'order-placed',
  'order-paid',
  'order-shipped',
  'order-at-store',
  'order-cancelled',
] as const;
/** The owner's alerts, by mail (SHOP_NOTIFY_EMAIL) and webhook (SHOP_NOTIFY_WEBHOOK). */
export const OWNER_PURPOSES = [
  'owner-new-order',
  'owner-needs-action',
  'owner-low-stock',
  'owner-daily',
  'owner-staff-login',
] as const;
export type ShopperPurpose = (typeof SHOPPER_PURPOSES)[number];
export type OwnerPurpose = (typeof OWNER_PURPOSES)[number];
/** A subscriber's restock alert (issue 32): one text or mail per subscription; the link confirming an address. */
export type SubscriberPurpose = 'restock' | 'restock-confirm';
export type Purpose = ShopperPurpose | OwnerPurpose | SubscriberPurpose;

/** Why an order needs a person. */
export type ActionReason = 'refund' | 'invoice' | 'unclaimed';

type Writer = Transaction<Database> | Kysely<Database>;

/**
 * Writes one event for one recipient kind, in the caller's transaction: a second write of the same
 * (purpose, subject, recipient) changes nothing, so code that runs twice mails once.
 */
async function put(
  k: Writer,
  e: {
    purpose: Purpose;
    subject: string;
    recipient: NotificationRecipient;
    orderId: number | null;
    payload?: Record<string, unknown>;
    now: number;
  },
): Promise<void> {
  await k
    .insertInto('notifications')
    .values({
      purpose: e.purpose,
      subject: e.subject,
      recipient: e.recipient,
      order_id: e.orderId,
      payload: JSON.stringify(e.payload ?? {}),
      next_at: e.now,
      created_at: e.now,
    })
    .onConflict((oc) => oc.columns(['purpose', 'subject', 'recipient']).doNothing())
    .execute();
}

/** The shopper's mail of an order event (the guest's private order link goes in `payload`). */
export function notifyShopper(
  k: Writer,
  purpose: ShopperPurpose,
  orderId: number,
  now: number,
  payload?: Record<string, unknown>,
): Promise<void> {
  return put(k, {
    purpose,
    subject: `order:${orderId}`,
    recipient: 'shopper',
    orderId,
    now,
    ...(payload ? { payload } : {}),
  });
}

/** One owner's alert, for the mail and the webhook (each skipped by the sender when not configured). */
export async function notifyOwner(
  k: Writer,
  purpose: OwnerPurpose,
  subject: string,
  opts: { orderId?: number | null; payload?: Record<string, unknown>; now: number },
): Promise<void> {
  for (const recipient of ['owner', 'webhook'] as const)
    await put(k, {
      purpose,
      subject,
      recipient,
      orderId: opts.orderId ?? null,
      now: opts.now,
      ...(opts.payload ? { payload: opts.payload } : {}),
    });
}

/** An order that needs the shop's hand: a refund, an invoice, a parcel left unclaimed (once per reason). */
export const notifyNeedsAction = (k: Writer, orderId: number, reason: ActionReason, now: number) =>
  notifyOwner(k, 'owner-needs-action', `order:${orderId}:${reason}`, { orderId, payload: { reason }, now });

/** A new order the shop will be paid for (paid, or to be collected on delivery or at pickup). */
export const notifyNewOrder = (k: Writer, orderId: number, now: number) =>
  notifyOwner(k, 'owner-new-order', `order:${orderId}`, { orderId, now });

/** A restock alert's one message (issue 32), written in the transaction that raised the stock. */
export const notifyRestock = (k: Writer, alertId: number, now: number) =>
  put(k, { purpose: 'restock', subject: `alert:${alertId}`, recipient: 'subscriber', orderId: null, now });

/** The link that confirms an address given for a restock alert, mailed to it. */
export const notifyRestockConfirm = (k: Writer, alertId: number, now: number) =>
  put(k, { purpose: 'restock-confirm', subject: `alert:${alertId}`, recipient: 'subscriber', orderId: null, now });
