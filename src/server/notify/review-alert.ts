import type { Locale } from '../../config.ts';
import type { Deps } from '../context.ts';
import { type RenderedMail, render } from './mail-format.ts';
import { ownerOrder } from './owner-mail.ts';

/**
 * The owner's alert of a review of 1–2 stars (issue 42, `owner-review`, mail and webhook), in
 * SHOP_NOTIFY_LOCALE. The review's text is the shopper's own: the mail's HTML escapes it as every
 * text (mail-format.ts render).
 */

const en = (l: Locale) => l === 'en';
const t = (l: Locale, zh: string, english: string) => (en(l) ? english : zh);

/** The id in a review's subject (`review:12`), or undefined. */
const reviewIdOf = (subject: string) => {
  const m = /^review:(\d+)$/.exec(subject);
  return m ? Number(m[1]) : undefined;
};

/** The console's reviews of a product, in the owner's language. */
const consoleReviewsLink = (site: string, l: Locale, slug: string) =>
  `${site.replace(/\/$/, '')}${en(l) ? '/en' : ''}/admin/reviews?product=${encodeURIComponent(slug)}`;

/** The owner's alert of a low review (`owner-review`); undefined when the review or its order is gone. */
export async function ownerReviewAlert(
  deps: Deps,
  subject: string,
  orderId: number | null,
): Promise<{ mail: RenderedMail; data: Record<string, unknown> } | undefined> {
  const l: Locale = deps.env.SHOP_NOTIFY_LOCALE;
  const id = reviewIdOf(subject);
  const { o, orderLine, data } = await ownerOrder(deps, orderId, l);
  if (id === undefined || !o) return undefined;
  const r = await deps.db.kysely
    .selectFrom('reviews as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select(['r.id', 'r.stars', 'r.title', 'r.body', 'r.state', 'p.slug', 'p.name_zh', 'p.name_en'])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!r) return undefined;
  const name = en(l) ? r.name_en || r.name_zh : r.name_zh;
  const url = consoleReviewsLink(deps.env.SITE_URL, l, r.slug);
  data.review = {
    id: r.id,
    stars: r.stars,
    title: r.title,
    body: r.body,
    state: r.state,
    product: r.slug,
    console_url: url,
  };
  const stars = '★'.repeat(r.stars) + '☆'.repeat(5 - r.stars);
  return {
    mail: render(
      {
        subject: t(l, `低分評論 ${r.stars} 星：${name}`, `A ${r.stars}-star review: ${name}`),
        paragraphs: [`${stars} ${r.title}`.trim(), r.body, orderLine].filter(Boolean),
        link: { label: t(l, '在後台查看', 'Open it in the console'), href: url },
      },
      l,
    ),
    data,
  };
}
