import type { Deps } from '../context.ts';
import { render } from './mail-format.ts';
import { postWebhook } from './webhook.ts';

/** What `notify-test` found: whether the mail server (and the webhook, when set) took the test. */
export interface NotifyTestResult {
  to: string[];
  mail: { ok: true } | { ok: false; error: string } | null;
  webhook: { ok: true; host: string } | { ok: false; host: string; error: string } | null;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Sends one test mail to SHOP_NOTIFY_EMAIL now, straight through the mail provider (not the outbox:
 * the owner wants to know whether the server takes it), and a signed test event to
 * SHOP_NOTIFY_WEBHOOK when it is set.
 */
export async function notifyTest(deps: Deps): Promise<NotifyTestResult> {
  const to = deps.env.SHOP_NOTIFY_EMAIL ?? [];
  const en = deps.env.SHOP_NOTIFY_LOCALE === 'en';
  const at = new Date(deps.clock.now()).toISOString();
  const mail = render(
    {
      subject: en ? 'Test of the shop’s alerts' : '商店通知測試',
      paragraphs: [
        en
          ? `This is a test from the shop (${at}). New orders, orders that need you, low stock and the daily summary come to this address.`
          : `這是商店的測試信（${at}）。新訂單、需要處理的訂單、庫存偏低與每日摘要都會寄到這個信箱。`,
      ],
    },
    deps.env.SHOP_NOTIFY_LOCALE,
  );
  const result: NotifyTestResult = { to, mail: null, webhook: null };
  if (to.length) {
    try {
      await deps.mail.send({ to: to.join(', '), purpose: 'owner-test', ...mail });
      result.mail = { ok: true };
    } catch (err) {
      result.mail = { ok: false, error: messageOf(err) };
    }
  }
  const url = deps.env.SHOP_NOTIFY_WEBHOOK;
  const secret = deps.env.SHOP_NOTIFY_WEBHOOK_SECRET;
  if (url && secret) {
    const host = new URL(url).host;
    try {
      await postWebhook(
        url,
        secret,
        `test-${deps.clock.now()}`,
        JSON.stringify({ purpose: 'owner-test', title: mail.subject, text: mail.text }),
      );
      result.webhook = { ok: true, host };
    } catch (err) {
      result.webhook = { ok: false, host, error: messageOf(err) };
    }
  }
  return result;
}

/** The notifications that wait (pending), or with `failed` those given up, oldest first, with why. */
export function listOutbox(deps: Deps, opts: { failed: boolean; limit: number }) {
  return deps.db.kysely
    .selectFrom('notifications as n')
    .leftJoin('orders as o', 'o.id', 'n.order_id')
    .select([
      'n.id',
      'n.purpose',
      'n.subject',
      'n.recipient',
      'n.state',
      'n.attempts',
      'n.next_at',
      'n.last_error',
      'n.created_at',
      'o.no',
    ])
    .where('n.state', '=', opts.failed ? 'failed' : 'pending')
    .orderBy('n.id')
    .limit(opts.limit)
    .execute();
}

/**
 * Sends the shopper's latest mail of an order again (`orders -- resend-mail`, the console's resend):
 * the outbox row goes back to pending, due now, so the sender delivers it once more. Returns its
 * purpose, or null when the order has no shopper mail. (A guest's private link was dropped from the
 * row once sent: the mail goes again without it.)
 */
export async function resendShopperMail(deps: Deps, orderId: number): Promise<string | null> {
  const k = deps.db.kysely;
  const last = await k
    .selectFrom('notifications')
    .select(['id', 'purpose'])
    .where('order_id', '=', orderId)
    .where('recipient', '=', 'shopper')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!last) return null;
  await k
    .updateTable('notifications')
    .set({
      state: 'pending',
      attempts: 0,
      next_at: deps.clock.now(),
      claimed_until: 0,
      claim: null,
      last_error: null,
      sent_at: null,
    })
    .where('id', '=', last.id)
    .execute();
  return last.purpose;
}
