import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITIES } from '../../../src/lib/taiwan/regions.ts';
import { ecpayConfig } from '../../../src/server/providers/ecpay/config.ts';
import { buildMapForm } from '../../../src/server/providers/logistics/map.ts';
import { parseStoreReply, StoreReplyError } from '../../../src/server/providers/logistics/reply.ts';
import { formsOf, postForm } from '../../helpers/html-forms.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

const ORIGIN = 'http://localhost';
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const account = () => ecpayConfig(shop.deps.env).logistics;
const mapForm = (over: Partial<Parameters<typeof buildMapForm>[0]> = {}) =>
  buildMapForm(
    {
      merchantTradeNo: 'SW2611220030ABCD',
      subType: 'FAMIC2C',
      collection: false,
      replyPath: '/api/checkout/store',
      extraData: 'ck_7Fq2 x~\'"&<',
      device: 'mobile',
      origin: ORIGIN,
      ...over,
    },
    account(),
    'simulator',
  );

describe('the store table', () => {
  it('has a few hundred stores of the four chains in all 22 cities', async () => {
    const k = shop.deps.db.kysely;
    const rows = await k.selectFrom('sim_cvs_stores').select(['brand', 'city', 'district', 'outside']).execute();
    expect(rows.length).toBeGreaterThanOrEqual(200);
    expect(new Set(rows.map((r) => r.brand))).toEqual(new Set(['UNIMART', 'FAMI', 'HILIFE', 'OKMART']));
    expect(new Set(rows.map((r) => r.city))).toEqual(new Set(CITIES.map((c) => c.zh)));
    for (const r of rows)
      expect(CITIES.find((c) => c.zh === r.city)?.districts.some((d) => d.zh === r.district)).toBe(true);
    expect(rows.filter((r) => r.city === '澎湖縣').every((r) => r.outside === 1)).toBe(true);
    expect(rows.filter((r) => r.city === '臺北市').every((r) => r.outside === 0)).toBe(true);
  });
});

describe('map round trip', () => {
  it('opens on the form the adapter builds, searches, and posts the chosen store back with ExtraData unchanged', async () => {
    const form = mapForm();
    expect(form.action).toBe(`${ORIGIN}/api/sim/logistics/Express/map`);
    const opened = await postForm(shop.app, new URL(form.action).pathname, form.fields);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(opened.html).toContain('<html lang="zh-TW">');
    expect(opened.html).toContain('全家便利商店');

    const search = formsOf(opened.html).find((f) => f.fields.city !== undefined)!;
    const found = await postForm(shop.app, search.action, { ...search.fields, city: '台北市', district: '大安區' });
    expect(found.status).toBe(200);
    const choices = formsOf(found.html).filter((f) => f.fields.store);
    expect(choices.length).toBeGreaterThan(0);
    // The district select now lists Taipei's districts with 大安區 chosen.
    expect(formsOf(found.html)[0]?.fields.district).toBe('大安區');

    const choice = choices[0]!;
    expect(choice.fields.ExtraData).toBe(form.fields.ExtraData);
    const posted = await postForm(shop.app, choice.action, choice.fields);
    expect(posted.status).toBe(200);
    const auto = formsOf(posted.html).find((f) => f.id === 'auto')!;
    expect(auto.action).toBe(`${ORIGIN}/api/checkout/store`);
    expect(Object.keys(auto.fields).sort()).toEqual(
      [
        'CVSAddress',
        'CVSOutSide',
        'CVSStoreID',
        'CVSStoreName',
        'CVSTelephone',
        'ExtraData',
        'LogisticsSubType',
        'MerchantID',
        'MerchantTradeNo',
      ].sort(),
    );
    expect(auto.fields.CVSAddress).toMatch(/^台北市大安區/);

    const store = parseStoreReply(auto.fields, account());
    const row = await shop.deps.db.kysely
      .selectFrom('sim_cvs_stores')
      .selectAll()
      .where('brand', '=', 'FAMI')
      .where('store_id', '=', store.storeId)
      .executeTakeFirstOrThrow();
    expect(store).toMatchObject({
      brand: 'FAMI',
      subType: 'FAMIC2C',
      storeName: row.name,
      address: row.address.replace('台', '臺'),
      telephone: row.telephone,
      extraData: 'ck_7Fq2 x~\'"&<',
      merchantTradeNo: 'SW2611220030ABCD',
    });
    expect(store.address).toMatch(/^臺北市大安區/);
  });

  it('finds stores by name or address words and only of the requested chain', async () => {
    const form = mapForm({ subType: 'OKMARTC2C' });
    const rows = await shop.deps.db.kysely
      .selectFrom('sim_cvs_stores')
      .select(['name', 'city'])
      .where('brand', '=', 'OKMART')
      .execute();
    const target = rows[5]!;
    const found = await postForm(shop.app, '/api/sim/logistics/map', { ...form.fields, q: target.name });
    const stores = formsOf(found.html).filter((f) => f.fields.store);
    expect(stores.length).toBeGreaterThanOrEqual(1);
    expect(found.html).toContain(target.name);
    const wrongChain = await postForm(shop.app, '/api/sim/logistics/map/choose', {
      ...form.fields,
      LogisticsSubType: 'UNIMARTC2C',
      store: stores[0]!.fields.store!,
    });
    // OK mart and 7-ELEVEN number their stores differently: an OK mart id is no 7-ELEVEN store.
    expect(wrongChain.status).toBe(400);
    const none = await postForm(shop.app, '/api/sim/logistics/map', { ...form.fields, q: '不存在的門市名稱' });
    expect(none.html).toContain('沒有符合條件的門市');
  });

  it('speaks English to an English browser', async () => {
    const res = await postForm(shop.app, '/api/sim/logistics/map', mapForm().fields, 'en');
    expect(res.html).toContain('<html lang="en">');
    expect(res.html).toContain('Choose a pickup store');
    expect(res.html).toContain('Taipei City');
  });
});

describe('bad input', () => {
  it('names each bad field on a 400 page', async () => {
    const fields = { ...mapForm().fields, LogisticsSubType: 'SEVEN', ServerReplyURL: 'javascript:alert(1)' };
    const res = await postForm(shop.app, '/api/sim/logistics/map', fields, 'en');
    expect(res.status).toBe(400);
    expect(res.html).toContain('LogisticsSubType');
    expect(res.html).toContain('ServerReplyURL');
    expect(res.html).not.toContain('<li>javascript');
  });

  it('refuses another merchant, unknown fields, a long ExtraData, JSON and an unknown store', async () => {
    const ok = mapForm().fields;
    const other = await postForm(shop.app, '/api/sim/logistics/map', { ...ok, MerchantID: '2000132' });
    expect(other.status).toBe(400);
    expect(other.html).toContain('特店編號與設定不符');
    expect((await postForm(shop.app, '/api/sim/logistics/map', { ...ok, Extra: '1' })).status).toBe(400);
    expect((await postForm(shop.app, '/api/sim/logistics/map', { ...ok, ExtraData: 'x'.repeat(21) })).status).toBe(400);
    const json = await shop.app.request('/api/sim/logistics/map', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ok),
    });
    expect(json.status).toBe(400);
    const unknown = await postForm(shop.app, '/api/sim/logistics/map/choose', { ...ok, store: '999999' });
    expect(unknown.status).toBe(400);
    expect(unknown.html).toContain('找不到這間門市');
    expect(() => mapForm({ extraData: 'x'.repeat(21) })).toThrow();
  });

  it('the reply parser refuses malformed or foreign replies', () => {
    const reply = {
      MerchantID: account().merchantId,
      MerchantTradeNo: 'SW1',
      LogisticsSubType: 'UNIMARTC2C',
      CVSStoreID: '131386',
      CVSStoreName: '建盛門市',
      CVSAddress: '台北市內湖區新湖二路168號',
      CVSTelephone: '',
      CVSOutSide: '0',
      ExtraData: '',
    };
    expect(parseStoreReply(reply, account()).address).toBe('臺北市內湖區新湖二路168號');
    expect(() => parseStoreReply({ ...reply, MerchantID: '1' }, account())).toThrow(StoreReplyError);
    expect(() => parseStoreReply({ ...reply, CVSStoreID: '' }, account())).toThrow(StoreReplyError);
    // CVSOutSide is the browser's word: not read (checkStore decides).
    expect(parseStoreReply({ ...reply, CVSOutSide: '2' }, account())).not.toHaveProperty('outlying');
    expect(() => parseStoreReply({ ...reply, LogisticsSubType: 'TCAT' }, account())).toThrow(StoreReplyError);
    const problemOf = (over: Record<string, string>) => {
      try {
        parseStoreReply({ ...reply, ...over }, account());
        return null;
      } catch (err) {
        return err instanceof StoreReplyError ? err.problem : 'other';
      }
    };
    expect(problemOf({ CVSStoreName: '建盛\u001b[2J門市' })).toBe('text');
    expect(problemOf({ CVSAddress: '台北市\u202E內湖區' })).toBe('text');
    expect(problemOf({ CVSTelephone: '02\u0000' })).toBe('text');
    expect(problemOf({ CVSStoreName: '門'.repeat(61) })).toBe('text');
    expect(problemOf({ CVSStoreName: '' })).toBe('malformed');
    expect(problemOf({ CVSStoreName: '建盛\u001b門市', CVSStoreID: '' })).toBe('malformed');
  });
});

describe('production', () => {
  it('refuses the simulator unless ALLOW_SIMULATORS=1', async () => {
    const prod = await createTestShop({ env: { NODE_ENV: 'production' } });
    try {
      const res = await postForm(prod.app, '/api/sim/logistics/map', mapForm().fields);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.html).code).toBe('SIMULATOR_OFF');
    } finally {
      await prod.close();
    }
    const demo = await createTestShop({ env: { NODE_ENV: 'production', ALLOW_SIMULATORS: '1' } });
    try {
      expect((await postForm(demo.app, '/api/sim/logistics/map', mapForm().fields)).status).toBe(200);
    } finally {
      await demo.close();
    }
  });
});
