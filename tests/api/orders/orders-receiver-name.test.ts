import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShipment } from '../../../src/server/shipping/ship.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { expectFailure } from '../../helpers/wire-asserts.ts';
import { pickVariants, type TestVariant } from '../cart/cart-helpers.ts';
import { createPaymentShop } from '../payment/payment-helpers.ts';
import { type Buyer, bodyFor, memberBuyer, order, quote } from './orders-helpers.ts';

// Issue 38, defect 4: checkout took home-delivery receivers ECPay's Express/Create refuses, and
// the order could then never ship. The carrier's rules are now checked at the quote and at the order.

let shop: TestShop & { origin: string };
let variant: TestVariant;
let buyer: Buyer;
beforeAll(async () => {
  shop = await createPaymentShop();
  [variant] = (await pickVariants(shop, 1, 500)) as [TestVariant];
  buyer = await memberBuyer(shop, [[variant, 1]]);
});
afterAll(() => shop.close());

const REFUSED = [
  'Mary Johnson',
  '司馬相如先生',
  'Li',
  '王',
  'Amy<b>',
  'Tom & Jo',
  'Ann "J"',
  "O'Neil",
  'Amy>',
  '王小明2',
];
const home = (name: string) => bodyFor(buyer, { receiver: { name } });

describe('home delivery receiver name, as the carrier takes it', () => {
  it('refuses names the carrier refuses before any order, on receiver.name in the caller’s language', async () => {
    const orders = () => shop.deps.db.kysely.selectFrom('orders').select('id').execute();
    const before = await orders();
    for (const name of REFUSED) {
      const r = await order(shop, buyer, home(name));
      expectFailure(r, 400, 'VALIDATION_FAILED');
      expect(Object.keys(r.json.errors), name).toEqual(['receiver.name']);
      expect(r.json.errors['receiver.name']).toContain('宅配收件人姓名須為 4 到 10 個字元寬');
    }
    const en = await order(shop, buyer, home('Mary Johnson'), { lang: 'en' });
    expectFailure(en, 400, 'VALIDATION_FAILED');
    expect(en.json.errors['receiver.name']).toContain('Home delivery takes a receiver name 4 to 10 characters wide');
    expect(await orders()).toEqual(before);
  });

  it('refuses them at the quote for the chosen method, and only for a method booked with the carrier', async () => {
    for (const name of ['Mary Johnson', '司馬相如先生', 'Li', 'Amy<b>']) {
      const r = await quote(shop, buyer, { receiver: { name }, shipping: { method: 'home' } }, 'en');
      expectFailure(r, 400, 'VALIDATION_FAILED');
      expect(r.json.errors).toEqual({ 'receiver.name': expect.stringContaining('4 to 10 characters wide') });
    }
    const cvs = await quote(shop, buyer, { receiver: { name: 'Mary Johnson' }, shipping: { method: 'cvs' } });
    expectFailure(cvs, 400, 'VALIDATION_FAILED');
    expect(cvs.json.errors['receiver.name']).toContain('取件人姓名須為 2 到 5 個中文字');
    expect(
      (await quote(shop, buyer, { receiver: { name: 'Mary Johnson' }, shipping: { method: 'shop' } })).status,
    ).toBe(200);
    expect((await quote(shop, buyer, { receiver: { name: '陳大文' }, shipping: { method: 'home' } })).status).toBe(200);
  });

  it('takes names the carrier takes, and such an order ships through the carrier', async () => {
    for (const name of ['陳大文', '歐陽娜娜', 'Amy Lin', 'Mary J', 'Anna']) {
      const b = await memberBuyer(shop, [[variant, 1]]);
      const r = await order(shop, b, bodyFor(b, { receiver: { name } }));
      expect(r.status, `${name}: ${JSON.stringify(r.json)}`).toBe(201);
      const shipped = await createShipment(shop.deps, r.json.result.no);
      expect(shipped.created, name).toBe(true);
    }
  });
});
