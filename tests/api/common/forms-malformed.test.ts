import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

const post = (path: string) =>
  shop.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data' },
    body: 'ExtraData=abc&CVSStoreID=991182',
  });

describe('a form post whose multipart type has no boundary', () => {
  it('is a store reply that cannot be used (303 back with store_error), not a 500', async () => {
    const res = await post('/api/checkout/cvs-store');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/\/cart\/checkout\?store_error=reply$/);
  });

  it('is refused by the store map simulator as a bad request', async () => {
    const res = await post('/api/sim/logistics/map');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
