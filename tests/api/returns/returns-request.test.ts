import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeFixtureOrder } from '../../helpers/order-fixture.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { createPaymentShop } from '../payment/payment-helpers.ts';
import { askReturn, BANK, callerOf, countReturns, DAY, deliveredOrder } from './returns-helpers.ts';

let shop: TestShop & { origin: string };
beforeAll(async () => {
  shop = await createPaymentShop();
});
afterAll(() => shop.close());

describe('POST /api/orders/{no}/returns', () => {
  it('a member returns one of two lines of a delivered card order: 201 Return, listed, on the timeline', async () => {
    const o = await deliveredOrder(shop, { payment: 'credit', second: 1, member: true });
    const r = await askReturn(shop, o, { lines: [{ sku: o.skus[1], quantity: 1 }], reason: 'changed_mind' }, 'en');
    expect(r.status).toBe(201);
    expect(r.json.result).toMatchObject({
      state: 'requested',
      reason: 'changed_mind',
      lines: [{ sku: o.skus[1], quantity: 1, received_quantity: 0, damaged_quantity: 0 }],
      bank: null,
      return_parcel: null,
      refund: null,
      invoice: null,
    });
    const list = await shop.call('GET', `/api/orders/${o.no}/returns`, callerOf(o));
    expect(list.status).toBe(200);
    expect(list.json.result.data.map((x: { id: number }) => x.id)).toEqual([r.json.result.id]);
    const order = await shop.call('GET', `/api/orders/${o.no}`, callerOf(o));
    expect(order.json.result.timeline.at(-1).note).toBe(`return:${r.json.result.id}:requested`);
  });

  it('a guest returns a cash-on-delivery order with a bank account, masked in every answer', async () => {
    const o = await deliveredOrder(shop, { payment: 'cod' });
    const r = await askReturn(shop, o, { lines: [{ sku: o.skus[0], quantity: 1 }], bank: BANK });
    expect(r.status).toBe(201);
    expect(r.json.result.bank).toEqual({ code: '812', account: '********9012', holder: '陳大文' });
    const list = await shop.call('GET', `/api/orders/${o.no}/returns`, callerOf(o));
    expect(JSON.stringify(list.json)).not.toContain('123456789012');
  });

  it('refuses with field errors in the caller’s language and stores nothing: no bank account, a bad one, an unknown line', async () => {
    const o = await deliveredOrder(shop, { payment: 'atm' });
    const line = { sku: o.skus[0], quantity: 1 };
    const none = await askReturn(shop, o, { lines: [line] }, 'en');
    expect(none.status).toBe(400);
    expect(none.json.errors.bank).toMatch(/bank account/);
    const bad = await askReturn(shop, o, { lines: [line], bank: { code: '81', account: '123', holder: '' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({
      'bank.code': '銀行代碼為 3 碼數字。',
      'bank.account': '帳號為 10 到 16 碼數字。',
      'bank.holder': '請輸入 1 到 50 個字的戶名。',
    });
    const unknown = await askReturn(shop, o, { lines: [{ sku: 'NO-SUCH', quantity: 1 }], bank: BANK }, 'en');
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors['lines.0.sku']).toBe('This order has no such item.');
    const twice = await askReturn(shop, o, { lines: [line, line], bank: BANK });
    expect(twice.json.errors['lines.1.sku']).toBe('同一個商品請只列一次。');
    expect(await countReturns(shop, o.id)).toBe(0);
  });

  it('more than is left: 409 with what is left; a line returns in parts over several requests', async () => {
    const o = await deliveredOrder(shop, { payment: 'credit', quantity: 3 });
    const sku = o.skus[0];
    expect((await askReturn(shop, o, { lines: [{ sku, quantity: 2 }] })).status).toBe(201);
    const over = await askReturn(shop, o, { lines: [{ sku, quantity: 2 }] }, 'en');
    expect(over.status).toBe(409);
    expect(over.json.code).toBe('RETURN_QUANTITY_EXCEEDED');
    expect(over.json.errors['lines.0.quantity']).toBe('At most 1 of this item can still be returned.');
    expect((await askReturn(shop, o, { lines: [{ sku, quantity: 1 }] })).status).toBe(201);
    expect(await countReturns(shop, o.id)).toBe(2);
  });

  it('two requests racing on one line: one wins, the other 409 with what is left', async () => {
    const o = await deliveredOrder(shop, { payment: 'credit', quantity: 2 });
    const body = { lines: [{ sku: o.skus[0], quantity: 2 }] };
    const both = await Promise.all([askReturn(shop, o, body), askReturn(shop, o, body)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const lost = both.find((r) => r.status === 409)!;
    expect(lost.json.errors['lines.0.quantity']).toBe('這個商品目前最多可退 0 件。');
    expect(await countReturns(shop, o.id)).toBe(1);
  });

  // Two connections of one process to one SQLite file wait on each other synchronously (busy_timeout
  // blocks the event loop the other needs); SQLite's two servers are two processes, whose write lock
  // BEGIN IMMEDIATE takes. On PostgreSQL the order's row lock is what holds.
  it.runIf(process.env.DATABASE_URL)('two servers racing on one line: one return stored', async () => {
    const o = await deliveredOrder(shop, { payment: 'credit', quantity: 1 });
    const { createApp } = await import('../../../src/server/app.ts');
    const other = shop.openAnother();
    try {
      const second = createApp({ ...shop.deps, db: other });
      const body = JSON.stringify({ lines: [{ sku: o.skus[0], quantity: 1 }] });
      const ask = (app: typeof shop.app) =>
        app.request(`/api/orders/${o.no}/returns`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-order-key': o.guestKey },
          body,
        });
      const statuses = (await Promise.all([ask(shop.app), ask(second)])).map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409]);
    } finally {
      await other.close();
    }
    expect(await countReturns(shop, o.id)).toBe(1);
  });

  it('outside the period, or before delivery: 409 saying why, nothing stored', async () => {
    const o = await deliveredOrder(shop, { payment: 'credit' });
    const saved = shop.clock.t;
    shop.clock.advance(7 * DAY);
    try {
      const late = await askReturn(shop, o, { lines: [{ sku: o.skus[0], quantity: 1 }] }, 'en');
      expect(late.status).toBe(409);
      expect(late.json.code).toBe('RETURN_WINDOW_CLOSED');
      expect(late.json.message).toContain('7 days');
      shop.deps.env.RETURN_WINDOW_DAYS = 10;
      expect((await askReturn(shop, o, { lines: [{ sku: o.skus[0], quantity: 1 }] })).status).toBe(201);
    } finally {
      shop.clock.t = saved;
      shop.deps.env.RETURN_WINDOW_DAYS = undefined;
    }
    const unshipped = await placeFixtureOrder(shop, { payment: 'cod' });
    const early = await shop.call('POST', `/api/orders/${unshipped.no}/returns`, {
      body: { lines: [{ sku: 'x', quantity: 1 }], bank: BANK },
      headers: { 'x-order-key': unshipped.guestKey },
    });
    expect(early.status).toBe(409);
    expect(early.json.code).toBe('RETURN_NOT_DELIVERED');
    expect(await countReturns(shop, unshipped.id)).toBe(0);
  });

  it('not the caller’s order: 404 (another member, a wrong key), 401 without credentials', async () => {
    const o = await deliveredOrder(shop, { payment: 'credit', member: true });
    const other = await deliveredOrder(shop, { payment: 'credit', member: true });
    const body = { lines: [{ sku: o.skus[0], quantity: 1 }] };
    const theirs = await shop.call('POST', `/api/orders/${o.no}/returns`, { body, token: other.token });
    expect(theirs.status).toBe(404);
    const wrongKey = await shop.call('POST', `/api/orders/${other.no}/returns`, {
      body,
      headers: { 'x-order-key': 'A'.repeat(22) },
    });
    expect(wrongKey.status).toBe(404);
    expect((await shop.call('GET', `/api/orders/${o.no}/returns`)).status).toBe(401);
    expect(await countReturns(shop, o.id)).toBe(0);
  });
});

describe('DELETE /api/orders/{no}/returns/{id}', () => {
  it('withdraws a return not yet received; its quantity may be asked again; a second withdraw is 409', async () => {
    const o = await deliveredOrder(shop, { payment: 'credit' });
    const body = { lines: [{ sku: o.skus[0], quantity: 1 }] };
    const r = await askReturn(shop, o, body);
    const del = await shop.call('DELETE', `/api/orders/${o.no}/returns/${r.json.result.id}`, callerOf(o));
    expect(del.status).toBe(200);
    expect(del.json.result.state).toBe('cancelled');
    const again = await shop.call('DELETE', `/api/orders/${o.no}/returns/${r.json.result.id}`, callerOf(o));
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('RETURN_NOT_CANCELLABLE');
    expect((await askReturn(shop, o, body)).status).toBe(201);
    const other = await deliveredOrder(shop, { payment: 'credit' });
    const cross = await shop.call('DELETE', `/api/orders/${other.no}/returns/${r.json.result.id}`, callerOf(other));
    expect(cross.status).toBe(404);
  });
});
