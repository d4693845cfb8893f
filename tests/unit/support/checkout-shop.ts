import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { useTransport } from '../../../src/lib/api/browser.ts';
import { resetCartForTests } from '../../../src/stores/cart.ts';
import { resetCheckoutForTests } from '../../../src/stores/checkout.ts';
import { resetOrdersForTests } from '../../../src/stores/orders.ts';
import { resetLoading } from '../../../src/stores/ui.ts';
import { createTestShop, TestClock, type TestShop } from '../../helpers/test-app.ts';
import { installFakeBrowser } from './fake-browser.ts';

/**
 * The checkout and order stores on the real shop API, in process, for one test file: a fresh
 * seeded shop, a fake browser per test, and a transport that can lose the answer of the next
 * POST /api/orders after the server has handled it (the network is the only thing that fails).
 */
export function checkoutShop() {
  const env = {
    shop: undefined as unknown as TestShop,
    browser: undefined as unknown as ReturnType<typeof installFakeBrowser>,
    /** When set, the next POST /api/orders reaches the server but its answer is lost on the way back. */
    loseNextOrderAnswer: false,
    /** The Idempotency-Key of every POST /api/orders of the test, in order. */
    orderKeys: [] as string[],
  };

  beforeAll(async () => {
    env.shop = await createTestShop({ seeded: true, clock: new TestClock(Date.now()) });
    useTransport(async (input, init) => {
      const req = input instanceof Request ? input : new Request(new URL(String(input), 'http://shop.test'), init);
      const isOrder = req.method === 'POST' && new URL(req.url).pathname === '/api/orders';
      if (isOrder) env.orderKeys.push(req.headers.get('Idempotency-Key') ?? '');
      const res = await env.shop.app.request(req);
      if (isOrder && env.loseNextOrderAnswer) {
        env.loseNextOrderAnswer = false;
        throw new TypeError('fetch failed');
      }
      return res;
    });
  });
  afterAll(() => env.shop.close());
  beforeEach(() => {
    env.browser = installFakeBrowser('http://shop.test/cart/checkout');
    resetCartForTests();
    resetCheckoutForTests();
    resetOrdersForTests();
    resetLoading();
    env.orderKeys.length = 0;
  });
  afterEach(() => env.browser.uninstall());

  let next = 0;
  return {
    env,
    /** An in-stock variant no other test of the file uses, with `stock` units, under the pay-at-pickup limit. */
    async variant(stock: number) {
      const k = env.shop.deps.db.kysely;
      const v = await k
        .selectFrom('variants')
        .select(['id', 'sku', 'price'])
        .where('price', '<', 15_000)
        .orderBy('id')
        .offset(next++)
        .limit(1)
        .executeTakeFirstOrThrow();
      await k.updateTable('variants').set({ stock }).where('id', '=', v.id).execute();
      return v;
    },
    async stock(id: number) {
      const k = env.shop.deps.db.kysely;
      return (await k.selectFrom('variants').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
    },
    /** The newest checkout code texted to `phone`, read from the development outbox. */
    async smsCode(phone: string): Promise<string> {
      const res = await env.shop.call('GET', `/api/dev/sms-outbox?phone=${phone}`);
      return res.json.result.find((m: { purpose: string }) => m.purpose === 'checkout').code;
    },
  };
}
