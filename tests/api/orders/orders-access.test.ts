import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFailure, okResult } from '../../helpers/wire-asserts.ts';
import { lastCode, outbox } from '../accounts/users-helpers.ts';
import { cartOf, pickVariants } from '../cart/cart-helpers.ts';
import { bodyFor, guestBuyer, memberBuyer, order, phoneProof } from './orders-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

describe('GET /api/orders', () => {
  it('lists the member’s own orders newest first, paged and filtered by state', async () => {
    const vs = await pickVariants(shop, 3);
    const buyer = await memberBuyer(shop, []);
    const nos: string[] = [];
    for (const [i, v] of vs.entries()) {
      await cartOf(shop, { token: buyer.token }).add(v.sku, 1);
      const r = await order(shop, buyer, bodyFor(buyer, { payment: i === 0 ? 'credit' : 'cod' }));
      nos.push(r.json.result.no);
      shop.clock.advance(1000);
    }
    const other = await memberBuyer(shop, [[(await pickVariants(shop, 1))[0]!, 1]]);
    await order(shop, other, bodyFor(other));

    const page = okResult(await shop.call('GET', '/api/orders?page=1&page_size=2', { token: buyer.token }));
    expect(page).toMatchObject({ current: 1, limit: 2, total: 3, page_count: 2 });
    expect(page.data.map((o: { no: string }) => o.no)).toEqual([nos[2], nos[1]]);
    expect(Object.keys(page.data[0]).sort()).toEqual(
      ['count', 'created_at', 'first_item_name', 'image_src', 'no', 'state', 'total'].sort(),
    );
    expect(page.data[0].first_item_name.length).toBeGreaterThan(0);
    expect(page.data[0].image_src).toMatch(/^\//);
    const second = okResult(await shop.call('GET', '/api/orders?page=2&page_size=2', { token: buyer.token }));
    expect(second.data.map((o: { no: string }) => o.no)).toEqual([nos[0]]);
    const waiting = okResult(await shop.call('GET', '/api/orders?state=awaiting_payment', { token: buyer.token }));
    expect(waiting.data.map((o: { no: string }) => o.no)).toEqual([nos[0]]);
    expectFailure(await shop.call('GET', '/api/orders?state=lost', { token: buyer.token }), 400, 'VALIDATION_FAILED');
    expectFailure(await shop.call('GET', '/api/orders'), 401, 'UNAUTHENTICATED');
  });
});

describe('another member’s order', () => {
  it('is 404 ORDER_NOT_FOUND on every order route, as is an unknown number', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const owner = await memberBuyer(shop, [[v!, 1]]);
    const stranger = await memberBuyer(shop, []);
    const o = (await order(shop, owner, bodyFor(owner))).json.result;
    for (const [method, path] of [
      ['GET', `/api/orders/${o.no}`],
      ['POST', `/api/orders/${o.no}/cancel`],
      ['GET', '/api/orders/20261121-ZZZZZZZ'],
      ['GET', '/api/orders/not-a-number'],
    ] as const) {
      const r = await shop.call(method, path, { token: stranger.token });
      expectFailure(r, 404, 'ORDER_NOT_FOUND');
    }
    expect(okResult(await shop.call('GET', `/api/orders/${o.no}`, { token: owner.token })).state).toBe('processing');
  });
});

describe('guest checkout', () => {
  it('orders with a confirmed phone, answers a guest key, and the key alone opens the order', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const guest = await guestBuyer(shop, [[v!, 1]]);
    const r = await order(shop, guest, bodyFor(guest));
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    const o = r.json.result;
    expect(o.guest_key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const stored = await shop.deps.db.kysely
      .selectFrom('orders')
      .select(['guest_key_hash', 'member_id'])
      .where('no', '=', o.no)
      .executeTakeFirstOrThrow();
    expect(stored.member_id).toBeNull();
    expect(stored.guest_key_hash).not.toBe(o.guest_key);

    const seen = okResult(await shop.call('GET', `/api/orders/${o.no}`, { headers: { 'x-order-key': o.guest_key } }));
    expect(seen.no).toBe(o.no);
    expect(seen.guest_key).toBeUndefined();
    expectFailure(
      await shop.call('GET', `/api/orders/${o.no}`, { headers: { 'x-order-key': 'A'.repeat(22) } }),
      404,
      'ORDER_NOT_FOUND',
    );
    expectFailure(await shop.call('GET', `/api/orders/${o.no}`), 401, 'UNAUTHENTICATED');

    const [sms] = await outbox(shop, guest.phone);
    expect(sms!.purpose).toBe('order');
    expect(sms!.text).toContain(`http://localhost:4321/cart/result?no=${o.no}&key=${encodeURIComponent(o.guest_key)}`);

    const cancelled = okResult(
      await shop.call('POST', `/api/orders/${o.no}/cancel`, { headers: { 'x-order-key': o.guest_key } }),
    );
    expect(cancelled.state).toBe('cancelled');
  });

  it('needs a phone proof (401), for the receiver’s own number (403)', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const guest = await guestBuyer(shop, [[v!, 1]]);
    expectFailure(await order(shop, { ...guest, proof: undefined }, bodyFor(guest)), 401, 'PHONE_PROOF_REQUIRED');
    expectFailure(await order(shop, { ...guest, proof: 'B'.repeat(22) }, bodyFor(guest)), 401, 'PHONE_PROOF_REQUIRED');
    const other = await phoneProof(shop, '0911222333');
    expectFailure(await order(shop, { ...guest, proof: other }, bodyFor(guest)), 403, 'PHONE_PROOF_MISMATCH');
  });

  it('a phone proof lasts 30 minutes', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const guest = await guestBuyer(shop, [[v!, 1]]);
    shop.clock.advance(30 * 60_000 + 1);
    expectFailure(await order(shop, guest, bodyFor(guest)), 401, 'PHONE_PROOF_REQUIRED');
  });

  it('a wrong code gets no proof, and codes have their own send limit', async () => {
    const phone = '0911333444';
    okResult(await shop.call('POST', '/api/checkout/phone/send', { body: { phone }, ip: '10.9.9.1' }));
    const code = await lastCode(shop, phone, 'checkout');
    const wrong = await shop.call('POST', '/api/checkout/phone/verify', {
      body: { phone, code: code === '000000' ? '111111' : '000000' },
      ip: '10.9.9.1',
    });
    expectFailure(wrong, 422, 'OTP_INVALID');
    const again = await shop.call('POST', '/api/checkout/phone/send', { body: { phone }, ip: '10.9.9.1' });
    expectFailure(again, 429, 'RATE_LIMITED');
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    const [sms] = await outbox(shop, phone);
    expect(sms!.purpose).toBe('checkout');
    expect(sms!.text).toContain(sms!.code);
  });
});
