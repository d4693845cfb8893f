import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTransport } from '../../../src/lib/api/browser.ts';
import { ordersApi } from '../../../src/lib/api/orders.ts';
import { emptyDraft } from '../../../src/lib/returns/return-form.ts';
import {
  $returns,
  loadReturns,
  resetReturnsForTests,
  sendReturn,
  withdrawReturn,
} from '../../../src/stores/returns.ts';
import { createPaymentShop } from '../../api/payment/payment-helpers.ts';
import { BANK, countReturns, deliveredOrder } from '../../api/returns/returns-helpers.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { installFakeBrowser } from '../support/fake-browser.ts';

// The store talks to the real shop API, in process: no mock of our own API.
let shop: TestShop & { origin: string };
let browser: ReturnType<typeof installFakeBrowser>;
beforeAll(async () => {
  shop = await createPaymentShop();
  useTransport(async (input, init) => shop.app.request(input instanceof Request ? input : String(input), init));
});
afterAll(() => shop.close());
beforeEach(() => {
  browser = installFakeBrowser('http://shop.test/en/cart/result');
  resetReturnsForTests();
});
afterEach(() => browser.uninstall());

describe('$returns on a guest’s private order page', () => {
  it('reads the period, checks the form in the page, then shows the server’s field errors beside the fields', async () => {
    const o = await deliveredOrder(shop, { payment: 'cod', second: 1 });
    const order = await ordersApi.get(o.no, o.guestKey);
    await loadReturns(o.no, o.guestKey);
    expect($returns.get()).toMatchObject({ loading: false, list: [], window: { days: 7 } });
    expect($returns.get().window?.until).toBeGreaterThan(shop.clock.now());

    // The page's own check: nothing is sent.
    const noBank = { ...emptyDraft(), bank: { code: '812', account: '12', holder: '陳大文' } };
    expect(await sendReturn(order, noBank, 'en')).toBe(false);
    expect($returns.get().errors).toEqual({ 'bank.account': 'The account number is 10 to 16 digits.' });
    expect(await countReturns(shop, o.id)).toBe(0);

    // The server's: one line asked twice over what is left, after another request took it.
    const first = { ...emptyDraft(), scope: 'some' as const, quantities: { [o.skus[1]!]: 1 }, bank: BANK };
    expect(await sendReturn(order, first, 'en')).toBe(true);
    const s = $returns.get();
    expect(s.list).toHaveLength(1);
    expect(s.sentId).toBe(s.list[0]?.id);
    expect(s.list[0]?.bank).toEqual({ code: '812', account: '********9012', holder: '陳大文' });
    // Another tab's view of the order, from before that request: it still offers the line.
    $returns.setKey('list', []);
    expect(await sendReturn(order, first, 'en')).toBe(false);
    expect($returns.get().errors).toEqual({ [`lines.${o.skus[1]}`]: 'At most 0 of this item can still be returned.' });
    expect($returns.get().sending).toBe(false);
    expect(await countReturns(shop, o.id)).toBe(1);
  });

  it('withdraws a request not yet received: the answer replaces it in the list', async () => {
    const o = await deliveredOrder(shop, { payment: 'credit' });
    const order = await ordersApi.get(o.no, o.guestKey);
    await loadReturns(o.no, o.guestKey);
    expect(await sendReturn(order, emptyDraft(), 'zh-TW')).toBe(true);
    const id = $returns.get().list[0]!.id;
    expect(await withdrawReturn(id)).toBe(true);
    expect($returns.get().list.map((r) => [r.id, r.state])).toEqual([[id, 'cancelled']]);
    expect(await withdrawReturn(id)).toBe(false);
    expect($returns.get().withdrawError?.id).toBe(id);
    expect($returns.get().withdrawing).toBeNull();
  });
});
