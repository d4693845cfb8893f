import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_MAX_ATTEMPTS, INVOICE_RETRY_MAX_MS } from '../../../src/config.ts';
import { armFault, faultsLeft } from '../../../src/server/common/faults.ts';
import { moveOrder } from '../../../src/server/orders/order-state.ts';
import {
  invoiceProvider,
  invoiceWorkSettled,
  issueInvoice,
  syncInvoices,
  voidInvoice,
} from '../../../src/server/payment/invoicing.ts';
import { ecpayConfig, ecpayEndpoints } from '../../../src/server/providers/ecpay/config.ts';
import { ecpayInvoice } from '../../../src/server/providers/invoice/ecpay-b2c.ts';
import type { InvoiceProvider } from '../../../src/server/providers/invoice/invoice.ts';
import { PERIOD_CLOSED } from '../../../src/server/providers/invoice/simulator.ts';
import { placeFixtureOrder } from '../../helpers/order-fixture.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { createPaymentShop, orderFacts } from './payment-helpers.ts';

let shop: TestShop & { origin: string };
beforeAll(async () => {
  shop = await createPaymentShop();
});
afterAll(async () => {
  armFault('invoice.slow-answer', 0);
  armFault('invoice.rate-limited', 0);
  await invoiceWorkSettled();
  await shop.close();
});

const k = () => shop.deps.db.kysely;
const simInvoices = (no: string) =>
  k().selectFrom('sim_invoices').select(['invoice_no', 'voided_at']).where('relate_number', '=', no).execute();

/** A paid order whose invoice is due (paid directly: nothing issues it in the background). */
async function paidOrder() {
  const order = await placeFixtureOrder(shop, {});
  await k()
    .updateTable('orders')
    .set({ state: 'paid', paid_at: shop.clock.now() })
    .where('id', '=', order.id)
    .execute();
  return order;
}

async function cancel(orderId: number) {
  const now = shop.clock.now();
  const moved = await k()
    .transaction()
    .execute((trx) => moveOrder(trx, { orderId, to: 'cancelled', now }));
  expect(moved).toBe(true);
}

/** The shop's provider, except that Issue gives up after `timeoutMs` (GetIssue and Invalid wait as usual). */
function impatientIssuer(timeoutMs: number): InvoiceProvider {
  const usual = invoiceProvider(shop.deps);
  const impatient = ecpayInvoice({
    account: ecpayConfig(shop.deps.env).invoice,
    baseUrl: ecpayEndpoints('simulator', shop.origin).invoice,
    now: () => shop.clock.now(),
    timeoutMs,
  });
  return { name: usual.name, issue: impatient.issue, getIssue: usual.getIssue, void: usual.void };
}

describe('an invoice stranded at ECPay', () => {
  it('is recorded once through GetIssue when the Issue answer comes too late, and voided on cancel', async () => {
    const order = await paidOrder();
    armFault('invoice.slow-answer', 1);
    expect(await issueInvoice(shop.deps, order.id, impatientIssuer(300))).toBe(true);
    expect(faultsLeft('invoice.slow-answer')).toBe(0);
    const [sim, ...more] = await simInvoices(order.no);
    expect(more).toHaveLength(0);
    const facts = await orderFacts(shop, order.id);
    expect(facts.invoice_no).toBe(sim!.invoice_no);
    expect(facts.invoice_random).toMatch(/^\d{4}$/);
    expect(facts.invoice_issued_at).not.toBeNull();
    expect(facts.invoice_attempts).toBe(1);
    // Nothing left to issue: no second Issue reaches ECPay.
    expect(await issueInvoice(shop.deps, order.id)).toBe(false);
    expect((await syncInvoices(shop.deps)).issued).toBe(0);
    expect(await simInvoices(order.no)).toHaveLength(1);

    await cancel(order.id);
    expect(await voidInvoice(shop.deps, order.id)).toBe(true);
    expect((await simInvoices(order.no))[0]!.voided_at).not.toBeNull();
    expect((await orderFacts(shop, order.id)).invoice_voided_at).not.toBeNull();
  });

  it('ends with one invoice recorded when two issuers ask at once', async () => {
    const order = await paidOrder();
    const results = await Promise.all([issueInvoice(shop.deps, order.id), issueInvoice(shop.deps, order.id)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const sims = await simInvoices(order.no);
    expect(sims).toHaveLength(1);
    expect((await orderFacts(shop, order.id)).invoice_no).toBe(sims[0]!.invoice_no);
  });
});

describe('voids', () => {
  it('stop after INVOICE_MAX_ATTEMPTS refusals, with the order flagged and ECPay called no more', async () => {
    const order = await paidOrder();
    expect(await issueInvoice(shop.deps, order.id)).toBe(true);
    await cancel(order.id);
    const armed = 1000;
    armFault('invoice.rate-limited', armed);
    try {
      for (let pass = 0; pass < INVOICE_MAX_ATTEMPTS + 10; pass++) {
        await syncInvoices(shop.deps);
        shop.clock.advance(INVOICE_RETRY_MAX_MS);
      }
      const calls = armed - faultsLeft('invoice.rate-limited');
      expect(calls).toBe(INVOICE_MAX_ATTEMPTS);
      expect(await voidInvoice(shop.deps, order.id)).toBe(false);
      expect(armed - faultsLeft('invoice.rate-limited')).toBe(INVOICE_MAX_ATTEMPTS);
    } finally {
      armFault('invoice.rate-limited', 0);
    }
    const facts = await orderFacts(shop, order.id);
    expect(facts.invoice_void_attempts).toBe(INVOICE_MAX_ATTEMPTS);
    expect(facts.invoice_voided_at).toBeNull();
    expect(facts.invoice_action_needed).toMatch(/403/);
    expect((await simInvoices(order.no))[0]!.voided_at).toBeNull();
    // The owner hears of it once (issue 30), however many passes saw the flag.
    const alerts = await shop.deps.db.kysely
      .selectFrom('notifications')
      .select(['subject', 'recipient'])
      .where('purpose', '=', 'owner-needs-action')
      .where('order_id', '=', order.id)
      .orderBy('recipient')
      .execute();
    expect(alerts).toEqual([
      { subject: `order:${order.id}:invoice`, recipient: 'owner' },
      { subject: `order:${order.id}:invoice`, recipient: 'webhook' },
    ]);
  });

  it('wait a growing delay after each failure', async () => {
    const order = await paidOrder();
    expect(await issueInvoice(shop.deps, order.id)).toBe(true);
    await cancel(order.id);
    armFault('invoice.rate-limited', 1000);
    try {
      await expect(voidInvoice(shop.deps, order.id)).rejects.toThrow(/403/);
      const first = (await orderFacts(shop, order.id)).invoice_retry_at!;
      expect(first - shop.clock.now()).toBe(60_000);
      expect((await syncInvoices(shop.deps)).failed).toBe(0);
      shop.clock.advance(60_000);
      expect((await syncInvoices(shop.deps)).failed).toBe(1);
      expect((await orderFacts(shop, order.id)).invoice_retry_at! - shop.clock.now()).toBe(120_000);
    } finally {
      armFault('invoice.rate-limited', 0);
    }
    shop.clock.advance(120_000);
    expect((await syncInvoices(shop.deps)).voided).toBe(1);
    const facts = await orderFacts(shop, order.id);
    expect(facts.invoice_voided_at).not.toBeNull();
    expect(facts.invoice_action_needed).toBeNull();
  });

  it('stop at once when the tax period is closed, with ECPay’s message on the order', async () => {
    const order = await paidOrder();
    expect(await issueInvoice(shop.deps, order.id)).toBe(true);
    await cancel(order.id);
    // Issued in November: the November–December period can be voided until 14 January.
    shop.clock.advance(60 * 86_400_000);
    expect((await syncInvoices(shop.deps)).failed).toBe(1);
    const facts = await orderFacts(shop, order.id);
    expect(facts.invoice_action_needed).toBe(PERIOD_CLOSED.msg);
    expect(facts.invoice_void_attempts).toBe(1);
    shop.clock.advance(INVOICE_RETRY_MAX_MS);
    expect(await syncInvoices(shop.deps)).toMatchObject({ voided: 0, failed: 0 });
    expect((await orderFacts(shop, order.id)).invoice_void_attempts).toBe(1);
    expect((await simInvoices(order.no))[0]!.voided_at).toBeNull();
  });
});
