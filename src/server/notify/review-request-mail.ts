import type { Locale } from '../../config.ts';
import type { Deps } from '../context.ts';
import { type RenderedMail, render } from './mail-format.ts';
import { readMailOrder, SHOP, shopperAddress } from './shopper-mail.ts';

/** The shopper's one mail asking for reviews of a delivered order (issue 42), in the order's language. */

const en = (l: Locale) => l === 'en';
const t = (l: Locale, zh: string, english: string) => (en(l) ? english : zh);

/** Whether order `orderId` has a return the shop has not refused or the shopper withdrawn. */
async function hasReturn(deps: Deps, orderId: number): Promise<boolean> {
  const r = await deps.db.kysely
    .selectFrom('returns')
    .select('id')
    .where('order_id', '=', orderId)
    .where('state', 'not in', ['rejected', 'cancelled'])
    .executeTakeFirst();
  return r !== undefined;
}

/** Whether `to` asked for no more review requests (the link in an earlier one). */
async function stopped(deps: Deps, to: string): Promise<boolean> {
  const row = await deps.db.kysely
    .selectFrom('review_mail_stops')
    .select('email')
    .where('email', '=', to.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The review request of order `orderId`, with the link to the review form for its products
 * (`payload.link`) and the one that stops these mails (`payload.stop`, also its List-Unsubscribe
 * header); undefined when it has no address, its address asked for no more of them, or the order
 * has been cancelled or returned since it was queued (then it never goes).
 */
export async function reviewRequestMail(
  deps: Deps,
  orderId: number,
  payload: Record<string, unknown>,
): Promise<{ to: string; mail: RenderedMail } | undefined> {
  const o = await readMailOrder(deps.db.kysely, orderId);
  if (!o || o.state === 'cancelled' || typeof payload.link !== 'string') return undefined;
  const to = shopperAddress(o);
  if (!to || (await hasReturn(deps, orderId)) || (await stopped(deps, to))) return undefined;
  const l: Locale = o.locale === 'en' ? 'en' : 'zh-TW';
  const names = [...new Set(o.lines.map((x) => (en(l) ? x.name_en || x.name_zh : x.name_zh)))];
  const mail = render(
    {
      subject: t(l, `${SHOP.zh}：您對訂單 ${o.no} 的商品還滿意嗎？`, `${SHOP.en}: how do you like order ${o.no}?`),
      paragraphs: [
        t(l, `${o.receiver_name} 您好：`, `Dear ${o.receiver_name},`),
        t(
          l,
          `您的訂單 ${o.no} 已送達一段時間了。歡迎為以下商品留下評價，幫助其他顧客選購：`,
          `Your order ${o.no} reached you a while ago. A review of what you bought helps other shoppers choose:`,
        ),
        names.map((n) => `• ${n}`).join('\n'),
        t(l, '每件商品只需給 1 到 5 顆星，文字可以不填。', 'Give each product 1 to 5 stars; words are optional.'),
      ],
      link: { label: t(l, '撰寫評論', 'Write a review'), href: payload.link },
      stop:
        typeof payload.stop === 'string'
          ? { label: t(l, '不想再收到評論邀請', 'No more review requests'), href: payload.stop }
          : undefined,
    },
    l,
  );
  return { to, mail };
}
