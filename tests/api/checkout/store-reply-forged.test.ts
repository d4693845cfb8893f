import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { okResult } from '../../helpers/wire-asserts.ts';
import { pickVariants, variantPriced } from '../cart/cart-helpers.ts';
import { type Buyer, headersOf, memberBuyer, quote } from '../orders/orders-helpers.ts';

/**
 * The store map's reply is not signed and passes through the browser: a forged one may name any
 * store facts. The shop keeps what it can check (the simulator's store list; with ECPay, the island
 * status read from the address) and refuses texts that break the text rules.
 */
let shop: TestShop;
let stage: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  stage = await createTestShop({ seeded: true, env: { ECPAY_ENV: 'stage', SITE_URL: 'https://shop.example.tw' } });
});
afterAll(async () => {
  await shop.close();
  await stage.close();
});

type SubType = 'UNIMARTC2C' | 'FAMIC2C' | 'HILIFEC2C' | 'OKMARTC2C';
const BRAND_OF: Record<string, SubType> = {
  UNIMART: 'UNIMARTC2C',
  FAMI: 'FAMIC2C',
  HILIFE: 'HILIFEC2C',
  OKMART: 'OKMARTC2C',
};

/** Opens the map of `brand` for `b` and returns the reply fields a map would post, ticket included. */
async function replyFor(s: TestShop, b: Buyer, brand: string, store: Record<string, string>) {
  const r = await s.call('POST', '/api/checkout/cvs-map', { body: { brand }, token: b.token, headers: headersOf(b) });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  // The form's fields carry ECPay's own names (not snake_case): read without okResult's key check.
  const form = r.json.result as { fields: Record<string, string> };
  return {
    MerchantID: form.fields.MerchantID!,
    MerchantTradeNo: form.fields.MerchantTradeNo!,
    LogisticsSubType: BRAND_OF[brand]!,
    CVSTelephone: '',
    CVSOutSide: '0',
    ExtraData: form.fields.ExtraData!,
    ...store,
  };
}

const post = (s: TestShop, fields: Record<string, string>) =>
  s.app.request('/api/checkout/cvs-store', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
const errorOf = (res: Response) =>
  new URL(res.headers.get('location') ?? '', 'http://x').searchParams.get('store_error');
const keptStore = async (s: TestShop, b: Buyer) =>
  okResult(await quote(s, b, { shipping: { method: 'cvs' }, payment: 'pickup_pay' }));

async function outlyingSimStore() {
  return shop.deps.db.kysely
    .selectFrom('sim_cvs_stores')
    .selectAll()
    .where('outside', '=', 1)
    .where('city', '=', '澎湖縣')
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

describe('a forged store reply, with the simulator', () => {
  it('keeps the store list’s facts: an outlying store sent as CVSOutSide=0 costs the outlying fee, under its own name', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const buyer = await memberBuyer(shop, [[v!, 1]]);
    const real = await outlyingSimStore();
    const fields = await replyFor(shop, buyer, real.brand, {
      CVSStoreID: real.store_id,
      CVSStoreName: '臺北信義門市',
      CVSAddress: '台北市信義區市府路1號',
      CVSOutSide: '0',
    });
    const res = await post(shop, fields);
    expect(res.status).toBe(303);
    expect(errorOf(res)).toBeNull();
    const q = await keptStore(shop, buyer);
    expect(q.store).toMatchObject({ id: real.store_id, name: real.name, outside: true });
    expect(q.store.address).toBe(real.address.replace('台', '臺'));
    expect(q.shipping_fee).toBe(120);
  });

  it('refuses a store the list does not have, and keeps nothing', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const buyer = await memberBuyer(shop, [[v!, 1]]);
    const fields = await replyFor(shop, buyer, 'FAMI', {
      CVSStoreID: '999990',
      CVSStoreName: '不存在門市',
      CVSAddress: '台北市大安區復興南路一段1號',
    });
    const res = await post(shop, fields);
    expect(res.headers.get('location')).toBe('http://localhost/cart/checkout?store_error=store');
    expect((await keptStore(shop, buyer)).store).toBeNull();
  });

  it('refuses names and addresses with terminal escapes, direction overrides or too many characters', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const buyer = await memberBuyer(shop, [[v!, 1]]);
    const real = await outlyingSimStore();
    const hostile: Record<string, string>[] = [
      { CVSStoreName: '馬公\u001b[2J\u001b]0;pwned\u0007門市' },
      { CVSStoreName: '馬公\u202Egnp.exe門市' },
      { CVSStoreName: '\u200B\u200B' },
      { CVSStoreName: '門'.repeat(61) },
      { CVSAddress: '澎湖縣馬公市\u009b31m中正路1號' },
      { CVSAddress: '澎湖縣馬公市\u2066中正路1號\u2069' },
      { CVSTelephone: '06-9\u0000271234' },
    ];
    for (const bad of hostile) {
      const fields = await replyFor(shop, buyer, real.brand, {
        CVSStoreID: real.store_id,
        CVSStoreName: real.name,
        CVSAddress: real.address,
        ...bad,
      });
      const res = await post(shop, fields);
      expect(errorOf(res), JSON.stringify(bad)).toBe('text');
      expect((await keptStore(shop, buyer)).store).toBeNull();
      // The ticket was not spent: the same map answering properly is kept.
      if (bad === hostile[0]) {
        const again = await post(shop, { ...fields, CVSStoreName: real.name });
        expect(errorOf(again)).toBeNull();
        expect((await keptStore(shop, buyer)).store.name).toBe(real.name);
        await shop.call('DELETE', '/api/checkout/cvs-store', { token: buyer.token });
      }
    }
  });
});

describe('a forged store reply, with ECPay', () => {
  const cases: [string, boolean | null][] = [
    ['澎湖縣馬公市中正路1號', true],
    ['金門縣金城鎮民生路2號', true],
    ['連江縣南竿鄉介壽村3號', true],
    ['屏東縣琉球鄉中山路4號', true],
    ['台東縣綠島鄉南寮村5號', true],
    ['929屏東縣琉球鄉民族路6號', true],
    ['屏東縣東港鎮中正路7號', false],
    ['台北市內湖區新湖二路168號', false],
    ['新竹市東大路二段8號', false],
    ['屏東縣中山路9號', null],
    ['中山路10號', null],
  ];

  it('reads the island from the store’s address, never from CVSOutSide', async () => {
    // Under the free-shipping threshold: the main island's fee is the listed NT$60.
    const v = await variantPriced(stage, 300, 900, 50);
    const buyer = await memberBuyer(stage, [[v, 1]]);
    for (const [address, outlying] of cases) {
      const sent = outlying ? '0' : '1';
      const fields = await replyFor(stage, buyer, 'UNIMART', {
        CVSStoreID: '131386',
        CVSStoreName: '測試門市',
        CVSAddress: address,
        CVSOutSide: sent,
      });
      const res = await post(stage, fields);
      expect(res.headers.get('location')?.startsWith('https://shop.example.tw/cart/checkout')).toBe(true);
      if (outlying === null) {
        expect(errorOf(res), address).toBe('store');
        continue;
      }
      expect(errorOf(res), address).toBeNull();
      const q = await keptStore(stage, buyer);
      expect(q.store.outside, address).toBe(outlying);
      expect(q.shipping_fee, address).toBe(outlying ? 120 : 60);
    }
  });

  it('refuses a name with control characters as with the simulator', async () => {
    const [v] = await pickVariants(stage, 1, 50);
    const buyer = await memberBuyer(stage, [[v!, 1]]);
    const fields = await replyFor(stage, buyer, 'FAMI', {
      CVSStoreID: '006598',
      CVSStoreName: '全家\u001b[31m門市',
      CVSAddress: '台北市大安區復興南路一段1號',
    });
    expect(errorOf(await post(stage, fields))).toBe('text');
  });
});
