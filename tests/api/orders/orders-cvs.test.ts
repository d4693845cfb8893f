import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formsOf, postForm } from '../../helpers/html-forms.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFailure, okResult } from '../../helpers/wire-asserts.ts';
import { freshIp, registerMember } from '../accounts/users-helpers.ts';
import { cartOf, pickVariants } from '../cart/cart-helpers.ts';
import { type Buyer, bodyFor, guestBuyer, headersOf, memberBuyer, order, quote } from './orders-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

const openMap = (b: Buyer, brand: string, lang?: string) =>
  shop.call('POST', '/api/checkout/cvs-map', { body: { brand }, token: b.token, lang, headers: headersOf(b) });

/** The AutoPostForm answer: its fields carry ECPay's own names, so only the envelope is snake_case. */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes
function formResult(r: { status: number; json: any }): { action: string; fields: Record<string, string> } {
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  expect(r.json.status).toBe(true);
  expect(Object.keys(r.json.result).sort()).toEqual(['action', 'fields']);
  return r.json.result;
}

/** Opens the map for `b`, searches `city`/`district` on the simulator and picks the first store; returns the reply form. */
async function chooseOnMap(b: Buyer, brand: string, city = '臺北市', district = '', lang?: string) {
  const form = formResult(await openMap(b, brand, lang));
  const opened = await postForm(shop.app, new URL(form.action).pathname, form.fields);
  expect(opened.status).toBe(200);
  const search = formsOf(opened.html).find((f) => f.fields.city !== undefined)!;
  const found = await postForm(shop.app, search.action, { ...search.fields, city, district });
  const choice = formsOf(found.html).find((f) => f.fields.store)!;
  const posted = await postForm(shop.app, choice.action, choice.fields);
  const reply = formsOf(posted.html).find((f) => f.id === 'auto')!;
  return { form, reply };
}

/** Posts the map's reply to the shop as the browser would. */
const sendReply = (reply: { action: string; fields: Record<string, string> }) =>
  shop.app.request(new URL(reply.action).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(reply.fields).toString(),
  });

describe('convenience-store choice through the map', () => {
  it('round-trips: map form with a ticket, the simulator posts the store back, 303 to checkout, the quote shows it, the order keeps it', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const buyer = await memberBuyer(shop, [[v!, 1]]);
    const { form, reply } = await chooseOnMap(buyer, 'FAMI');
    expect(form.action).toBe('http://localhost/api/sim/logistics/Express/map');
    expect(form.fields).toMatchObject({
      LogisticsType: 'CVS',
      LogisticsSubType: 'FAMIC2C',
      // The cart may be paid at pickup: the map offers only stores that collect.
      IsCollection: 'Y',
      ServerReplyURL: 'http://localhost/api/checkout/cvs-store',
    });
    expect(form.fields.ExtraData).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const tickets = await shop.deps.db.kysely.selectFrom('cvs_map_tickets').select('ticket_hash').execute();
    expect(tickets.map((t) => t.ticket_hash)).not.toContain(form.fields.ExtraData);
    expect(reply.fields.ExtraData).toBe(form.fields.ExtraData);

    const res = await sendReply(reply);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://localhost/cart/checkout');

    const q = okResult(await quote(shop, buyer, { shipping: { method: 'cvs' }, payment: 'pickup_pay' }));
    expect(q.store).toEqual({
      brand: 'FAMI',
      brand_name: '全家便利商店',
      id: reply.fields.CVSStoreID,
      name: reply.fields.CVSStoreName,
      address: reply.fields.CVSAddress!.replace('台', '臺'),
      outside: false,
    });
    expect(q.can_order).toBe(true);

    const placed = await order(
      shop,
      buyer,
      bodyFor(buyer, { shipping: { method: 'cvs' }, payment: 'pickup_pay', receiver: { name: '王小明' } }),
    );
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    expect(placed.json.result.state).toBe('processing');
    expect(placed.json.result.shipping.store).toMatchObject({ brand: 'FAMI', id: reply.fields.CVSStoreID });
    const after = okResult(await quote(shop, buyer, {}));
    expect(after.store).toBeNull();
  });

  it('keeps the store a guest chose when the guest logs in, in place of the member cart’s older one', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const { phone, password, token: memberToken } = await registerMember(shop);
    const member: Buyer = { token: memberToken, phone };
    okResult(await cartOf(shop, { token: memberToken }).add(v!.sku, 1));
    const older = await chooseOnMap(member, 'UNIMART', '臺北市', '大安區');
    expect((await sendReply(older.reply)).status).toBe(303);

    const guest = await guestBuyer(shop, [[v!, 1]]);
    const { reply } = await chooseOnMap(guest, 'FAMI', '高雄市');
    expect((await sendReply(reply)).status).toBe(303);
    const login = await shop.call('POST', '/api/users/login', {
      body: { account: phone, password },
      ip: freshIp(),
      headers: { 'x-cart-token': guest.cartToken! },
    });
    const token = okResult(login).token;
    const q = okResult(await quote(shop, { token, phone }, { shipping: { method: 'cvs' }, payment: 'pickup_pay' }));
    expect(q.store).toMatchObject({ brand: 'FAMI', id: reply.fields.CVSStoreID, name: reply.fields.CVSStoreName });
    expect(q.store.address).toMatch(/^高雄市/);
    const rows = await shop.deps.db.kysely.selectFrom('checkout_stores').select('store_id').execute();
    expect(rows.map((r) => r.store_id)).not.toContain(older.reply.fields.CVSStoreID);
  });

  it('uses a ticket once, and refuses a reply whose ticket is unknown or expired', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const buyer = await memberBuyer(shop, [[v!, 1]]);
    const { reply } = await chooseOnMap(buyer, 'UNIMART', '臺北市', '大安區', 'en');
    const first = await sendReply(reply);
    expect(first.headers.get('location')).toBe('http://localhost/en/cart/checkout');
    const replay = await sendReply({ ...reply, fields: { ...reply.fields, CVSStoreName: '別家門市' } });
    expect(replay.headers.get('location')).toBe('http://localhost/en/cart/checkout?store_error=ticket');
    expect(okResult(await quote(shop, buyer, {})).store.name).toBe(reply.fields.CVSStoreName);

    const forged = await sendReply({ ...reply, fields: { ...reply.fields, ExtraData: 'A'.repeat(20) } });
    expect(forged.headers.get('location')).toBe('http://localhost/cart/checkout?store_error=ticket');

    const late = await chooseOnMap(buyer, 'UNIMART');
    shop.clock.advance(31 * 60_000);
    const expired = await sendReply(late.reply);
    expect(expired.headers.get('location')).toContain('store_error=ticket');
  });

  it('forgets the store when the shopper leaves store pickup or changes chain', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const buyer = await memberBuyer(shop, [[v!, 1]]);
    await sendReply((await chooseOnMap(buyer, 'HILIFE')).reply);
    expect(okResult(await quote(shop, buyer, {})).store.brand).toBe('HILIFE');
    formResult(await openMap(buyer, 'OKMART'));
    expect(okResult(await quote(shop, buyer, {})).store).toBeNull();

    await sendReply((await chooseOnMap(buyer, 'OKMART')).reply);
    okResult(await quote(shop, buyer, { shipping: { method: 'home' } }));
    expect(okResult(await quote(shop, buyer, {})).store).toBeNull();

    await sendReply((await chooseOnMap(buyer, 'OKMART')).reply);
    const del = await shop.call('DELETE', '/api/checkout/cvs-store', { token: buyer.token });
    expect(okResult(del)).toEqual({ store: null });
    expect(okResult(await quote(shop, buyer, {})).store).toBeNull();
  });

  it('charges the outlying fee for a store on Penghu', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const buyer = await memberBuyer(shop, [[v!, 1]]);
    const { reply } = await chooseOnMap(buyer, 'UNIMART', '澎湖縣', '馬公市');
    expect(reply.fields.CVSOutSide).toBe('1');
    await sendReply(reply);
    const q = okResult(await quote(shop, buyer, { shipping: { method: 'cvs' } }));
    expect(q.store.outside).toBe(true);
    expect(q.shipping_fee).toBe(120);
  });

  it('needs a cart to open the map', async () => {
    const buyer = await memberBuyer(shop, []);
    expectFailure(await openMap(buyer, 'FAMI'), 409, 'CART_EMPTY');
    const bad = await openMap(buyer, 'SEVEN');
    expectFailure(bad, 400, 'VALIDATION_FAILED');
  });

  it('opens ECPay’s own map with SITE_URL as the reply address outside the simulator', async () => {
    const stage = await createTestShop({
      seeded: true,
      env: { ECPAY_ENV: 'stage', SITE_URL: 'https://shop.example.tw' },
    });
    try {
      const [v] = await pickVariants(stage, 1, 5);
      const buyer = await memberBuyer(stage, [[v!, 1]]);
      const r = await stage.call('POST', '/api/checkout/cvs-map', { body: { brand: 'UNIMART' }, token: buyer.token });
      const form = formResult(r);
      expect(form.action).toBe('https://logistics-stage.ecpay.com.tw/Express/map');
      expect(form.fields.ServerReplyURL).toBe('https://shop.example.tw/api/checkout/cvs-store');
      expect(form.fields.MerchantID).toBe('2000933');
    } finally {
      await stage.close();
    }
  });
});
