import { describe, expect, it } from 'vitest';
import { receiverNameError } from '../../src/lib/taiwan/receiver.ts';
import { checkMacValue } from '../../src/server/providers/ecpay/check-mac.ts';
import { STAGE_ACCOUNTS } from '../../src/server/providers/ecpay/config.ts';
import {
  type CreateRequest,
  createFields,
  ExpressRefusal,
  ExpressRequestError,
  goodsNameOf,
  isExpressName,
  nameWidth,
  parseCreateAnswer,
  printForm,
} from '../../src/server/providers/logistics/express.ts';
import { pathTo, statusOfCode } from '../../src/server/providers/logistics/status.ts';

const account = STAGE_ACCOUNTS.logistics;

const request = (over: Partial<CreateRequest> = {}): CreateRequest => ({
  merchantTradeNo: '20261123X7K2P9Q',
  tradeDate: Date.UTC(2026, 10, 23, 4, 0, 0),
  subType: 'UNIMARTC2C',
  goodsAmount: 1990,
  goodsName: 'Audio-Technica ATH-M50x',
  collection: true,
  sender: { name: '聲林音響', phone: '0227715083', cellPhone: '' },
  receiver: { name: '陳大文', cellPhone: '0912345678', storeId: '131386' },
  serverReplyUrl: 'https://shop.example/api/shipments/ecpay/notify',
  ...over,
});

describe('ECPay logistics protocol', () => {
  it("signs with MD5 as ECPay's test vector says (ECPay-API-Skill guides/13-checkmacvalue.md)", () => {
    const params = {
      MerchantID: '2000132',
      LogisticsType: 'CVS',
      LogisticsSubType: 'UNIMART',
      MerchantTradeDate: '2025/01/01 12:00:00',
    };
    expect(checkMacValue(params, { hashKey: '5294y06JbISpM5x9', hashIV: 'v77hoKGq4kWxNNIS' }, 'md5')).toBe(
      '545E6146FD45BDA683C88454DB34CE8D',
    );
  });

  it('counts name width as ECPay does: 4 to 10, a Chinese character counts two', () => {
    expect(nameWidth('陳大文')).toBe(6);
    expect(isExpressName('陳大文')).toBe(true);
    expect(isExpressName('王')).toBe(false);
    expect(isExpressName('歐陽菲菲小姐')).toBe(false);
    expect(isExpressName('Amy Lin')).toBe(true);
    expect(isExpressName('Amy@Lin')).toBe(false);
  });

  it('refuses at Express/Create exactly the receiver names the checkout refuses (one shared rule)', () => {
    const names = [
      '陳大文',
      'Amy Lin',
      'Mary J',
      'Mary Johnson',
      '司馬相如先生',
      'Li',
      'Amy<b>',
      'Tom & Jo',
      '王小明2',
      'Ann "J"',
    ];
    for (const name of names) {
      const home = request({
        subType: 'TCAT',
        receiver: { name, cellPhone: '0912345678', zipCode: '106', address: '臺北市大安區復興南路一段 1 號' },
        sender: { name: '聲林音響', phone: '0227715083', cellPhone: '', zipCode: '106', address: '臺北市大安區' },
      });
      const booked = (() => {
        try {
          createFields(home, account);
          return true;
        } catch (e) {
          if (!(e instanceof ExpressRequestError)) throw e;
          return false;
        }
      })();
      expect(booked, name).toBe(receiverNameError('home', name) === undefined);
    }
  });

  it('builds GoodsName within 50 characters without forbidden characters', () => {
    expect(goodsNameOf(['A&B "C"', 'D<E>'])).toBe('A B C D E');
    const long = goodsNameOf(['耳機'.repeat(40)]);
    expect([...long]).toHaveLength(50);
    expect(long.endsWith('…')).toBe(true);
  });

  it('sends CollectionAmount for pay at pickup, and always for 7-ELEVEN', () => {
    const f = createFields(request(), account);
    expect(f).toMatchObject({
      LogisticsType: 'CVS',
      LogisticsSubType: 'UNIMARTC2C',
      IsCollection: 'Y',
      CollectionAmount: '1990',
      MerchantTradeDate: '2026/11/23 12:00:00',
      ReceiverStoreID: '131386',
    });
    expect(f.CheckMacValue).toBe(checkMacValue(f, account, 'md5'));
    expect(createFields(request({ collection: false }), account).CollectionAmount).toBe('1990');
    expect(createFields(request({ collection: false, subType: 'FAMIC2C' }), account).CollectionAmount).toBeUndefined();
  });

  it('refuses what ECPay refuses', () => {
    expect(() => createFields(request({ goodsAmount: 20_001 }), account)).toThrow(ExpressRequestError);
    expect(() =>
      createFields(request({ receiver: { name: '王', cellPhone: '0912345678', storeId: '1' } }), account),
    ).toThrow(/ReceiverName/);
    expect(() => createFields(request({ subType: 'TCAT' }), account)).toThrow(/postal codes/);
    expect(() => createFields(request({ merchantTradeNo: '2026-1123' }), account)).toThrow(/MerchantTradeNo/);
  });

  it('reads Create answers: 1| with fields, 0| refused, anything else unclear', () => {
    const ok = parseCreateAnswer(
      '1|MerchantTradeNo=A1&RtnCode=300&RtnMsg=%E8%A8%82%E5%96%AE%E8%99%95%E7%90%86%E4%B8%AD&AllPayLogisticsID=1718546&CVSPaymentNo=F0015091&CVSValidationNo=3207',
    );
    expect(ok).toMatchObject({
      logisticsId: '1718546',
      cvsPaymentNo: 'F0015091',
      cvsValidationNo: '3207',
      rtnCode: '300',
    });
    expect(() => parseCreateAnswer('0|ReceiverStoreID 錯誤')).toThrow(ExpressRefusal);
    expect(() => parseCreateAnswer('<html>')).toThrow(/Not an answer/);
  });

  it('maps status codes per chain and walks each chain to the store', () => {
    expect(statusOfCode('UNIMARTC2C', '2030')).toBe('shipped');
    expect(statusOfCode('UNIMARTC2C', '2063')).toBe('arrived');
    expect(statusOfCode('UNIMARTC2C', '2067')).toBe('picked_up');
    expect(statusOfCode('UNIMARTC2C', '2074')).toBe('unclaimed');
    expect(statusOfCode('FAMIC2C', '3022')).toBe('picked_up');
    expect(statusOfCode('TCAT', '5005')).toBe('delivered');
    expect(statusOfCode('FAMIC2C', '7006')).toBeNull();
    expect(pathTo('UNIMARTC2C', 'unclaimed').map((s) => s.code)).toEqual(['2030', '2063', '2074']);
    expect(pathTo('POST', 'picked_up').map((s) => s.status)).toEqual(['shipped', 'delivered']);
    expect(pathTo('TCAT', 'unclaimed')).toEqual([]);
  });

  it('opens the print page of the chain with the fields it needs', () => {
    const base = 'https://logistics-stage.ecpay.com.tw';
    const o = { logisticsId: '1718546', cvsPaymentNo: 'F0015091', cvsValidationNo: '3207' };
    const seven = printForm(base, account, { ...o, subType: 'UNIMARTC2C' });
    expect(seven.action).toBe(`${base}/Express/PrintUniMartC2COrderInfo`);
    expect(Object.keys(seven.fields).sort()).toEqual([
      'AllPayLogisticsID',
      'CVSPaymentNo',
      'CVSValidationNo',
      'CheckMacValue',
      'MerchantID',
    ]);
    expect(printForm(base, account, { ...o, subType: 'FAMIC2C' }).fields.CVSValidationNo).toBeUndefined();
    const home = printForm(base, account, { ...o, subType: 'TCAT' });
    expect(home.action).toBe(`${base}/helper/printTradeDocument`);
    expect(home.fields.CVSPaymentNo).toBeUndefined();
  });
});
