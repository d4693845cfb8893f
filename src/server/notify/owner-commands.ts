import { randomUUID } from 'node:crypto';
import { newSecret, sha256 } from '../common/tokens.ts';
import type { Deps } from '../context.ts';
import { orderLink } from '../orders/order-sms.ts';
import { render } from './mail-format.ts';
import type { ReturnShopperPurpose, ShopperPurpose } from './outbox.ts';
import { shopperMail } from './shopper-mail.ts';
import { anyShopperMail } from './shopper-mails.ts';
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

/** What a resend did: the mail went (to whom), or why nothing was sent. */
type Purpose = ShopperPurpose | ReturnShopperPurpose;
export type Resent =
  | { purpose: Purpose; to: string }
  | { purpose: Purpose; refused: 'no-address' | 'wait' | 'mail-failed'; error?: string };

/** A new private link to a guest's order (kept beside the others, each good), or the member's order page. */
async function freshOrderLink(deps: Deps, orderId: number): Promise<string | undefined> {
  const k = deps.db.kysely;
  const o = await k
    .selectFrom('orders')
    .select(['no', 'locale', 'member_id'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!o) return undefined;
  if (o.member_id !== null) return orderLink(deps.env.SITE_URL, o, undefined);
  const key = newSecret();
  await k
    .insertInto('order_guest_keys')
    .values({ key_hash: sha256(key), order_id: orderId, created_at: deps.clock.now() })
    .execute();
  return orderLink(deps.env.SITE_URL, o, key);
}

/**
 * Sends the shopper's latest mail of an order again, now, straight through the mail provider
 * (`orders -- resend-mail`, the console's resend), and says whether it went: each resend is its own
 * mail with its own Message-ID (a mail server drops a repeated one). The placed mail carries the
 * private order link: the one still waiting in its outbox row, or else a new one (the first key is
 * never kept once sent). Null when the order has no shopper mail; a refusal says why nothing went.
 */
export async function resendShopperMail(deps: Deps, orderId: number): Promise<Resent | null> {
  const last = await deps.db.kysely
    .selectFrom('notifications')
    .select(['id', 'purpose', 'payload', 'subject', 'created_at'])
    .where('order_id', '=', orderId)
    .where('recipient', '=', 'shopper')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!last) return null;
  const purpose = last.purpose as Purpose;
  const payload = JSON.parse(last.payload || '{}') as Record<string, unknown>;
  // Looked at before a link is made: a refused resend leaves no key behind.
  const first = await anyShopperMail(deps, { ...last, order_id: orderId }, payload);
  if (!first) return { purpose, refused: 'no-address' };
  if (first === 'wait') return { purpose, refused: 'wait' };
  let m = first;
  if (purpose === 'order-placed' && typeof payload.link !== 'string') {
    const link = await freshOrderLink(deps, orderId);
    const linked = link ? await shopperMail(deps, purpose, orderId, { ...payload, link }) : undefined;
    if (linked && linked !== 'wait') m = linked;
  }
  const messageId = `<notification-${last.id}.${purpose}.resend-${randomUUID()}@${new URL(deps.env.SITE_URL).hostname}>`;
  try {
    await deps.mail.send({ to: m.to, purpose, ...m.mail, messageId });
  } catch (err) {
    return { purpose, refused: 'mail-failed', error: messageOf(err).slice(0, 200) };
  }
  return { purpose, to: m.to };
}
