import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultsLeft } from '../../../src/server/common/faults.ts';
import { sendDue } from '../../../src/server/notify/sender.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { okResult } from '../../helpers/wire-asserts.ts';
import { pickVariants } from '../cart/cart-helpers.ts';
import { bodyFor, memberBuyer, order } from './orders-helpers.ts';

/** The load suite's overrides of the sender's backoff (production: 30 s doubling up to an hour). */
const BASE_MS = 1_000;
const MAX_MS = 1_500;

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true, env: { NOTIFY_RETRY_BASE_MS: BASE_MS, NOTIFY_RETRY_MAX_MS: MAX_MS } });
});
afterAll(() => shop.close());

const arm = async (times: number) =>
  okResult(await shop.call('POST', '/api/dev/faults', { body: { name: 'email.flaky', times } }));

const rowsOf = (orderIds: number[]) =>
  shop.deps.db.kysely
    .selectFrom('notifications')
    .select(['order_id', 'state', 'attempts', 'next_at', 'last_error'])
    .where('purpose', '=', 'order-placed')
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();

describe('the flaky mail server (email.flaky) and the backoff from the environment', () => {
  it('fails every other delivery while armed; a retry waits NOTIFY_RETRY_BASE_MS, doubled up to NOTIFY_RETRY_MAX_MS', async () => {
    const vs = await pickVariants(shop, 4, 50);
    await sendDue(shop.deps); // nothing else waits
    const ids: number[] = [];
    for (const [i, v] of vs.entries()) {
      const b = await memberBuyer(shop, [[v, 1]]);
      // Card orders: each writes one mail, the shopper's.
      const body = bodyFor(b, {
        payment: 'credit',
        receiver: { name: '王小明', email: `flaky${i}-${Date.now()}@example.tw` },
      });
      const r = await order(shop, b, body);
      expect(r.status).toBe(201);
      const no = r.json.result.no as string;
      ids.push(
        (await shop.deps.db.kysely.selectFrom('orders').select('id').where('no', '=', no).executeTakeFirstOrThrow()).id,
      );
    }
    await arm(4);
    const first = await sendDue(shop.deps);
    expect(first).toMatchObject({ sent: 2, retried: 2 });
    expect(faultsLeft('email.flaky')).toBe(0);
    const now = shop.clock.now();
    const after = await rowsOf(ids);
    expect(after.map((r) => r.state)).toEqual(['pending', 'sent', 'pending', 'sent']);
    expect(Number(after[0]!.next_at)).toBe(now + BASE_MS);
    expect(after[0]!.last_error).toContain('email.flaky');

    shop.clock.advance(BASE_MS);
    await arm(2); // the next try fails, the one after goes
    expect(await sendDue(shop.deps)).toMatchObject({ sent: 1, retried: 1 });
    const again = await rowsOf(ids);
    expect(again.map((r) => r.state)).toEqual(['pending', 'sent', 'sent', 'sent']);
    expect(Number(again[0]!.attempts)).toBe(2);
    expect(Number(again[0]!.next_at)).toBe(shop.clock.now() + MAX_MS); // 2 × 1 s, capped at 1.5 s

    shop.clock.advance(MAX_MS);
    expect(await sendDue(shop.deps)).toMatchObject({ sent: 1, retried: 0 });
    expect((await rowsOf(ids)).every((r) => r.state === 'sent')).toBe(true);
  });
});
