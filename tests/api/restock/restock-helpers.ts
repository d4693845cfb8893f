import { runEdit } from '../../../src/server/catalog/admin/edits.ts';
import type { Deps } from '../../../src/server/context.ts';
import { sendDue } from '../../../src/server/notify/sender.ts';
import { outboxEmail } from '../../../src/server/providers/email-outbox.ts';
import { outboxSms } from '../../../src/server/providers/sms-outbox.ts';
import type { TestShop } from '../../helpers/test-app.ts';

/** A catalog edit of one SKU's stock, as `npm run catalog -- stock <sku> <n>` makes it. */
export const setStockByEdit = (shop: TestShop, sku: string, n: number) =>
  runEdit(shop.deps.db, {
    command: 'stock',
    args: [sku, String(n)],
    file: undefined,
    by: 'tester',
    limit: 50,
    locale: 'en',
    now: shop.clock.now(),
  });

/** The restock texts to `phone`, oldest first. */
export const restockTexts = async (shop: TestShop, phone: string) =>
  (
    await shop.deps.db.kysely
      .selectFrom('sms_outbox')
      .select(['text', 'created_at'])
      .where('phone', '=', phone)
      .where('purpose', '=', 'restock')
      .orderBy('id')
      .execute()
  ).map((r) => r.text);

/** The restock mails to `email`, oldest first. */
export const restockMails = (shop: TestShop, email: string) =>
  shop.deps.db.kysely
    .selectFrom('email_outbox')
    .select(['subject', 'text', 'link'])
    .where('email', '=', email)
    .where('purpose', '=', 'restock')
    .orderBy('id')
    .execute();

/** A second serving process on the same database: its own connection, the same clock. */
export function secondServer(shop: TestShop): { deps: Deps; close: () => Promise<void> } {
  const db = shop.openAnother();
  const deps: Deps = { ...shop.deps, db, mail: outboxEmail(db, shop.clock), sms: outboxSms(db, shop.clock) };
  return { deps, close: () => db.close() };
}

/** The restock notification rows of the alerts, in id order. */
export const restockRows = (shop: TestShop, alertIds: number[]) =>
  shop.deps.db.kysely
    .selectFrom('notifications')
    .select(['subject', 'state', 'attempts', 'next_at', 'last_error', 'sent_to'])
    .where('purpose', '=', 'restock')
    .where(
      'subject',
      'in',
      alertIds.map((id) => `alert:${id}`),
    )
    .orderBy('id')
    .execute();

/** The confirmation links mailed to `email` (the outbox sends what is due first), oldest first. */
export async function confirmLinks(shop: TestShop, email: string): Promise<string[]> {
  await sendDue(shop.deps);
  const rows = await shop.deps.db.kysely
    .selectFrom('email_outbox')
    .select('link')
    .where('email', '=', email)
    .where('purpose', '=', 'restock-confirm')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.link);
}

/** Presses the confirmation page's button of `link` (a form POST of its token); the page and its status. */
export async function pressConfirm(shop: TestShop, link: string): Promise<{ status: number; page: string }> {
  const token = new URL(link).searchParams.get('token') ?? '';
  const r = await shop.app.request('/api/restock-alerts/confirm', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `token=${encodeURIComponent(token)}`,
  });
  return { status: r.status, page: await r.text() };
}

/** Confirms the newest alert mailed to `email` by its link, as its reader would. */
export async function confirmByMail(shop: TestShop, email: string): Promise<void> {
  const link = (await confirmLinks(shop, email)).at(-1);
  if (!link) throw new Error(`no confirmation mail to ${email}`);
  const r = await pressConfirm(shop, link);
  if (r.status !== 200) throw new Error(`confirmation of ${email} answered ${r.status}`);
}
