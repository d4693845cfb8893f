import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestShop } from '../../helpers/test-app.ts';
import { staffMember, type TestStaff } from '../admin/admin-helpers.ts';
import { createPaymentShop } from '../payment/payment-helpers.ts';
import { askReturn, BANK, type DeliveredOrder, deliveredOrder } from './returns-helpers.ts';

/**
 * The refund's amount through the API on orders priced by a spend-threshold promotion: the order's
 * lines, discounts and promotion written as checkout leaves them (a snapshot naming the promotion).
 */
let shop: TestShop & { origin: string };
let staff: TestStaff;
beforeAll(async () => {
  shop = await createPaymentShop();
  staff = await staffMember(shop, 'staff');
});
afterAll(() => shop.close());

/** Prices the delivered order's units at 1,500 each with a spend-threshold promotion of `off`, spread by amount. */
async function discounted(o: DeliveredOrder, tiers: { min: number; off: number }[], off: number) {
  const k = shop.deps.db.kysely;
  const promo = await k
    .insertInto('promotions')
    .values({
      kind: 'auto',
      code: null,
      name_zh: '滿額折',
      name_en: 'Spend and save',
      tiers: JSON.stringify(tiers),
      disabled_at: shop.clock.now(),
      created_at: shop.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lines = await k
    .selectFrom('order_lines')
    .select(['id', 'quantity'])
    .where('order_id', '=', o.id)
    .orderBy('id')
    .execute();
  const subtotal = lines.reduce((s, l) => s + 1500 * l.quantity, 0);
  for (const l of lines) {
    const total = 1500 * l.quantity;
    await k
      .updateTable('order_lines')
      .set({ unit_price: 1500, line_total: total, discount: Math.round((off * total) / subtotal) })
      .where('id', '=', l.id)
      .execute();
  }
  const snapshot = [
    {
      kind: 'auto',
      code: null,
      name_zh: '滿額折',
      name_en: 'Spend and save',
      amount: off,
      promotion_id: promo.id,
      target: 'lines',
    },
  ];
  const o2 = await k.selectFrom('orders').select('shipping_fee').where('id', '=', o.id).executeTakeFirstOrThrow();
  const total = subtotal + o2.shipping_fee - off;
  await k
    .updateTable('orders')
    .set({ subtotal, discount_total: off, discounts: JSON.stringify(snapshot), total })
    .where('id', '=', o.id)
    .execute();
  return total;
}

async function receiveAll(id: number, sku: string, n: number) {
  await shop.call('POST', `/api/admin/returns/${id}/approve`, { token: staff.token });
  const r = await shop.call('POST', `/api/admin/returns/${id}/receive`, {
    token: staff.token,
    body: { lines: [{ sku, received_quantity: n }] },
  });
  expect(r.status).toBe(200);
  return r.json.result;
}

describe('the refund amount', () => {
  it('takes back the threshold the kept line no longer reaches; the whole order later refunds the rest and the fee', async () => {
    const o = await deliveredOrder(shop, { payment: 'cod', second: 1 });
    const total = await discounted(o, [{ min: 2000, off: 300 }], 300);
    const first = await askReturn(shop, o, { lines: [{ sku: o.skus[1], quantity: 1 }], bank: BANK });
    const got = await receiveAll(first.json.result.id, o.skus[1], 1);
    // The line paid 1,350; the kept 1,500 alone reaches no threshold: its 150 off goes back.
    expect(got.computation).toMatchObject({
      lines: [{ sku: o.skus[1], quantity: 1, amount: 1350 }],
      takeback: [{ name: { zh: '滿額折', en: 'Spend and save' }, amount: 150 }],
      shipping: 0,
      amount: 1200,
      whole: false,
    });
    expect(got.refund.amount).toBe(1200);
    const second = await askReturn(shop, o, { lines: [{ sku: o.skus[0], quantity: 1 }], bank: BANK });
    const rest = await receiveAll(second.json.result.id, o.skus[0], 1);
    expect(rest.computation).toMatchObject({ whole: true, shipping: 100, before: 1200 });
    expect(1200 + rest.refund.amount).toBe(total);
  });

  it('a line returned in parts over several requests adds up to exactly what it cost', async () => {
    const o = await deliveredOrder(shop, { payment: 'cod', quantity: 3, second: 1 });
    // 3 × 1,500 + 1,500 = 6,000 with 600 off: 450 on the first line (1,350 a unit), 150 on the other.
    await discounted(o, [{ min: 1000, off: 600 }], 600);
    const amounts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await askReturn(shop, o, { lines: [{ sku: o.skus[0], quantity: 1 }], bank: BANK });
      expect(r.status).toBe(201);
      amounts.push((await receiveAll(r.json.result.id, o.skus[0], 1)).refund.amount);
    }
    // The kept line (1,500) still reaches the 1,000 tier: it keeps its own 150 off, nothing taken back.
    expect(amounts).toEqual([1350, 1350, 1350]);
    const more = await askReturn(shop, o, { lines: [{ sku: o.skus[0], quantity: 1 }], bank: BANK }, 'en');
    expect(more.status).toBe(409);
    expect(more.json.errors['lines.0.quantity']).toBe('At most 0 of this item can still be returned.');
  });
});
