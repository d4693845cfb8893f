import { Hono } from 'hono';
import { CART_TOKEN_HEADER, REVIEW_EDIT_DAYS } from '../../config.ts';
import { ok } from '../common/envelope.ts';
import { noQuery } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { accessibleOrder, ORDER_KEY_HEADER } from '../orders/order-access.ts';
import { REVIEW_COLUMNS, reviewView } from './review-view.ts';
import { DELIVERED_STATES } from './review-write.ts';

const DAY_MS = 86_400_000;

/**
 * GET /api/orders/{no}/reviews → the review form's data (issue 42): whether the order's goods are in
 * the shopper's hands, and one entry per product of the order still sold: its page's slugs, name,
 * photo and variant bought, and its review if written, with the time it may be edited until. Only
 * the order's member (Bearer) or the holder of its guest key (X-Order-Key), as for the order itself.
 */
export const orderReviews = new Hono<AppEnv>().get('/', noQuery, async (c) => {
  c.header('Cache-Control', 'no-store');
  c.header('Vary', `Accept-Language, Authorization, ${CART_TOKEN_HEADER}, ${ORDER_KEY_HEADER}`);
  const no = c.req.param('no') ?? '';
  const orderId = await accessibleOrder(c, no);
  const k = c.get('deps').db.kysely;
  const locale = c.get('locale');
  const [order, lines, reviews] = await Promise.all([
    k.selectFrom('orders').select(['state']).where('id', '=', orderId).executeTakeFirstOrThrow(),
    k
      .selectFrom('order_lines as l')
      .innerJoin('variants as v', 'v.id', 'l.variant_id')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select([
        'p.id as product_id',
        'p.slug',
        'l.brand_slug',
        'l.name_zh',
        'l.name_en',
        'l.option_value_zh',
        'l.option_value_en',
        'l.image_src',
      ])
      .where('l.order_id', '=', orderId)
      .where('p.withdrawn_at', 'is', null)
      .orderBy('l.id')
      .execute(),
    k
      .selectFrom('reviews as r')
      .select([...REVIEW_COLUMNS, 'r.product_id'])
      .where('r.order_id', '=', orderId)
      .execute(),
  ]);
  const byProduct = new Map(reviews.map((r) => [r.product_id, r]));
  const seen = new Set<number>();
  const items = lines
    .filter((l) => !seen.has(l.product_id) && seen.add(l.product_id))
    .map((l) => {
      const r = byProduct.get(l.product_id);
      const en = locale === 'en';
      return {
        slug: l.slug,
        brand_slug: l.brand_slug,
        name: (en ? l.name_en : l.name_zh) || l.name_zh || l.name_en,
        image: l.image_src,
        variant: (en ? l.option_value_en : l.option_value_zh) || l.option_value_zh || l.option_value_en,
        review: r
          ? { ...reviewView(r, locale), editable_until: Number(r.created_at) + REVIEW_EDIT_DAYS * DAY_MS }
          : null,
      };
    });
  return ok(c, {
    no,
    delivered: (DELIVERED_STATES as readonly string[]).includes(order.state),
    edit_days: REVIEW_EDIT_DAYS,
    items,
  });
});
