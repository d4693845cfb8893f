import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceWorkSettled } from '../../../src/server/payment/invoicing.ts';
import { disableCode, listPromotions, showCode } from '../../../src/server/promotions/promotion-admin.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { variantPriced } from '../cart/cart-helpers.ts';
import { bodyFor, memberBuyer, order, quote } from '../orders/orders-helpers.ts';
import { createPaymentShop, NOTIFY, noticesOf, orderFacts, paidNotice, postForm } from '../payment/payment-helpers.ts';
import { newCode } from './promotions-helpers.ts';

/** A discounted order is paid and invoiced for its discounted total, over real HTTP to the simulators. */
let shop: TestShop & { origin: string };
beforeAll(async () => {
  shop = await createPaymentShop({ promotions: true });
});
afterAll(async () => {
  await invoiceWorkSettled();
  await shop.close();
});

describe('a discounted order', () => {
  it('is paid only for its discounted total, and its e-invoice items add up to it', async () => {
    const [v, w] = [await variantPriced(shop, 2_000, 3_000), await variantPriced(shop, 300, 900)];
    const buyer = await memberBuyer(shop, [
      [v, 3],
      [w, 1],
    ]);
    const placed = await order(shop, buyer, bodyFor(buyer, { coupon: 'ANNIV2026', payment: 'credit' }));
    expect(placed.status).toBe(201);
    const o = placed.json.result;
    expect(o.discount_total).toBeGreaterThan(0);
    const start = await shop.call('POST', `/api/orders/${o.no}/payment`, { token: buyer.token });
    const tradeNo = start.json.result.fields.MerchantTradeNo as string;
    const row = await shop.deps.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('no', '=', o.no)
      .executeTakeFirstOrThrow();
    // ECPay's notice of the undiscounted amount is refused; the discounted one pays.
    const full = o.subtotal + o.shipping_fee;
    expect((await postForm(shop, NOTIFY, paidNotice(shop, tradeNo, full))).status).toBe(400);
    expect((await orderFacts(shop, row.id)).state).toBe('awaiting_payment');
    expect((await postForm(shop, NOTIFY, paidNotice(shop, tradeNo, o.total))).text).toBe('1|OK');
    expect((await noticesOf(shop, tradeNo)).map((n) => n.outcome)).toEqual(['rejected:amount', 'paid']);
    await invoiceWorkSettled();
    const facts = await orderFacts(shop, row.id);
    expect(facts.state).toBe('paid');
    expect(facts.invoice_no).toMatch(/^[A-Z]{2}\d{8}$/);
    const sim = await shop.deps.db.kysely
      .selectFrom('sim_invoices')
      .selectAll()
      .where('relate_number', '=', o.no)
      .executeTakeFirstOrThrow();
    const data = JSON.parse(sim.data) as {
      SalesAmount: number;
      Items: { ItemAmount: number; ItemPrice: number; ItemCount: number }[];
    };
    expect(data.SalesAmount).toBe(o.total);
    expect(data.Items.reduce((s, i) => s + i.ItemAmount, 0)).toBe(o.total);
    for (const i of data.Items) expect(i.ItemAmount).toBe(i.ItemPrice * i.ItemCount);
  });
});

describe('the owner tool', () => {
  it('lists, shows with uses, and disables a code', async () => {
    const v = await variantPriced(shop, 1_000, 2_000);
    const code = await newCode(shop, { percent: '5', cap: '60', uses: '10', from: '2026-11-01', to: '2026-12-31' });
    const buyer = await memberBuyer(shop, [[v, 1]]);
    const placed = await order(shop, buyer, bodyFor(buyer, { coupon: code.toLowerCase() }));
    expect(placed.status).toBe(201);
    const { promotion, uses } = await showCode(shop.deps, code.toLowerCase());
    expect(promotion).toMatchObject({ code, off_percent: 5, cap: 60, max_uses: 10, used: 1 });
    expect(uses).toEqual([
      expect.objectContaining({
        no: placed.json.result.no,
        amount: placed.json.result.discount_total,
        released_at: null,
      }),
    ]);
    expect((await listPromotions(shop.deps)).map((p) => p.code)).toContain(code);
    await disableCode(shop.deps, code);
    await expect(disableCode(shop.deps, code)).rejects.toThrow(/No code/);
    const again = await memberBuyer(shop, [[v, 1]]);
    const refused = await quote(shop, again, { shipping: { method: 'home', city: '臺北市' }, coupon: code });
    expect(refused.status).toBe(422);
  });
});
