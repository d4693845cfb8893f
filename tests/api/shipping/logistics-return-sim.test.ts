import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecpayConfig, SIMULATOR_BASES } from '../../../src/server/providers/ecpay/config.ts';
import { ecpayLogistics } from '../../../src/server/providers/logistics/adapter.ts';
import { brandOf, type CvsSubType } from '../../../src/server/providers/logistics/cvs.ts';
import {
  ExpressRefusal,
  ExpressRequestError,
  type ExpressSubType,
} from '../../../src/server/providers/logistics/express.ts';
import {
  createHomeReturn,
  createStoreReturn,
  parseReturnNotice,
  type ReturnChain,
  ReturnNoticeError,
  returnStatusOf,
} from '../../../src/server/providers/logistics/express-return.ts';
import { advanceReturnParcel } from '../../../src/server/providers/logistics/simulator-return.ts';
import { startReceiver } from '../../helpers/notice-receiver.ts';
import { createTestShop, listening, type TestShop } from '../../helpers/test-app.ts';

/** ECPay's return logistics orders against the logistics simulator over HTTP, and their status notices. */

let shop: TestShop & { origin: string };
let origin: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  shop = await listening(await createTestShop());
  origin = shop.origin;
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await shop.close();
});

const account = () => ecpayConfig(shop.deps.env).logistics;
const opts = () => ({ account: account(), baseUrl: `${origin}${SIMULATOR_BASES.logistics}` });
const NOTICES = '/return-notice';

let seq = 0;
/** An outbound logistics order of `subType`, as the shop's shipping would create it. */
async function outbound(subType: ExpressSubType) {
  const home = subType === 'TCAT' || subType === 'POST';
  const store = home
    ? undefined
    : await shop.deps.db.kysely
        .selectFrom('sim_cvs_stores')
        .select('store_id')
        .where('brand', '=', brandOf(subType as CvsSubType))
        .executeTakeFirstOrThrow();
  const party = { name: '聲林音響', cellPhone: '0912345678', zipCode: '106', address: '臺北市大安區復興南路一段1號' };
  return ecpayLogistics({ ...opts(), now: () => shop.clock.now() }).create({
    merchantTradeNo: `RT${Date.now() % 1e9}${seq++}`,
    tradeDate: shop.clock.now(),
    subType,
    goodsAmount: 1990,
    goodsName: '耳機架',
    collection: false,
    sender: party,
    receiver: { ...party, name: '王小明', storeId: store?.store_id },
    serverReplyUrl: `${receiver.origin}/outbound-notice`,
  });
}
const storeReturn = (chain: ReturnChain, logisticsId?: string, over: { name?: string } = {}) =>
  createStoreReturn(opts(), {
    chain,
    logisticsId,
    goodsName: '耳機架',
    goodsAmount: 1990,
    sender: { name: over.name ?? '王小明', cellPhone: '0912345678' },
    serverReplyUrl: `${receiver.origin}${NOTICES}`,
  });

describe('store returns', () => {
  for (const [chain, subType] of [
    ['UNIMART', 'UNIMARTC2C'],
    ['FAMI', 'FAMIC2C'],
    ['HILIFE', 'HILIFEC2C'],
  ] as const) {
    it(`${chain}: books the return of a parcel, and its notices follow it back to the shop`, async () => {
      const order = await outbound(subType);
      const booked = await storeReturn(chain, order.logisticsId);
      expect(booked.rtnMerchantTradeNo).toMatch(/^\d{1,20}$/);
      expect(booked.rtnOrderNo).toMatch(chain === 'HILIFE' ? /^\d{13}$/ : /^\d{12}$/);
      const before = receiver.at(NOTICES).length;
      expect(await advanceReturnParcel(shop.deps, booked.rtnMerchantTradeNo!, 'handed_over')).toEqual(['4001']);
      const sent = await advanceReturnParcel(shop.deps, booked.rtnMerchantTradeNo!, 'returned');
      expect(sent).toHaveLength(2);
      const notices = receiver
        .at(NOTICES)
        .slice(before)
        .map((r) => parseReturnNotice(r.fields, account()));
      expect(notices.map((n) => returnStatusOf(chain, n.rtnCode))).toEqual(['handed_over', 'at_centre', 'returned']);
      expect(notices[0]).toMatchObject({
        rtnMerchantTradeNo: booked.rtnMerchantTradeNo,
        logisticsId: order.logisticsId,
        goodsAmount: 1990,
      });
      expect(await advanceReturnParcel(shop.deps, booked.rtnMerchantTradeNo!, 'returned')).toEqual([]);
    });
  }

  it('books a return without an outbound order, and refuses what ECPay refuses', async () => {
    expect((await storeReturn('FAMI')).rtnOrderNo).toMatch(/^\d{12}$/);
    await expect(storeReturn('UNIMART', '1234567890')).rejects.toThrow(ExpressRefusal);
    const fami = await outbound('FAMIC2C');
    await expect(storeReturn('UNIMART', fami.logisticsId)).rejects.toThrow(ExpressRefusal);
    await expect(storeReturn('FAMI', undefined, { name: '王' })).rejects.toThrow(ExpressRequestError);
  });
});

describe('home returns', () => {
  it('books the return of a T-CAT parcel (1|OK); its notices carry the return number and booking note', async () => {
    const order = await outbound('TCAT');
    expect(
      await createHomeReturn(opts(), {
        logisticsId: order.logisticsId,
        goodsAmount: 1990,
        serverReplyUrl: `${receiver.origin}${NOTICES}`,
      }),
    ).toEqual({
      rtnMerchantTradeNo: null,
      rtnOrderNo: null,
    });
    const row = await shop.deps.db.kysely
      .selectFrom('sim_logistics_returns')
      .selectAll()
      .where('logistics_id', '=', order.logisticsId)
      .executeTakeFirstOrThrow();
    const before = receiver.at(NOTICES).length;
    expect(await advanceReturnParcel(shop.deps, row.rtn_merchant_trade_no, 'returned')).toEqual(['3006', '5008']);
    const notices = receiver
      .at(NOTICES)
      .slice(before)
      .map((r) => parseReturnNotice(r.fields, account()));
    expect(notices.map((n) => returnStatusOf('TCAT', n.rtnCode))).toEqual(['handed_over', 'returned']);
    expect(notices[1]).toMatchObject({ rtnMerchantTradeNo: row.rtn_merchant_trade_no, logisticsId: order.logisticsId });
    expect(notices[1]!.bookingNote).toMatch(/^\d{12}$/);
  });

  it('refuses a Chunghwa Post parcel (no return service) and an unknown one', async () => {
    const post = await outbound('POST');
    const ask = (logisticsId: string) =>
      createHomeReturn(opts(), { logisticsId, goodsAmount: 1990, serverReplyUrl: `${receiver.origin}${NOTICES}` });
    await expect(ask(post.logisticsId)).rejects.toThrow(/中華郵政/);
    await expect(ask('1')).rejects.toThrow(ExpressRefusal);
  });
});

describe('return numbers', () => {
  it('are never drawn twice: 150 returns booked in one second (the clock stands still) get 150 numbers', async () => {
    // The number is the second and 4 random digits; without a second draw, two of 150 collide more often than not.
    const booked = [];
    for (let i = 0; i < 150; i++) booked.push(await storeReturn('UNIMART'));
    const numbers = booked.map((b) => b.rtnMerchantTradeNo);
    expect(new Set(numbers).size).toBe(150);
    const rows = await shop.deps.db.kysely
      .selectFrom('sim_logistics_returns')
      .select('rtn_merchant_trade_no')
      .where('rtn_merchant_trade_no', 'in', numbers as string[])
      .execute();
    expect(rows).toHaveLength(150);
  });
});

describe('return notices', () => {
  it('refuses a notice whose signature does not match', async () => {
    const booked = await storeReturn('UNIMART');
    const before = receiver.at(NOTICES).length;
    await advanceReturnParcel(shop.deps, booked.rtnMerchantTradeNo!, 'handed_over');
    const [posted] = receiver.at(NOTICES).slice(before);
    expect(() => parseReturnNotice({ ...posted!.fields, RtnCode: '2070' }, account())).toThrow(ReturnNoticeError);
  });
});

describe('the dev control', () => {
  it('POST /api/dev/logistics/return-advance walks a return parcel; 409 for an unknown one', async () => {
    const booked = await storeReturn('FAMI');
    const res = await shop.call('POST', '/api/dev/logistics/return-advance', {
      body: { rtn_merchant_trade_no: booked.rtnMerchantTradeNo, to: 'at_centre' },
    });
    expect(res.status).toBe(200);
    expect(res.json.result).toEqual({ sent: ['4001', '4002'] });
    const unknown = await shop.call('POST', '/api/dev/logistics/return-advance', {
      body: { rtn_merchant_trade_no: '999', to: 'returned' },
    });
    expect(unknown.status).toBe(409);
    const bad = await shop.call('POST', '/api/dev/logistics/return-advance', {
      body: { rtn_merchant_trade_no: booked.rtnMerchantTradeNo, to: 'lost' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('production', () => {
  it('refuses the after-sale simulator routes unless ALLOW_SIMULATORS=1', async () => {
    const prod = await createTestShop({ env: { NODE_ENV: 'production' } });
    try {
      for (const path of [
        '/api/sim/ecpay/CreditDetail/DoAction',
        '/api/sim/ecpay/CreditDetail/QueryTrade/V2',
        '/api/sim/ecpay/invoice/B2CInvoice/Allowance',
        '/api/sim/ecpay/invoice/B2CInvoice/AllowanceInvalid',
        '/api/sim/ecpay/invoice/B2CInvoice/GetAllowanceList',
        '/api/sim/logistics/express/ReturnUniMartCVS',
        '/api/sim/logistics/express/ReturnCVS',
        '/api/sim/logistics/express/ReturnHilifeCVS',
        '/api/sim/logistics/Express/ReturnHome',
      ]) {
        const res = await prod.app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'MerchantID=1',
        });
        expect(res.status, path).toBe(403);
        expect((await res.json()).code, path).toBe('SIMULATOR_OFF');
      }
    } finally {
      await prod.close();
    }
  });
});
