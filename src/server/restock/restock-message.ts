import { sql } from 'kysely';
import { RESTOCK_ALERTS_PER_HOUR } from '../../config.ts';
import { takeEveryOther, takeFault } from '../common/faults.ts';
import { hitSliding } from '../common/rate-limit.ts';
import type { Deps } from '../context.ts';
import { render } from '../notify/mail-format.ts';
import { unsubscribeToken } from './restock-token.ts';

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

interface AlertFacts {
  locale: string;
  name: string;
  option: string;
  link: string;
  stop: string;
}

export function restockText(a: AlertFacts): string {
  const what = a.option ? (a.locale === 'en' ? `${a.name} (${a.option})` : `${a.name}（${a.option}）`) : a.name;
  return a.locale === 'en'
    ? `${SIGNATURE}${what} is back in stock: ${a.link} No more alerts: ${a.stop}`
    : `${SIGNATURE}您關注的 ${what} 已到貨：${a.link} 取消通知：${a.stop}`;
}

function restockMail(a: AlertFacts) {
  const what = a.option ? (a.locale === 'en' ? `${a.name} (${a.option})` : `${a.name}（${a.option}）`) : a.name;
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

/** Gives back the hourly slot of a text that did not go (the sliding window's row of this instant). */
async function giveBack(deps: Deps, key: string, at: number): Promise<void> {
  await sql`UPDATE rate_limits SET count = count - 1 WHERE key = ${key} AND window_start = ${at} AND count > 0`.execute(
    deps.db.kysely,
  );
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
    const key = `restock-sms:${phone}`;
    const at = deps.clock.now();
    const slot = await hitSliding(deps, { key, windowMs: HOUR_MS, max });
    if (!slot.allowed)
      return { later: at + Math.ceil(slot.retryAfterS * 1000), why: `${max} restock texts this hour to this phone` };
    try {
      if (takeFault('sms.down')) throw new Error('SMS gateway down (test fault sms.down)');
      await deps.sms.send({ phone, purpose: 'restock', code: '', text: restockText(facts) });
    } catch (err) {
      await giveBack(deps, key, at);
      throw err;
    }
    return { to: phone };
  }
  const email = a.email ?? a.member_email;
  if (!email) return { skip: 'no phone or email to reach' };
  if (takeFault('email.down') || takeEveryOther('email.flaky'))
    throw new Error('mail server down (test fault email.down or email.flaky)');
  const m = restockMail(facts);
  await deps.mail.send({ to: email, purpose: 'restock', ...m, messageId });
  return { to: email };
}
