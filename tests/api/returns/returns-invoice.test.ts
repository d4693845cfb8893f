import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { armFault } from '../../../src/server/common/faults.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { signIn, staffMember, type TestStaff } from '../admin/admin-helpers.ts';
import { createPaymentShop } from '../payment/payment-helpers.ts';
import { askReturn, type DeliveredOrder, deliveredOrder } from './returns-helpers.ts';

/** The e-invoice side of a refund: one allowance however many clicks, voided when the refund is cancelled. */

let shop: TestShop & { origin: string };
let owner: TestStaff;
let staff: TestStaff;
beforeAll(async () => {
  shop = await createPaymentShop();
  owner = await staffMember(shop, 'owner', '王店主');
  staff = await staffMember(shop, 'staff', '林小幫');
});
afterAll(() => shop.close());
afterEach(() => {
  armFault('invoice.allowance.down', 0);
  armFault('ecpay.refund.down', 0);
});

const HOUR = 3_600_000;
async function signInAgain() {
  owner.token = await signIn(shop, owner);
  staff.token = await signIn(shop, staff);
}
const admin = (method: string, path: string, who: TestStaff, body?: unknown, lang?: string) =>
  shop.call(method, `/api/admin${path}`, { token: who.token, body, lang });

/** A card order of two lines delivered, the second line asked back, approved and received: a partial return. */
async function receivedPartial(): Promise<{ o: DeliveredOrder; id: number; amount: number }> {
  const o = await deliveredOrder(shop, { payment: 'credit', second: 1, member: true });
  const id = (await askReturn(shop, o, { lines: [{ sku: o.skus[1], quantity: 1 }] })).json.result.id;
  await admin('POST', `/returns/${id}/approve`, staff, { method: 'shop' });
  const got = await admin('POST', `/returns/${id}/receive`, staff, {
    lines: [{ sku: o.skus[1], received_quantity: 1 }],
  });
  return { o, id, amount: got.json.result.refund.amount };
}

const allowancesOf = async (orderId: number) => {
  const k = shop.deps.db.kysely;
  const { invoice_no } = await k
    .selectFrom('orders')
    .select('invoice_no')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return k
    .selectFrom('sim_invoice_allowances')
    .select(['allow_no', 'amount', 'voided_at', 'void_reason'])
    .where('invoice_no', '=', invoice_no ?? '')
    .execute();
};

describe('the allowance of a partial return', () => {
  it('is issued once when the refund is clicked again at once by many, after the allowance service failed', async () => {
    const { o, id, amount } = await receivedPartial();
    shop.clock.advance(9 * HOUR);
    await signInAgain();
    armFault('invoice.allowance.down', 2);
    const first = await admin('POST', `/returns/${id}/refund`, owner);
    expect(first.json.result).toMatchObject({ state: 'refunded', refund: { state: 'sent', amount } });
    expect(await allowancesOf(o.id)).toEqual([]);
    armFault('invoice.allowance.down', 0);
    const clicks = await Promise.all(Array.from({ length: 10 }, () => admin('POST', `/returns/${id}/refund`, owner)));
    expect(clicks.map((c) => c.status)).toEqual(Array(10).fill(200));
    const allowances = await allowancesOf(o.id);
    expect(allowances).toEqual([expect.objectContaining({ amount, voided_at: null })]);
    const view = await admin('GET', `/returns/${id}`, owner);
    expect(view.json.result).toMatchObject({
      state: 'closed',
      invoice: { action: 'allowance', allowance_no: allowances[0]!.allow_no },
    });
  });
});
