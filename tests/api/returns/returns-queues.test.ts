import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { armFault } from '../../../src/server/common/faults.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { staffMember, type TestStaff } from '../admin/admin-helpers.ts';
import { createPaymentShop } from '../payment/payment-helpers.ts';
import { askReturn, BANK, deliveredOrder } from './returns-helpers.ts';

let shop: TestShop & { origin: string };
let owner: TestStaff;
let staff: TestStaff;
beforeAll(async () => {
  shop = await createPaymentShop();
  owner = await staffMember(shop, 'owner', '王店主');
  staff = await staffMember(shop, 'staff', '林小幫');
});
afterAll(() => shop.close());
afterEach(() => armFault('ecpay.refund.down', 0));

const admin = (method: string, path: string, who: TestStaff, body?: unknown, lang?: string) =>
  shop.call(method, `/api/admin/returns${path}`, { token: who.token, body, lang });

async function requested(payment: 'cod' | 'credit') {
  const o = await deliveredOrder(shop, { payment });
  const body = { lines: [{ sku: o.skus[0], quantity: 1 }], ...(payment === 'cod' ? { bank: BANK } : {}) };
  const r = await askReturn(shop, o, body);
  expect(r.status).toBe(201);
  return { id: r.json.result.id as number, sku: o.skus[0]! };
}
const receive = (r: { id: number; sku: string }) =>
  admin('POST', `/${r.id}/receive`, staff, { lines: [{ sku: r.sku, received_quantity: 1 }] });

const idsIn = async (view: string) =>
  (await admin('GET', `?view=${view}&limit=100`, staff)).json.result.data.map((r: { id: number }) => r.id);

describe('the console’s return queues', () => {
  it('puts each return in one queue by what the shop does next, and Today counts them', async () => {
    const toApprove = await requested('cod');
    const coming = await requested('cod');
    await admin('POST', `/${coming.id}/approve`, staff, { method: 'shopper' });
    const atShop = await requested('cod');
    await admin('POST', `/${atShop.id}/approve`, staff, { method: 'shop' });
    const toRefund = await requested('cod');
    await admin('POST', `/${toRefund.id}/approve`, staff, { method: 'shop' });
    await receive(toRefund);
    const failed = await requested('credit');
    await admin('POST', `/${failed.id}/approve`, staff, { method: 'shop' });
    await receive(failed);
    armFault('ecpay.refund.down', 1);
    expect((await admin('POST', `/${failed.id}/refund`, owner)).json.result.refund.state).toBe('failed');

    const expected: Record<string, number> = {
      'to-approve': toApprove.id,
      'in-transit': coming.id,
      'to-inspect': atShop.id,
      'to-refund': toRefund.id,
      failed: failed.id,
    };
    const all = Object.values(expected);
    for (const [view, id] of Object.entries(expected)) {
      const ids = await idsIn(view);
      expect(ids, view).toContain(id);
      for (const other of all.filter((x) => x !== id)) expect(ids, view).not.toContain(other);
    }
    const today = (await shop.call('GET', '/api/admin/today', { token: staff.token })).json.result;
    for (const view of Object.keys(expected)) expect(today.returns[view], view).toBe((await idsIn(view)).length);
    expect(today.returns['to-approve']).toBeGreaterThanOrEqual(1);
  });

  it('refuses an unknown queue with a field error in the caller’s language', async () => {
    const r = await admin('GET', '?view=lost', staff, undefined, 'en');
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.json)).toContain('view');
  });
});
