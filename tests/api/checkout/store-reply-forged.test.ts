import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_LIST_TTL_MS } from '../../../src/server/checkout/store-directory.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { okResult } from '../../helpers/wire-asserts.ts';
import { pickVariants, variantPriced } from '../cart/cart-helpers.ts';
import { type Buyer, headersOf, memberBuyer, quote } from '../orders/orders-helpers.ts';

/**
 * The store map's reply is not signed and passes through the browser: a forged one may name any
 * store facts. The shop keeps what it can check (the chain's store list: the simulator's own, or
 * ECPay's GetStoreList, played here by the simulator over HTTP), reads the island from the listed
 * address, and refuses texts that break the text rules.
 */
let shop: TestShop;
/** ECPay's stage account, its logistics server played by the simulator of `shop` listening on a port. */
let stage: TestShop;
let server: ServerType;
/** An origin where nothing listens: ECPay's store list down. */
let closedOrigin: string;

/** Store lists ECPay (the simulator) was asked for, by CvsType. */
const listsAsked: string[] = [];

const listen = async (app: TestShop['app']) => {
  const fetch = async (req: Request) => {
    if (new URL(req.url).pathname.endsWith('/Helper/GetStoreList'))
      listsAsked.push(new URLSearchParams(await req.clone().text()).get('CvsType') ?? '');
    return app.fetch(req);
  };
  const s = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => s.once('listening', () => resolve()));
  return { s, origin: `http://127.0.0.1:${(s.address() as AddressInfo).port}` };
};

beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  const served = await listen(shop.app);
  server = served.s;
  const closed = await listen(shop.app);
  closedOrigin = closed.origin;
  await new Promise<void>((resolve) => closed.s.close(() => resolve()));
  stage = await createTestShop({
    seeded: true,
    env: {
      ECPAY_ENV: 'stage',
      SITE_URL: 'https://shop.example.tw',
      ECPAY_LOGISTICS_BASE_URL: `${served.origin}/api/sim/logistics`,
    },
  });
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
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
  it('keeps the store as ECPay lists it: an outlying store sent with a Taipei address and CVSOutSide=0 is outlying', async () => {
    const v = await variantPriced(stage, 100, 990, 50);
    const buyer = await memberBuyer(stage, [[v, 1]]);
    const real = await outlyingSimStore();
    const fields = await replyFor(stage, buyer, real.brand, {
      CVSStoreID: real.store_id,
      CVSStoreName: '臺北信義門市',
      CVSAddress: '台北市信義區市府路1號',
      CVSOutSide: '0',
    });
    const res = await post(stage, fields);
    expect(res.headers.get('location')).toBe('https://shop.example.tw/cart/checkout');
    const q = await keptStore(stage, buyer);
    expect(q.store).toMatchObject({ id: real.store_id, name: real.name, outside: true });
    expect(q.store.address).toBe(real.address.replace('台', '臺'));
    expect(q.shipping_fee).toBe(120);
  });

  it('keeps a main-island store sent as outlying at the main island’s fee', async () => {
    const v = await variantPriced(stage, 100, 990, 50);
    const buyer = await memberBuyer(stage, [[v, 1]]);
    const real = await stage.deps.db.kysely
      .selectFrom('sim_cvs_stores')
      .selectAll()
      .where('city', '=', '臺北市')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const fields = await replyFor(stage, buyer, real.brand, {
      CVSStoreID: real.store_id,
      CVSStoreName: real.name,
      CVSAddress: '澎湖縣馬公市中正路1號',
      CVSOutSide: '1',
    });
    expect(errorOf(await post(stage, fields))).toBeNull();
    const q = await keptStore(stage, buyer);
    expect(q.store.outside).toBe(false);
    expect(q.shipping_fee).toBe(60);
  });

  it('refuses a store ECPay does not list, and says so when the list cannot be had', async () => {
    const [v] = await pickVariants(stage, 1, 50);
    const buyer = await memberBuyer(stage, [[v!, 1]]);
    const unknown = await replyFor(stage, buyer, 'FAMI', {
      CVSStoreID: '999990',
      CVSStoreName: '不存在門市',
      CVSAddress: '台北市大安區復興南路一段1號',
    });
    expect(errorOf(await post(stage, unknown))).toBe('store');
    expect((await keptStore(stage, buyer)).store).toBeNull();

    const down = await createTestShop({
      seeded: true,
      env: { ECPAY_ENV: 'stage', SITE_URL: 'https://shop.example.tw', ECPAY_LOGISTICS_BASE_URL: closedOrigin },
    });
    try {
      const [w] = await pickVariants(down, 1, 5);
      const other = await memberBuyer(down, [[w!, 1]]);
      const real = await outlyingSimStore();
      const fields = await replyFor(down, other, real.brand, {
        CVSStoreID: real.store_id,
        CVSStoreName: real.name,
        CVSAddress: real.address,
      });
      const res = await post(down, fields);
      expect(errorOf(res)).toBe('lookup');
      expect((await keptStore(down, other)).store).toBeNull();
    } finally {
      await down.close();
    }
  });

  it('asks for each chain’s list once while it is fresh, and again when it is old', async () => {
    const [v] = await pickVariants(stage, 1, 50);
    const buyer = await memberBuyer(stage, [[v!, 1]]);
    const stores = await stage.deps.db.kysely
      .selectFrom('sim_cvs_stores')
      .selectAll()
      .where('brand', '=', 'HILIFE')
      .orderBy('id')
      .limit(3)
      .execute();
    const send = async (s: (typeof stores)[number]) =>
      post(
        stage,
        await replyFor(stage, buyer, 'HILIFE', { CVSStoreID: s.store_id, CVSStoreName: s.name, CVSAddress: s.address }),
      );
    const asked = () => listsAsked.filter((t) => t === 'HILIFE').length;
    const before = asked();
    const answers = await Promise.all(stores.map(send));
    expect(answers.map(errorOf)).toEqual([null, null, null]);
    expect(asked() - before).toBe(1);
    stage.clock.advance(STORE_LIST_TTL_MS);
    expect(errorOf(await send(stores[0]!))).toBeNull();
    expect(asked() - before).toBe(2);
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
