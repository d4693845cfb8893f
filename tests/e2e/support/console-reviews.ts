import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { newSecret, sha256 } from '../../../src/server/common/tokens.ts';
import { ORDER_KEY_HEADER } from '../../../src/server/orders/order-access.ts';
import { paidPickupOrder, serverDeps } from './admin.ts';

let seq = 0;
const NO_CHARS = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * A guest's review, posted through the shop's API as the review form posts it, of the one product
 * of an order delivered to a store (written into the server's database as delivery leaves it, with
 * a private key of the order's as a review-request mail carries). `title` names it apart from the
 * others; returns the review's id, its order and the product's slug.
 */
export async function postedReview(
  request: APIRequestContext,
  baseURL: string,
  body: { stars: number; title: string; body?: string },
): Promise<{ id: number; no: string; slug: string }> {
  const consoleNo = await paidPickupOrder(baseURL);
  // A number the shopper's side takes (the console's helper numbers its orders apart from checkout's).
  const no = `20261127-${[...randomBytes(7)].map((b) => NO_CHARS[b % NO_CHARS.length]).join('')}`;
  const key = newSecret();
  const deps = serverDeps(baseURL);
  const k = deps.db.kysely;
  let slug: string;
  try {
    const now = Date.now();
    const order = await k.selectFrom('orders').select('id').where('no', '=', consoleNo).executeTakeFirstOrThrow();
    await k.updateTable('orders').set({ no, state: 'picked_up', updated_at: now }).where('id', '=', order.id).execute();
    await k.insertInto('order_events').values({ order_id: order.id, state: 'picked_up', note: '', at: now }).execute();
    await k
      .insertInto('order_guest_keys')
      .values({ key_hash: sha256(key), order_id: order.id, created_at: now })
      .execute();
    const line = await k
      .selectFrom('order_lines')
      .select('product_slug')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    slug = line.product_slug;
  } finally {
    await deps.db.close();
  }
  const r = await request.post(`/api/products/${slug}/reviews`, {
    data: { order_no: no, ...body },
    headers: { [ORDER_KEY_HEADER]: key, 'X-Forwarded-For': `198.18.7.${++seq}` },
  });
  expect(r.status(), await r.text()).toBe(201);
  return { id: (await r.json()).result.id, no, slug };
}
