import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import {
  NOTIFY_BATCH,
  NOTIFY_LEASE_MS,
  NOTIFY_MAX_ATTEMPTS,
  NOTIFY_PAY_INFO_POLL_MS,
  NOTIFY_RETRY_BASE_MS,
  NOTIFY_RETRY_MAX_MS,
  NOTIFY_SEND_INTERVAL_MS,
  OWNER_DIGEST_HOUR,
} from '../../config.ts';
import { takeEveryOther, takeFault } from '../common/faults.ts';
import { log } from '../common/log.ts';
import type { Deps } from '../context.ts';
import type { NotificationsTable } from '../db/tables/notifications.ts';
import { registerOutboxPending } from '../ops/probes.ts';
import { deliverRestock, deliverRestockConfirm } from '../restock/restock-message.ts';
import { notifyOwner, type OwnerPurpose } from './outbox.ts';
import { ownerMail, taipeiDay, taipeiMidnight } from './owner-mail.ts';
import { isReturnAlert, returnAlert } from './return-alerts.ts';
import { returnFacts } from './return-facts.ts';
import { ownerReviewAlert } from './review-alert.ts';
import { anyShopperMail } from './shopper-mails.ts';
import { postWebhook } from './webhook.ts';

const HOUR_MS = 3_600_000;
const ERROR_KEPT = 500;

type Row = Selectable<NotificationsTable>;

/** What one pass did. */
export interface SendPass {
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
}

/**
 * The wait after the `attempts`-th failed delivery: doubled each time, capped (`base` and `max` set
 * by NOTIFY_RETRY_BASE_MS and NOTIFY_RETRY_MAX_MS in the environment, for the load suite).
 */
export const retryDelay = (attempts: number, base = NOTIFY_RETRY_BASE_MS, max = NOTIFY_RETRY_MAX_MS): number =>
  Math.min(base * 2 ** Math.max(0, attempts - 1), max);

/** Whether a test fault makes this delivery fail: `email.down` (the next N) or `email.flaky` (every other one). */
const mailFault = (): boolean => takeFault('email.down') || takeEveryOther('email.flaky');

/** Thrown when a row has nowhere to go (no address, nothing configured): it is marked skipped. */
class Nowhere extends Error {}
/** Thrown when a row is not to go yet (a placed mail waiting for the ATM account, a phone's hourly restock texts used): looked at again later (at `at`, if given), no try counted. */
class NotYet extends Error {
  readonly at: number | undefined;
  constructor(message: string, at?: number) {
    super(message);
    this.at = at;
  }
}

/**
 * From OWNER_DIGEST_HOUR Taipei time, yesterday's digest is written once (its day is in the key, so
 * every server may try).
 */
async function writeDigest(deps: Deps, now: number): Promise<void> {
  if (!deps.env.SHOP_NOTIFY_EMAIL?.length && !deps.env.SHOP_NOTIFY_WEBHOOK) return;
  const today = taipeiMidnight(taipeiDay(now));
  if (now < today + OWNER_DIGEST_HOUR * HOUR_MS) return;
  const day = taipeiDay(today - 1);
  const k = deps.db.kysely;
  // Looked up first: the insert's conflict would take a sequence number on every pass of the day.
  const written = await k
    .selectFrom('notifications')
    .select('id')
    .where('purpose', '=', 'owner-daily')
    .where('subject', '=', `day:${day}`)
    .executeTakeFirst();
  if (!written) await notifyOwner(k, 'owner-daily', `day:${day}`, { payload: { day }, now });
}

type DueWriter = (deps: Deps, now: number) => Promise<unknown>;
const dueWriters = new Map<string, DueWriter>();

/**
 * Adds a writer of notifications that fall due with time, from a domain the outbox does not import
 * (the review requests): registered when the app is composed, run at the start of every send pass
 * as the digest is. Each must be safe to run from every server at once (the outbox's unique key).
 */
export function addDueWriter(name: string, write: DueWriter): void {
  dueWriters.set(name, write);
}

/** Runs the due writers; one that fails is logged and the pass goes on with the rest. */
async function writeDue(deps: Deps, now: number): Promise<void> {
  for (const [name, write] of dueWriters) {
    try {
      await write(deps, now);
    } catch (err) {
      log.error({ event: 'notify_due_writer_failed', name, err }, 'a writer of due notifications failed');
    }
  }
}

/** Delivers one claimed row; returns where it went. Throws to retry, Nowhere to skip. */
async function deliver(deps: Deps, row: Row): Promise<string> {
  const payload = JSON.parse(row.payload || '{}') as Record<string, unknown>;
  const messageId = `<notification-${row.id}.${row.purpose}@${new URL(deps.env.SITE_URL).hostname}>`;
  if (row.recipient === 'subscriber') {
    const alertId = Number(row.subject.slice('alert:'.length));
    const d =
      row.purpose === 'restock-confirm'
        ? await deliverRestockConfirm(deps, alertId, messageId)
        : await deliverRestock(deps, alertId, messageId);
    if ('skip' in d) throw new Nowhere(d.skip);
    if ('later' in d) throw new NotYet(d.why, d.later);
    return d.to;
  }
  if (row.recipient === 'shopper') {
    if (row.order_id === null) throw new Nowhere('no order');
    const m = await anyShopperMail(deps, { ...row, order_id: row.order_id }, payload);
    if (!m)
      throw new Nowhere(
        'no email address, or nothing to send any more (cancelled, returned, or the address stopped these mails)',
      );
    if (m === 'wait') throw new NotYet('waiting for the ATM account or store code, a return code or the e-invoice');
    if (mailFault()) throw new Error('mail server down (test fault email.down or email.flaky)');
    await deps.mail.send({ to: m.to, purpose: row.purpose, ...m.mail, messageId });
    return m.to;
  }
  const to = deps.env.SHOP_NOTIFY_EMAIL ?? [];
  const url = deps.env.SHOP_NOTIFY_WEBHOOK;
  if (row.recipient === 'owner' && !to.length) throw new Nowhere('SHOP_NOTIFY_EMAIL is not set');
  if (row.recipient === 'webhook' && (!url || !deps.env.SHOP_NOTIFY_WEBHOOK_SECRET))
    throw new Nowhere('SHOP_NOTIFY_WEBHOOK is not set');
  if (isReturnAlert(row.purpose) && !returnFacts()) throw new NotYet('waiting for a process that composed the returns');
  const m = isReturnAlert(row.purpose)
    ? await returnAlert(deps, row.purpose, row.subject, row.order_id, payload)
    : row.purpose === 'owner-review'
      ? await ownerReviewAlert(deps, row.subject, row.order_id)
      : await ownerMail(deps, row.purpose as Exclude<OwnerPurpose, 'owner-return-requested'>, row.order_id, payload);
  if (!m) throw new Nowhere('the order, return, refund or review is gone');
  if (mailFault()) throw new Error('mail server down (test fault email.down or email.flaky)');
  if (row.recipient === 'owner') {
    await deps.mail.send({ to: to.join(', '), purpose: row.purpose, ...m.mail, messageId });
    return to.join(', ');
  }
  const body = JSON.stringify({
    id: row.id,
    purpose: row.purpose,
    subject: row.subject,
    created_at: Number(row.created_at),
    ...m.data,
    title: m.mail.subject,
    text: m.mail.text,
  });
  await postWebhook(url!, deps.env.SHOP_NOTIFY_WEBHOOK_SECRET!, String(row.id), body);
  return new URL(url!).host;
}

/**
 * One pass of the sender: writes the daily digest when due, then claims the due rows one by one with
 * a lease (a compare-and-set UPDATE on claimed_until: of two servers, one wins each row) and delivers
 * each. A delivered row is marked sent (its payload emptied); a failed one waits retryDelay and keeps
 * the error, and is given up as `failed` after NOTIFY_MAX_ATTEMPTS. A row whose server died mid-way
 * is taken again once its lease runs out.
 */
export async function sendDue(deps: Deps): Promise<SendPass> {
  const k = deps.db.kysely;
  const now = deps.clock.now();
  const pass: SendPass = { sent: 0, skipped: 0, retried: 0, failed: 0 };
  await writeDigest(deps, now);
  await writeDue(deps, now);
  const due = await k
    .selectFrom('notifications')
    .select('id')
    .where('state', '=', 'pending')
    .where('next_at', '<=', now)
    .where('claimed_until', '<', now)
    .orderBy('id')
    .limit(NOTIFY_BATCH)
    .execute();
  for (const { id } of due) {
    const claim = randomUUID();
    const taken = await k
      .updateTable('notifications')
      .set({ claimed_until: now + NOTIFY_LEASE_MS, claim })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where('claimed_until', '<', now)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) continue;
    const row = await k.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const mine = k.updateTable('notifications').where('id', '=', id).where('claim', '=', claim);
    try {
      const sentTo = await deliver(deps, row);
      await mine
        .set({ state: 'sent', sent_at: now, sent_to: sentTo, payload: '{}', claimed_until: 0, last_error: null })
        .execute();
      pass.sent++;
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_KEPT);
      if (err instanceof NotYet) {
        await mine
          .set({ next_at: err.at ?? now + NOTIFY_PAY_INFO_POLL_MS, claimed_until: 0, last_error: message })
          .execute();
        continue;
      }
      if (err instanceof Nowhere) {
        await mine.set({ state: 'skipped', last_error: message, claimed_until: 0 }).execute();
        pass.skipped++;
        continue;
      }
      const attempts = Number(row.attempts) + 1;
      const giveUp = attempts >= NOTIFY_MAX_ATTEMPTS;
      await mine
        .set({
          attempts,
          last_error: message,
          claimed_until: 0,
          next_at: now + retryDelay(attempts, deps.env.NOTIFY_RETRY_BASE_MS, deps.env.NOTIFY_RETRY_MAX_MS),
          ...(giveUp ? { state: 'failed' as const } : {}),
        })
        .execute();
      if (giveUp) pass.failed++;
      else pass.retried++;
    }
  }
  return pass;
}

/** How many notifications wait to be sent (shop_outbox_pending). */
async function countPending(deps: Deps): Promise<number> {
  const row = await deps.db.kysely
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Sends now and every NOTIFY_SEND_INTERVAL_MS (or the environment's), off every request; the returned stop waits for a pass under way. */
export function startNotifier(deps: Deps): () => Promise<void> {
  registerOutboxPending(countPending);
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    running = sendDue(deps)
      .catch((err: Error) => log.error({ event: 'notify_pass_failed', err }, 'the notification send pass failed'))
      .finally(() => {
        busy = false;
      });
  };
  run();
  const timer = setInterval(run, deps.env.NOTIFY_SEND_INTERVAL_MS ?? NOTIFY_SEND_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
