import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFailure } from '../../helpers/wire-asserts.ts';
import { pickVariants } from '../cart/cart-helpers.ts';
import { type Buyer, bodyFor, memberBuyer, order } from './orders-helpers.ts';

let shop: TestShop;
let buyer: Buyer;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  const [v] = await pickVariants(shop, 1, 99);
  buyer = await memberBuyer(shop, [[v!, 1]]);
});
afterAll(() => shop.close());

/** Orders with `over` and expects 400 VALIDATION_FAILED naming exactly `fields`; returns the errors. */
async function refused(over: Record<string, unknown>, fields: string[], lang = 'zh-TW') {
  const r = await order(shop, buyer, bodyFor(buyer, over), { lang });
  expectFailure(r, 400, 'VALIDATION_FAILED');
  expect(Object.keys(r.json.errors).sort()).toEqual([...fields].sort());
  return r.json.errors as Record<string, string>;
}

/**
 * A body the rules accept: checked without placing an order by making the store pickup fail after
 * validation (no store chosen), so one cart serves every case.
 */
async function accepted(over: Record<string, unknown>) {
  const body = bodyFor(buyer, { shipping: { method: 'cvs' }, payment: 'credit', ...over });
  const r = await order(shop, buyer, body);
  expectFailure(r, 409, 'SHIPPING_UNAVAILABLE');
}

describe('receiver', () => {
  it('takes 2 to 5 Chinese characters or 4 to 10 letters for store pickup', async () => {
    for (const name of ['王明', '王小明', '歐陽娜娜安', 'Anna', 'Mary Chen', 'Chen Ta Ming'.slice(0, 10)])
      await accepted({ receiver: { name } });
  });

  it('refuses other pickup names on receiver.name, in the request language', async () => {
    for (const name of ['王', '歐陽娜娜安安', 'Ann', 'Christopher Lee', '王小明2', 'Wang-Ming', '王 Ming']) {
      const e = await refused({ shipping: { method: 'cvs' }, receiver: { name } }, ['receiver.name']);
      expect(e['receiver.name']).toContain('取件人姓名須為 2 到 5 個中文字');
    }
    const en = await refused({ shipping: { method: 'cvs' }, receiver: { name: 'Jo' } }, ['receiver.name'], 'en');
    expect(en['receiver.name']).toContain('2 to 5 Chinese characters or 4 to 10 letters');
  });

  it('needs a mobile number 09 + 8 digits, and takes it in any customary writing', async () => {
    for (const phone of ['0212345678', '091234567', '1912345678', ''])
      await refused({ receiver: { name: '王小明', phone } }, ['receiver.phone']);
    await accepted({ receiver: { name: '王小明', phone: buyer.phone.replace(/^0(\d{3})(\d{3})/, '+886 $1-$2-') } });
  });

  it('takes an empty email and refuses a malformed one', async () => {
    await accepted({ receiver: { name: '王小明', phone: buyer.phone, email: '' } });
    await refused({ receiver: { name: '王小明', phone: buyer.phone, email: 'not-mail' } }, ['receiver.email']);
  });

  it('keeps the note to 200 characters', async () => {
    await accepted({ note: '請'.repeat(200) });
    const e = await refused({ note: '請'.repeat(201) }, ['note'], 'en');
    expect(e.note).toBe('The note can have at most 200 characters.');
  });
});

describe('home address', () => {
  it('needs a known city and district, a matching postal code and a street address', async () => {
    const home = (s: Record<string, string>) => ({ shipping: { method: 'home', ...s } });
    await refused(home({ city: '台北', area: '大安區', addr: '1 號' }), ['shipping.city']);
    await refused(home({ city: '臺北市', area: '板橋區', addr: '1 號' }), ['shipping.area']);
    await refused(home({ zipcode: '220', city: '臺北市', area: '大安區', addr: '1 號' }), ['shipping.zipcode']);
    const e = await refused(home({ zipcode: '106', city: '臺北市', area: '大安區' }), ['shipping.addr'], 'en');
    expect(e['shipping.addr']).toBe('Home delivery needs the street address.');
  });

  it('accepts 台 for 臺 and stores the official spelling', async () => {
    const b = await memberBuyer(shop, [[(await pickVariants(shop, 1))[0]!, 1]]);
    const body = bodyFor(b, {
      shipping: { method: 'home', zipcode: '10652', city: '台北市', area: '大安區', addr: '復興南路一段 1 號' },
    });
    const r = await order(shop, b, body);
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect(r.json.result.shipping).toMatchObject({ zipcode: '10652', city: '臺北市', area: '大安區' });
  });
});

describe('e-invoice', () => {
  const inv = (invoice: Record<string, string>) => ({ invoice });

  it('accepts each kind with its valid data', async () => {
    await accepted(inv({ type: 'member' }));
    await accepted(inv({ type: 'mobile', carrier: '/ABC+1.-' }));
    await accepted(inv({ type: 'mobile', carrier: '/abc1234' }));
    await accepted(inv({ type: 'certificate', carrier: 'AB12345678901234' }));
    await accepted(inv({ type: 'donation', code: '919' }));
    await accepted(inv({ type: 'company', tax_id: '04595257', title: '聲林音響股份有限公司' }));
    // A 7th digit of 7 lets a sum one short of a multiple of 5 pass.
    await accepted(inv({ type: 'company', tax_id: '10458575', title: 'Example Ltd' }));
  });

  it('refuses a bad mobile barcode or certificate on invoice.carrier', async () => {
    for (const carrier of ['ABC+1234', '/ABC,123', '/ABC123', ''])
      await refused(inv({ type: 'mobile', carrier }), ['invoice.carrier']);
    const e = await refused(inv({ type: 'certificate', carrier: 'A123456789012345' }), ['invoice.carrier'], 'en');
    expect(e['invoice.carrier']).toContain('2 capital letters and 14 digits');
  });

  it('refuses a bad donation code, tax ID or company name on their fields', async () => {
    await refused(inv({ type: 'donation', code: '12' }), ['invoice.code']);
    await refused(inv({ type: 'donation', code: '12345678' }), ['invoice.code']);
    const e = await refused(inv({ type: 'company', tax_id: '04595258', title: '聲林' }), ['invoice.tax_id']);
    expect(e['invoice.tax_id']).toContain('統一編號');
    await refused(inv({ type: 'company', tax_id: '04595257' }), ['invoice.title']);
    await refused(inv({ type: 'company', tax_id: '0459525', title: '' }), ['invoice.tax_id', 'invoice.title']);
  });

  it('refuses fields of another kind (a tax ID with a donation, a carrier with a company invoice)', async () => {
    await refused(inv({ type: 'donation', code: '919', tax_id: '04595257' }), ['invoice.tax_id']);
    await refused(inv({ type: 'company', tax_id: '04595257', title: 'X', carrier: '/ABC1234' }), ['invoice.carrier']);
    await refused(inv({ type: 'member', code: '919' }), ['invoice.code']);
  });

  it('refuses unknown kinds and unknown keys', async () => {
    await refused(inv({ type: 'paper' }), ['invoice.type']);
    const r = await order(shop, buyer, bodyFor(buyer, { invoice: { type: 'member', print: 'yes' } }));
    expectFailure(r, 400, 'UNKNOWN_FIELD');
  });
});
