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
  'owner-return-requested',
] as const;
/** The shopper's mails of a return (subject `return:<id>`) and of a refund (`refund:<id>`), issue 40. */
export const RETURN_SHOPPER_PURPOSES = [
  'return-requested',
  'return-approved',
  'return-rejected',
  'refund-sent',
] as const;
/**
 * The webhook's events of the returns' later moves and of refunds (SHOP_NOTIFY_WEBHOOK only: the owner
 * made them; a request comes as the owner's alert `owner-return-requested`, by mail and webhook).
 */
export const RETURN_EVENTS = [
  'return-approved',
  'return-rejected',
  'return-in-transit',
  'return-received',
  'return-cancelled',
  'refund-sent',
  'refund-failed',
] as const;
export type ShopperPurpose = (typeof SHOPPER_PURPOSES)[number];
export type OwnerPurpose = (typeof OWNER_PURPOSES)[number];
export type ReturnShopperPurpose = (typeof RETURN_SHOPPER_PURPOSES)[number];
export type ReturnEvent = (typeof RETURN_EVENTS)[number];
/**
 * Reviews (issue 42): the shopper's one mail asking for reviews of a delivered order (subject
 * `order:<id>`), and the owner's alert of a review of 1–2 stars (`review:<id>`, mail and webhook).
 */
export type ReviewPurpose = 'review-request' | 'owner-review';
/** A subscriber's restock alert (issue 32): one text or mail per subscription; the link confirming an address. */
export type SubscriberPurpose = 'restock' | 'restock-confirm';
export type Purpose =
  | ShopperPurpose
  | OwnerPurpose
  | SubscriberPurpose
  | ReturnShopperPurpose
  | ReturnEvent
  | ReviewPurpose;

/** Why an order needs a person. */
export type ActionReason = 'refund' | 'invoice' | 'unclaimed';

type Writer = Transaction<Database> | Kysely<Database>;

/**
 * Writes one event for one recipient kind, in the caller's transaction: a second write of the same
 * (purpose, subject, recipient) changes nothing, so code that runs twice mails once. Returns whether
 * this call wrote it.
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
): Promise<boolean> {
  const row = await k
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
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The shopper's mail of an order event (the guest's private order link goes in `payload`). */
export async function notifyShopper(
  k: Writer,
  purpose: ShopperPurpose,
  orderId: number,
  now: number,
  payload?: Record<string, unknown>,
): Promise<void> {
  await put(k, {
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

/** What a return's or a refund's notification is of: `return:<id>` or `refund:<id>` (its subject). */
export type ReturnSubject = { returnId: number } | { refundId: number };
const subjectOf = (s: ReturnSubject) => ('returnId' in s ? `return:${s.returnId}` : `refund:${s.refundId}`);

/** The shopper's mail of a return's move or a refund sent, in the move's transaction (once per subject). */
export const notifyReturnShopper = (
  k: Writer,
  purpose: ReturnShopperPurpose,
  about: ReturnSubject,
  orderId: number,
  now: number,
) => put(k, { purpose, subject: subjectOf(about), recipient: 'shopper', orderId, now });

/**
 * A webhook event of a return's move or a refund, in the move's transaction. `failedTry` tells a
 * refund's failed tries apart (each is one event, with the reason it failed as it was then); every
 * other event is once per subject.
 */
export const notifyReturnEvent = (
  k: Writer,
  event: ReturnEvent,
  about: ReturnSubject,
  orderId: number,
  now: number,
  failedTry?: { attempt: number; reason: string },
) =>
  put(k, {
    purpose: event,
    subject: failedTry === undefined ? subjectOf(about) : `${subjectOf(about)}:try-${failedTry.attempt}`,
    recipient: 'webhook',
    orderId,
    now,
    ...(failedTry ? { payload: { reason: failedTry.reason } } : {}),
  });

/** The owner's alert of a new return request (mail and webhook). */
export const notifyReturnRequested = (k: Writer, returnId: number, orderId: number, now: number) =>
  notifyOwner(k, 'owner-return-requested', `return:${returnId}`, { orderId, now });

/**
 * The shopper's one mail asking for reviews of delivered order `orderId`, with its `link` to the
 * review form and its `stop` link (no more of these mails) in the payload. Returns whether this
 * call wrote it (false: it was written before).
 */
export const notifyReviewRequest = (
  k: Writer,
  orderId: number,
  links: { link: string; stop: string },
  now: number,
): Promise<boolean> =>
  put(k, {
    purpose: 'review-request',
    subject: `order:${orderId}`,
    recipient: 'shopper',
    orderId,
    now,
    payload: links,
  });

/** The owner's alert of a low review (mail and webhook), once per review. */
export async function notifyOwnerReview(k: Writer, reviewId: number, orderId: number, now: number): Promise<void> {
  for (const recipient of ['owner', 'webhook'] as const)
    await put(k, { purpose: 'owner-review', subject: `review:${reviewId}`, recipient, orderId, now });
}
