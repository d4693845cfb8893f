import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody } from '../../../src/server/checkout/checkout.schemas.ts';
import { bodyHash, IDEMPOTENCY_ABANDONED_MS } from '../../../src/server/orders/idempotency.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFailure } from '../../helpers/wire-asserts.ts';
import { pickVariants } from '../cart/cart-helpers.ts';
import { stockOf } from './orders-fixtures.ts';
import { bodyFor, memberBuyer, newKey, order } from './orders-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

/** The claim a server leaves behind when it dies between claiming a key for `body` and answering. */
async function abandonedClaim(key: string, body: unknown) {
  const session = await shop.deps.db.kysely
    .selectFrom('sessions')
    .select('member_id')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  await shop.deps.db.kysely
    .insertInto('idempotency_keys')
    .values({
      owner: `member:${session.member_id}`,
      key,
      body_hash: bodyHash(orderBody.parse(body)),
      status: null,
      response: null,
      order_id: null,
      created_at: shop.clock.now(),
    })
    .execute();
}

describe('an unanswered Idempotency-Key claim', () => {
  it('answers 409 ORDER_IN_PROGRESS within its lease, and is taken over after it: one order', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const buyer = await memberBuyer(shop, [[v!, 1]]);
    const key = newKey();
    await abandonedClaim(key, bodyFor(buyer));
    expectFailure(await order(shop, buyer, bodyFor(buyer), { key }), 409, 'ORDER_IN_PROGRESS');
    expect((await stockOf(shop, v!.id)).variant).toBe(5);

    shop.clock.advance(IDEMPOTENCY_ABANDONED_MS);
    const placed = await order(shop, buyer, bodyFor(buyer), { key });
    expect(placed.status).toBe(201);
    const again = await order(shop, buyer, bodyFor(buyer), { key });
    expect(again.json).toEqual(placed.json);
    expect((await stockOf(shop, v!.id)).variant).toBe(4);
  });
});
