import { RESTOCK_ALERTS_PER_HOUR } from '../../config.ts';
import { takeEveryOther, takeFault } from '../common/faults.ts';
import type { Deps } from '../context.ts';
import { render } from '../notify/mail-format.ts';
import { alertToken, unsubscribeToken } from './restock-token.ts';

const HOUR_MS = 3_600_000;
const SIGNATURE = '【聲林音響】';

/** What became of one alert's delivery: sent (where), nothing to send (why), or not yet (until when). */
export type RestockDelivery = { to: string } | { skip: string } | { later: number; why: string };

/** The product page of a variant, with its option chosen, in the alert's language. */
export function productLink(site: string, locale: string, v: { brand: string; slug: string; sku: string }): string {
  const base = `${site.replace(/\/$/, '')}${locale === 'en' ? '/en' : ''}`;
  return `${base}/brands/${encodeURIComponent(v.brand)}/${encodeURIComponent(v.slug)}?sku=${encodeURIComponent(v.sku)}`;
}

/** The unsubscribe link of an alert (it confirms in the alert's language). */
export const unsubscribeLink = (site: string, token: string) =>
  `${site.replace(/\/$/, '')}/api/restock-alerts/unsubscribe?token=${encodeURIComponent(token)}`;

/** The link that confirms an address given for an alert (it asks, then confirms, in the alert's language). */
export const confirmLink = (site: string, token: string) =>
  `${site.replace(/\/$/, '')}/api/restock-alerts/confirm?token=${encodeURIComponent(token)}`;

/**
 * A mail client's own unsubscribe button (RFC 2369, and RFC 8058's one-click POST to the same link,
 * which the unsubscribe route takes without asking).
 */
const listUnsubscribe = (stop: string) => ({
  'List-Unsubscribe': `<${stop}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

interface AlertFacts {
  locale: string;
  name: string;
  option: string;
  link: string;
  stop: string;
}

export function restockText(a: AlertFacts): string {
  const what = whatOf(a);
  return a.locale === 'en'
    ? `${SIGNATURE}${what} is back in stock: ${a.link} No more alerts: ${a.stop}`
    : `${SIGNATURE}您關注的 ${what} 已到貨：${a.link} 取消通知：${a.stop}`;
}

const whatOf = (a: Pick<AlertFacts, 'locale' | 'name' | 'option'>) =>
  a.option ? (a.locale === 'en' ? `${a.name} (${a.option})` : `${a.name}（${a.option}）`) : a.name;

function restockMail(a: AlertFacts) {
  const what = whatOf(a);
  return render(
    a.locale === 'en'
      ? {
          subject: `${what} is back in stock`,
          paragraphs: [
            `${what} is back in stock at Soundwood Audio. Stock is limited: it goes to whoever orders first.`,
            `You asked us to tell you once. To stop every other restock alert to this address: ${a.stop}`,
          ],
          link: { label: 'See the product', href: a.link },
        }
      : {
          subject: `到貨通知：${what}`,
          paragraphs: [
            `您關注的 ${what} 已在聲林音響到貨。數量有限，售完為止。`,
            `這是您申請的一次性到貨通知。若不想再收到這個信箱的其他到貨通知：${a.stop}`,
          ],
          link: { label: '查看商品', href: a.link },
        },
    a.locale,
  );
}

/**
 * Takes one of the phone's `max` hourly slots: each is a row with the time it was last used, taken by
 * a compare-and-set UPDATE (one statement, atomic on SQLite and PostgreSQL alike), so two servers
 * texting one phone never pass `max` in an hour. Returns the slot and its previous time (to give it
 * back), or when the first slot frees.
 */
async function takeSlot(
  deps: Deps,
  phone: string,
  max: number,
  now: number,
): Promise<{ slot: number; before: number } | { freeAt: number }> {
  const k = deps.db.kysely;
  await k
    .insertInto('restock_text_slots')
    .values(Array.from({ length: max }, (_, slot) => ({ phone, slot, used_at: 0 })))
    .onConflict((oc) => oc.columns(['phone', 'slot']).doNothing())
    .execute();
  const rows = await k
    .selectFrom('restock_text_slots')
    .select(['slot', 'used_at'])
    .where('phone', '=', phone)
    .where('slot', '<', max)
    .orderBy('used_at')
    .orderBy('slot')
    .execute();
  for (const r of rows) {
    const before = Number(r.used_at);
    if (before > now - HOUR_MS) break;
    const taken = await k
      .updateTable('restock_text_slots')
      .set({ used_at: now })
      .where('phone', '=', phone)
      .where('slot', '=', r.slot)
      .where('used_at', '=', before)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return { slot: r.slot, before };
  }
  const oldest = await k
    .selectFrom('restock_text_slots')
    .select((eb) => eb.fn.min('used_at').as('t'))
    .where('phone', '=', phone)
    .where('slot', '<', max)
    .executeTakeFirst();
  return { freeAt: Math.max(now + 1, Number(oldest?.t ?? now) + HOUR_MS) };
}

/**
 * Delivers the one message of a restock alert: a text to a guest's phone or a member's verified
 * phone (at most RESTOCK_ALERTS_PER_HOUR a phone in any hour: the next waits until one fits), else a
 * mail. A cancelled alert, a variant gone or withdrawn, or no way to reach the subscriber sends
 * nothing. A provider failure throws, and the outbox retries it.
 */
export async function deliverRestock(deps: Deps, alertId: number, messageId: string): Promise<RestockDelivery> {
  const k = deps.db.kysely;
  const a = await k
    .selectFrom('restock_alerts as a')
    .innerJoin('variants as v', 'v.id', 'a.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('members as m', 'm.id', 'a.user_id')
    .select([
      'a.state',
      'a.locale',
      'a.phone',
      'a.email',
      'a.user_id',
      'v.sku',
      'v.option_value_zh',
      'v.option_value_en',
      'p.slug',
      'p.name_zh',
      'p.name_en',
      'p.withdrawn_at',
      'b.slug as brand',
      'm.phone as member_phone',
      'm.phone_verify',
      'm.email as member_email',
      'm.status as member_status',
    ])
    .where('a.id', '=', alertId)
    .executeTakeFirst();
  if (!a) return { skip: 'the alert or its variant is gone' };
  if (a.state === 'cancelled') return { skip: 'unsubscribed' };
  if (a.withdrawn_at !== null) return { skip: 'the product was withdrawn' };
  const en = a.locale === 'en';
  const site = deps.env.SITE_URL;
  const facts: AlertFacts = {
    locale: a.locale,
    name: en ? a.name_en : a.name_zh,
    option: en ? a.option_value_en : a.option_value_zh,
    link: productLink(site, a.locale, a),
    stop: unsubscribeLink(site, await unsubscribeToken(deps.db, alertId)),
  };
  const memberPhone = a.user_id !== null && Number(a.phone_verify) === 1 ? a.member_phone : null;
  const phone = a.phone ?? memberPhone;
  if (phone) {
    const max = deps.env.RESTOCK_ALERTS_PER_HOUR ?? RESTOCK_ALERTS_PER_HOUR;
    const now = deps.clock.now();
    const slot = await takeSlot(deps, phone, max, now);
    if ('freeAt' in slot) return { later: slot.freeAt, why: `${max} restock texts this hour to this phone` };
    try {
      if (takeFault('sms.down')) throw new Error('SMS gateway down (test fault sms.down)');
      await deps.sms.send({ phone, purpose: 'restock', code: '', text: restockText(facts) });
    } catch (err) {
      // A text that did not go gives its slot back.
      await deps.db.kysely
        .updateTable('restock_text_slots')
        .set({ used_at: slot.before })
        .where('phone', '=', phone)
        .where('slot', '=', slot.slot)
        .where('used_at', '=', now)
        .execute();
      throw err;
    }
    return { to: phone };
  }
  const email = a.email ?? a.member_email;
  if (!email) return { skip: 'no phone or email to reach' };
  if (takeFault('email.down') || takeEveryOther('email.flaky'))
    throw new Error('mail server down (test fault email.down or email.flaky)');
  const m = restockMail(facts);
  await deps.mail.send({ to: email, purpose: 'restock', ...m, messageId, headers: listUnsubscribe(facts.stop) });
  return { to: email };
}

function confirmMail(a: Omit<AlertFacts, 'stop'>) {
  const what = whatOf(a);
  return render(
    a.locale === 'en'
      ? {
          subject: `Confirm your restock alert: ${what}`,
          paragraphs: [
            `Someone, we hope you, asked Soundwood Audio to mail this address once when ${what} is back in stock.`,
            'Follow the link to start the alert. If it was not you, ignore this mail: nothing more will be sent.',
          ],
          link: { label: 'Confirm the alert', href: a.link },
        }
      : {
          subject: `請確認到貨通知：${what}`,
          paragraphs: [
            `有人（希望是您）請聲林音響在 ${what} 到貨時寄一封信到這個信箱。`,
            '請按下方連結確認，通知才會生效。若不是您本人申請，請忽略這封信，我們不會再寄信給您。',
          ],
          link: { label: '確認到貨通知', href: a.link },
        },
    a.locale,
  );
}

/**
 * Mails the link that confirms an address given for an alert, while it is still pending; a
 * confirmed, cancelled or vanished alert sends nothing. A provider failure throws (the outbox retries).
 */
export async function deliverRestockConfirm(deps: Deps, alertId: number, messageId: string): Promise<RestockDelivery> {
  const a = await deps.db.kysely
    .selectFrom('restock_alerts as a')
    .innerJoin('variants as v', 'v.id', 'a.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['a.state', 'a.locale', 'a.email', 'v.option_value_zh', 'v.option_value_en', 'p.name_zh', 'p.name_en'])
    .where('a.id', '=', alertId)
    .executeTakeFirst();
  if (!a || a.email === null) return { skip: 'the alert is gone or has no email' };
  if (a.state !== 'pending') return { skip: `the alert is ${a.state}` };
  const en = a.locale === 'en';
  const link = confirmLink(deps.env.SITE_URL, await alertToken(deps.db, 'confirm', alertId));
  if (takeFault('email.down') || takeEveryOther('email.flaky'))
    throw new Error('mail server down (test fault email.down or email.flaky)');
  const m = confirmMail({
    locale: a.locale,
    name: en ? a.name_en : a.name_zh,
    option: en ? a.option_value_en : a.option_value_zh,
    link,
  });
  await deps.mail.send({ to: a.email, purpose: 'restock-confirm', ...m, messageId });
  return { to: a.email };
}
