import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveOrder } from '../../../src/server/orders/order-state.ts';
import { afterMove, invoiceWorkSettled, retryDelay, syncInvoices } from '../../../src/server/payment/invoicing.ts';
import { releaseUnpaid, sweepPayments } from '../../../src/server/payment/sweep.ts';
import { ecpayDateTime } from '../../../src/server/providers/ecpay/fields.ts';
import { placeFixtureOrder } from '../../helpers/order-fixture.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import {
  atmInfo,
  createPaymentShop,
  INFO,
  NOTIFY,
  noticesOf,
  orderFacts,
  paidNotice,
  postForm,
  startAttempt,
} from './payment-helpers.ts';

let shop: TestShop & { origin: string };
beforeAll(async () => {
  shop = await createPaymentShop();
});
afterAll(async () => {
  await invoiceWorkSettled();
  await shop.close();
});

const k = () => shop.deps.db.kysely;
const stockOf = async (variantId: number) =>
  (await k().selectFrom('variants').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow()).stock;
const simInvoices = (no: string) =>
  k().selectFrom('sim_invoices').select(['invoice_no', 'voided_at']).where('relate_number', '=', no).execute();

async function attempt(opts: Parameters<typeof placeFixtureOrder>[1] = {}) {
  const order = await placeFixtureOrder(shop, opts);
  const res = await startAttempt(shop, order.no, order.guestKey);
  return { order, tradeNo: res.json.result.fields.MerchantTradeNo as string };
}

describe('ATM transfer', () => {
  it('keeps the issued account and its deadline, then takes the payment', async () => {
    const { order, tradeNo } = await attempt({ payment: 'atm' });
    const expiry = ecpayDateTime(shop.clock.now() + 3 * 86_400_000).slice(0, 10);
    const info = atmInfo(shop, tradeNo, order.total, expiry);
    expect((await postForm(shop, INFO, info)).text).toBe('1|OK');
    expect((await postForm(shop, INFO, info)).text).toBe('1|OK');
    const row = await k()
      .selectFrom('payment_attempts')
      .select(['state', 'bank_code', 'v_account', 'expires_at'])
      .where('merchant_trade_no', '=', tradeNo)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'issued', bank_code: '812', v_account: '9103522175887271' });
    // The account takes transfers until the end of its last day, Taiwan time.
    expect(ecpayDateTime(Number(row.expires_at))).toBe(`${expiry} 23:59:59`);
    expect(Number((await orderFacts(shop, order.id)).pay_deadline)).toBe(Number(row.expires_at));
    expect((await noticesOf(shop, tradeNo)).map((n) => n.outcome)).toEqual(['issued', 'duplicate']);

    const paid = paidNotice(shop, tradeNo, order.total, { PaymentType: 'ATM_TAISHIN' });
    expect((await postForm(shop, NOTIFY, paid)).text).toBe('1|OK');
    expect((await orderFacts(shop, order.id)).state).toBe('paid');
  });

  it('refuses payment info with a wrong amount or signature', async () => {
    const { order, tradeNo } = await attempt({ payment: 'atm' });
    const wrong = atmInfo(shop, tradeNo, order.total + 1, '2026/11/30');
    expect((await postForm(shop, INFO, wrong)).status).toBe(400);
    const tampered = { ...atmInfo(shop, tradeNo, order.total, '2026/11/30'), vAccount: '9103000000000000' };
    expect((await postForm(shop, INFO, tampered)).status).toBe(400);
    const row = await k()
      .selectFrom('payment_attempts')
      .select(['state', 'v_account'])
      .where('merchant_trade_no', '=', tradeNo)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'new', v_account: '' });
  });
});

describe('unpaid orders', () => {
  it('are released at their deadline, their stock back exactly once even with two sweepers', async () => {
    const { order, tradeNo } = await attempt({ quantity: 2, stock: 10 });
    expect(await stockOf(order.variantId)).toBe(8);
    expect(await releaseUnpaid(shop.deps)).toEqual([]);
    shop.clock.advance(30 * 60_000 + 1);
    const [a, b] = await Promise.all([releaseUnpaid(shop.deps), releaseUnpaid(shop.deps)]);
    expect([...a, ...b].filter((no) => no === order.no)).toHaveLength(1);
    expect(await releaseUnpaid(shop.deps)).toEqual([]);
    expect(await stockOf(order.variantId)).toBe(10);
    const facts = await orderFacts(shop, order.id);
    expect(facts.state).toBe('cancelled');
    expect(facts.events.filter((s) => s === 'cancelled')).toHaveLength(1);
    const row = await k()
      .selectFrom('payment_attempts')
      .select('state')
      .where('merchant_trade_no', '=', tradeNo)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('expired');
  });

  it('take no new attempt once past their deadline, even before the sweeper comes', async () => {
    const { order } = await attempt();
    shop.clock.advance(30 * 60_000 + 1);
    const late = await startAttempt(shop, order.no, order.guestKey);
    expect(late.status).toBe(409);
    expect(late.json.code).toBe('ORDER_NOT_PAYABLE');
    expect(Number((await orderFacts(shop, order.id)).pay_deadline)).toBeLessThan(shop.clock.now());
    await releaseUnpaid(shop.deps);
  });

  it('keep a paid notice that comes after the release, flagged for a refund', async () => {
    const { order, tradeNo } = await attempt({ quantity: 1, stock: 5 });
    shop.clock.advance(30 * 60_000 + 1);
    await releaseUnpaid(shop.deps);
    const res = await postForm(shop, NOTIFY, paidNotice(shop, tradeNo, order.total));
    expect(res.text).toBe('1|OK');
    const facts = await orderFacts(shop, order.id);
    expect(facts.state).toBe('cancelled');
    expect(facts.needs_refund).toBe(1);
    expect(await stockOf(order.variantId)).toBe(5);
    expect(await noticesOf(shop, tradeNo)).toEqual([{ kind: 'notify', verified: 1, outcome: 'paid-after-cancel' }]);
    expect((await postForm(shop, NOTIFY, paidNotice(shop, tradeNo, order.total))).text).toBe('1|OK');
  });

  it('do not lose the race between a paid notice and the sweeper either way', async () => {
    const { order, tradeNo } = await attempt({ quantity: 1, stock: 4 });
    shop.clock.advance(30 * 60_000 + 1);
    const [, res] = await Promise.all([
      releaseUnpaid(shop.deps),
      postForm(shop, NOTIFY, paidNotice(shop, tradeNo, order.total)),
    ]);
    expect(res.text).toBe('1|OK');
    const facts = await orderFacts(shop, order.id);
    if (facts.state === 'paid') expect(await stockOf(order.variantId)).toBe(3);
    else {
      expect(facts.state).toBe('cancelled');
      expect(facts.needs_refund).toBe(1);
      expect(await stockOf(order.variantId)).toBe(4);
    }
  });
});

describe('e-invoice', () => {
  it('is issued once when the order is paid, with its number, random code and date', async () => {
    const { order, tradeNo } = await attempt({ invoice: { type: 'donation', code: '168001' } });
    await postForm(shop, NOTIFY, paidNotice(shop, tradeNo, order.total));
    await invoiceWorkSettled();
    const first = await orderFacts(shop, order.id);
    expect(first.invoice_no).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(first.invoice_random).toMatch(/^\d{4}$/);
    expect(first.invoice_issued_at).not.toBeNull();
    await postForm(shop, NOTIFY, paidNotice(shop, tradeNo, order.total));
    await syncInvoices(shop.deps);
    await invoiceWorkSettled();
    const again = await orderFacts(shop, order.id);
    expect(again.invoice_no).toBe(first.invoice_no);
    expect(await simInvoices(order.no)).toHaveLength(1);
  });

  it('is voided when a paid order is cancelled', async () => {
    const { order, tradeNo } = await attempt({
      invoice: { type: 'company', taxId: '04595257', title: '聲林股份有限公司' },
    });
    await postForm(shop, NOTIFY, paidNotice(shop, tradeNo, order.total));
    await invoiceWorkSettled();
    const now = shop.clock.now();
    const moved = await k()
      .transaction()
      .execute((trx) => moveOrder(trx, { orderId: order.id, to: 'cancelled', now }));
    expect(moved).toBe(true);
    afterMove(shop.deps, order.id, 'cancelled');
    await invoiceWorkSettled();
    const facts = await orderFacts(shop, order.id);
    expect(facts.invoice_voided_at).not.toBeNull();
    const [sim] = await simInvoices(order.no);
    expect(sim?.invoice_no).toBe(facts.invoice_no);
    expect(sim?.voided_at).not.toBeNull();
  });

  it('prints a company invoice picked up at the shop with the shop address', async () => {
    const { order, tradeNo } = await attempt({
      shopPickup: true,
      invoice: { type: 'company', taxId: '04595257', title: '聲林股份有限公司' },
    });
    await postForm(shop, NOTIFY, paidNotice(shop, tradeNo, order.total));
    await invoiceWorkSettled();
    expect((await orderFacts(shop, order.id)).invoice_no).toMatch(/^[A-Z]{2}\d{8}$/);
    const sim = await k()
      .selectFrom('sim_invoices')
      .select('data')
      .where('relate_number', '=', order.no)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(sim.data)).toMatchObject({ Print: '1', CustomerIdentifier: '04595257' });
    expect(JSON.parse(sim.data).CustomerAddr).toContain('復興南路');
  });

  it('waits for delivery on cash on delivery, and is retried by the sweeper when the service fails', async () => {
    const order = await placeFixtureOrder(shop, { payment: 'cod' });
    expect((await syncInvoices(shop.deps)).issued).toBe(0);
    const now = shop.clock.now();
    for (const to of ['shipped', 'delivered'] as const)
      await k()
        .transaction()
        .execute((trx) => moveOrder(trx, { orderId: order.id, to, now }));
    const site = shop.deps.env.SITE_URL;
    shop.deps.env.SITE_URL = 'http://127.0.0.1:9';
    afterMove(shop.deps, order.id, 'delivered');
    await invoiceWorkSettled();
    const failed = await orderFacts(shop, order.id);
    expect(failed.invoice_no).toBeNull();
    expect(failed.invoice_attempts).toBe(1);
    expect(failed.invoice_retry_at).toBe(shop.clock.now() + retryDelay(1));
    shop.deps.env.SITE_URL = site;
    // Not before the backoff has passed.
    expect((await sweepPayments(shop.deps)).issued).toBe(0);
    shop.clock.advance(retryDelay(1));
    const pass = await sweepPayments(shop.deps);
    expect(pass.issued).toBeGreaterThanOrEqual(1);
    const facts = await orderFacts(shop, order.id);
    expect(facts.invoice_no).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(facts.invoice_attempts).toBe(2);
  });
});
