import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerBuildProbe, registerOutboxPending } from '../../../src/server/ops/probes.ts';
import { invoiceWorkSettled } from '../../../src/server/payment/invoicing.ts';
import { sweepPayments } from '../../../src/server/payment/sweep.ts';
import { placeFixtureOrder } from '../../helpers/order-fixture.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFailure as expectFail } from '../../helpers/wire-asserts.ts';
import { createPaymentShop, NOTIFY, postForm } from '../payment/payment-helpers.ts';
import { scriptedPurchase } from './observability-helpers.ts';

/** Issue 30, part 4: GET /api/metrics in Prometheus' text format. */
let shop: TestShop & { origin: string };
beforeAll(async () => {
  shop = await createPaymentShop();
});
afterAll(async () => {
  await invoiceWorkSettled();
  await shop.close();
});
afterEach(() => {
  registerOutboxPending(() => 0);
  registerBuildProbe(null);
});

async function scrape(s: TestShop = shop): Promise<string> {
  const r = await s.app.request('/api/metrics');
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return r.text();
}

/** The value of one sample, `name{labels}` exactly as prom-client writes it; undefined when absent. */
/** shop_orders_total of `event` summed over the payment methods, or undefined when no series has it. */
function ordersOf(text: string, event: string): number | undefined {
  const lines = text.split('\n').filter((l) => l.startsWith(`shop_orders_total{event="${event}",method="`));
  return lines.length ? lines.reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0) : undefined;
}

function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('access', () => {
  it('refuses a request from elsewhere without the token, in both languages', async () => {
    expectFail(await shop.call('GET', '/api/metrics', { ip: '203.0.113.9' }), 403, 'METRICS_REFUSED');
    const en = await shop.call('GET', '/api/metrics', { ip: '203.0.113.9', lang: 'en' });
    expect(en.json.message).toContain('METRICS_TOKEN');
  });

  it('answers this machine, but not a request that came through a proxy', async () => {
    expect((await shop.call('GET', '/api/metrics', { ip: '127.0.0.1' })).status).toBe(200);
    expect((await shop.call('GET', '/api/metrics', { ip: '::1' })).status).toBe(200);
    const proxied = await shop.call('GET', '/api/metrics', {
      ip: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expectFail(proxied, 403, 'METRICS_REFUSED');
  });

  it('is not local behind a same-host proxy that names itself only in X-Real-IP, Via, Forwarded or Host', async () => {
    for (const host of ['localhost', 'localhost:4321', '127.0.0.1:4321', '[::1]:4321', '[::1]'])
      expect((await shop.call('GET', '/api/metrics', { ip: '127.0.0.1', headers: { host } })).status, host).toBe(200);
    const through: Record<string, string>[] = [
      { 'x-real-ip': '127.0.0.1' },
      { via: '1.1 nginx' },
      { forwarded: 'for=127.0.0.1' },
      { host: 'shop.example.tw' },
      { host: 'shop.example.tw:443' },
      { host: '10.0.0.5:4321' },
    ];
    for (const headers of through)
      expectFail(await shop.call('GET', '/api/metrics', { ip: '127.0.0.1', headers }), 403, 'METRICS_REFUSED');
    // With the token, a proxy in front is no obstacle.
    const guarded = await createTestShop({ env: { METRICS_TOKEN: 'metrics-token-0123456789' } });
    try {
      const r = await guarded.call('GET', '/api/metrics', {
        ip: '127.0.0.1',
        token: 'metrics-token-0123456789',
        headers: { 'x-real-ip': '203.0.113.9', via: '1.1 nginx', host: 'shop.example.tw' },
      });
      expect(r.status).toBe(200);
    } finally {
      await guarded.close();
    }
  });

  it('answers a monitor elsewhere that sends METRICS_TOKEN as a Bearer token, and only the right one', async () => {
    const guarded = await createTestShop({ env: { METRICS_TOKEN: 'metrics-token-0123456789' } });
    try {
      const ok = await guarded.call('GET', '/api/metrics', { ip: '203.0.113.9', token: 'metrics-token-0123456789' });
      expect(ok.status).toBe(200);
      expect(ok.json).toContain('shop_orders_total');
      const wrong = await guarded.call('GET', '/api/metrics', { ip: '203.0.113.9', token: 'metrics-token-0123456780' });
      expectFail(wrong, 403, 'METRICS_REFUSED');
    } finally {
      await guarded.close();
    }
  });
});

describe('after a purchase', () => {
  it('counts the order placed and paid, and the notice applied, repeated and refused', async () => {
    const before = await scrape();
    const bought = await scriptedPurchase(shop);
    expect((await postForm(shop, NOTIFY, bought.notice)).text).toBe('1|OK');
    await postForm(shop, NOTIFY, { ...bought.notice, CheckMacValue: '0'.repeat(64) });
    const after = await scrape();
    const moved = (series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
    const orders = (event: string) => (ordersOf(after, event) ?? 0) - (ordersOf(before, event) ?? 0);
    expect(orders('placed')).toBe(1);
    expect(orders('paid')).toBe(1);
    expect(orders('cancelled')).toBe(0);
    // Counted under the order's payment method.
    expect(moved(`shop_orders_total{event="placed",method="credit"}`)).toBe(1);
    expect(moved('shop_payment_notices_total{result="applied"}')).toBe(1);
    expect(moved('shop_payment_notices_total{result="repeated"}')).toBe(1);
    expect(moved('shop_payment_notices_total{result="refused"}')).toBe(1);
    for (const event of ['released', 'completed'])
      for (const method of ['credit', 'apple_pay', 'twqr', 'atm', 'cod'])
        expect(sample(after, `shop_orders_total{event="${event}",method="${method}"}`)).toBeDefined();
    // Request durations by route pattern: the order's number is not a label.
    expect(
      sample(after, 'http_request_duration_seconds_count{method="POST",route="/api/orders",status="201"}'),
    ).toBeGreaterThan(0);
    expect(after).toContain('route="/api/orders/:no/payment"');
    expect(after).not.toContain(bought.no);
  });

  it("counts an order released by the sweeper and shows the sweeper's last run", async () => {
    const before = await scrape();
    await placeFixtureOrder(shop);
    await shop.deps.db.kysely
      .updateTable('orders')
      .set({ pay_deadline: shop.clock.now() - 1 })
      .where('state', '=', 'awaiting_payment')
      .execute();
    const { released } = await sweepPayments(shop.deps);
    expect(released).toBeGreaterThan(0);
    const after = await scrape();
    expect((ordersOf(after, 'released') ?? 0) - (ordersOf(before, 'released') ?? 0)).toBe(released);
    expect(sample(after, 'shop_sweeper_last_run_seconds')).toBe(Math.floor(shop.clock.now() / 1000));
  });
});

describe('gauges', () => {
  it('orders needing action: flagged for a refund or an invoice action (reason="flagged"), beside the returns’ reasons', async () => {
    const series = 'shop_orders_needing_action{reason="flagged"}';
    const text = await scrape();
    const before = sample(text, series) ?? -1;
    for (const reason of ['return_to_approve', 'return_to_inspect', 'return_to_refund', 'return_refund_failed'])
      expect(sample(text, `shop_orders_needing_action{reason="${reason}"}`), reason).toBe(0);
    const o = await placeFixtureOrder(shop);
    await shop.deps.db.kysely.updateTable('orders').set({ needs_refund: 1 }).where('id', '=', o.id).execute();
    expect(sample(await scrape(), series)).toBe(before + 1);
  });

  it('the outbox count comes from the provider the outbox registers (0 without one)', async () => {
    expect(sample(await scrape(), 'shop_outbox_pending')).toBe(0);
    registerOutboxPending(async () => 7);
    expect(sample(await scrape(), 'shop_outbox_pending')).toBe(7);
  });

  it("the build age is absent for an API without pages, and the live build's age for one with", async () => {
    expect(await scrape()).not.toMatch(/^shop_build_age_seconds\{/m);
    registerBuildProbe(() => ({ id: 'b-42', timestamp: Date.now() - 90_000 }));
    const age = sample(await scrape(), 'shop_build_age_seconds{build="b-42"}');
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(3_600);
  });

  it('includes the process defaults', async () => {
    const text = await scrape();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_heap_size_used_bytes');
  });
});
