import { ORDER_KEY_HEADER } from '../../../src/server/orders/order-access.ts';
import { type FixtureOrder, placeFixtureOrder } from '../../helpers/order-fixture.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { registerMember } from '../accounts/users-helpers.ts';

export const DAY = 86_400_000;

export type Member = { token: string; phone: string };

export interface ReviewOrder extends FixtureOrder {
  /** The product of the order's line. */
  slug: string;
  /** The member's token when the order is a member's. */
  token?: string;
}

/**
 * An order of one demo product moved to `state` (delivered unless told): a guest's, or with `member`
 * a newly registered member's (its guest key dropped, as a member's order has none).
 */
export async function reviewOrder(
  shop: TestShop,
  opts: { member?: boolean | Member; state?: 'delivered' | 'picked_up' | 'completed' | 'shipped' | 'cancelled' } = {},
): Promise<ReviewOrder> {
  const o = await placeFixtureOrder(shop, { payment: 'cod' });
  const k = shop.deps.db.kysely;
  const state = opts.state ?? 'delivered';
  await k.updateTable('orders').set({ state }).where('id', '=', o.id).execute();
  await k.insertInto('order_events').values({ order_id: o.id, state, note: '', at: shop.clock.now() }).execute();
  const line = await k
    .selectFrom('order_lines')
    .select('product_slug')
    .where('order_id', '=', o.id)
    .executeTakeFirstOrThrow();
  let token: string | undefined;
  if (opts.member) {
    const m = opts.member === true ? await registerMember(shop) : opts.member;
    token = m.token;
    const member = await k.selectFrom('members').select('id').where('phone', '=', m.phone).executeTakeFirstOrThrow();
    await k.updateTable('orders').set({ member_id: member.id, guest_key_hash: null }).where('id', '=', o.id).execute();
  }
  return { ...o, slug: line.product_slug, ...(token ? { token } : {}) };
}

/** The credentials of the order's shopper: the member's token, or the guest's key. */
export const shopperOf = (o: ReviewOrder) =>
  o.token ? { token: o.token } : { headers: { [ORDER_KEY_HEADER]: o.guestKey } };

/** POST /api/products/{slug}/reviews as the order's shopper. */
export function postReview(
  shop: TestShop,
  o: ReviewOrder,
  body: Record<string, unknown>,
  lang = 'zh-TW',
  slug = o.slug,
) {
  return shop.call('POST', `/api/products/${slug}/reviews`, {
    body: { order_no: o.no, ...body },
    lang,
    ...shopperOf(o),
  });
}

export async function countReviews(shop: TestShop): Promise<number> {
  const r = await shop.deps.db.kysely
    .selectFrom('reviews')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
