import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { okResult } from '../../helpers/wire-asserts.ts';
import { cartOf, pickVariants } from '../cart/cart-helpers.ts';
import { bodyFor, memberBuyer, order } from '../orders/orders-helpers.ts';

/** Every paged answer of the API is the spec's one paged list, whatever the resource. */
let shop: TestShop;
let token: string;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  const [a, b, c] = await pickVariants(shop, 3, 10);
  const buyer = await memberBuyer(shop, []);
  token = buyer.token!;
  for (const v of [a!, b!, c!]) {
    okResult(await cartOf(shop, { token }).add(v.sku, 1));
    expect((await order(shop, buyer, bodyFor(buyer))).status).toBe(201);
  }
});
afterAll(() => shop.close());

const PAGED_KEYS = ['current', 'data', 'limit', 'page_count', 'total'];

describe('paged lists', () => {
  it.each([
    ['/api/products?page=2&page_size=3', 2, 3],
    ['/api/articles?page=1&page_size=2', 1, 2],
    ['/api/sys-vars?current_page=1&page_size=2', 1, 2],
    ['/api/orders?page=2&page_size=2', 2, 2],
  ])('%s answers {total, limit, current, page_count, data}', async (path, current, limit) => {
    const result = okResult(
      await shop.call('GET', path, { token: path.startsWith('/api/orders') ? token : undefined }),
    );
    expect(Object.keys(result).sort()).toEqual(PAGED_KEYS);
    expect(result).toMatchObject({ current, limit });
    expect(Array.isArray(result.data)).toBe(true);
    expect(result.data.length).toBeLessThanOrEqual(limit);
    expect(result.page_count).toBe(Math.max(1, Math.ceil(result.total / limit)));
    expect(result.total).toBeGreaterThan(0);
  });

  it('pages the orders with the same parameters as the other lists', async () => {
    const first = okResult(await shop.call('GET', '/api/orders?page=1&page_size=2', { token }));
    const second = okResult(await shop.call('GET', '/api/orders?page=2&page_size=2', { token }));
    expect(first.total).toBe(3);
    expect(first.page_count).toBe(2);
    expect(first.data).toHaveLength(2);
    expect(second.data).toHaveLength(1);
    expect(new Set([...first.data, ...second.data].map((o: { no: string }) => o.no)).size).toBe(3);
  });
});
