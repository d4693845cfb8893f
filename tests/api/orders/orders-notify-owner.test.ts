import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentCode } from '../../../src/server/checkout/checkout.schemas.ts';
import { PAYMENT_NAMES } from '../../../src/server/checkout/checkout-text.ts';
import { sendDue } from '../../../src/server/notify/sender.ts';
import { signBody } from '../../../src/server/notify/webhook.ts';
import { createTestShop, TestClock, type TestShop } from '../../helpers/test-app.ts';
import { okResult } from '../../helpers/wire-asserts.ts';
import { pickVariants } from '../cart/cart-helpers.ts';
import { bodyFor, memberBuyer, order } from './orders-helpers.ts';

const OWNER = 'owner@soundwood.tw';
const SECRET = 'a-webhook-secret-of-some-length';

/** A local receiver of the webhook: it checks the signature itself and answers `status` (200 unless set). */
interface Hook {
  server: Server;
  url: string;
  got: { body: string; signature: string; valid: boolean; delivery: string }[];
  status: number;
}

async function startHook(): Promise<Hook> {
  const hook: Hook = { server: createServer(), url: '', got: [], status: 200 };
  hook.server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signature = String(req.headers['x-shop-signature'] ?? '');
      const expected = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
      hook.got.push({
        body,
        signature,
        valid: signature === expected,
        delivery: String(req.headers['x-shop-delivery']),
      });
      res.statusCode = hook.status;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => hook.server.listen(0, '127.0.0.1', () => resolve()));
  hook.url = `http://127.0.0.1:${(hook.server.address() as AddressInfo).port}/hook`;
  return hook;
}

let shop: TestShop;
let hook: Hook;
// 2026-11-21 10:00 Taipei.
const clock = new TestClock(Date.UTC(2026, 10, 21, 2, 0, 0));
beforeAll(async () => {
  hook = await startHook();
  shop = await createTestShop({
    seeded: true,
    clock,
    env: {
      SHOP_NOTIFY_EMAIL: [OWNER],
      SHOP_NOTIFY_WEBHOOK: hook.url,
      SHOP_NOTIFY_WEBHOOK_SECRET: SECRET,
      LOW_STOCK_AT: 3,
    },
  });
});
afterAll(async () => {
  await shop.close();
  await new Promise<void>((resolve) => hook.server.close(() => resolve()));
});

const ownerMails = async () =>
  okResult(await shop.call('GET', `/api/dev/email-outbox?email=${encodeURIComponent(OWNER)}`)).reverse() as {
    purpose: string;
    subject: string;
    text: string;
  }[];
const hookEvents = () => hook.got.map((g) => JSON.parse(g.body) as Record<string, unknown>);

describe("the owner's alerts", () => {
  it('a variant falling to LOW_STOCK_AT: one mail and one signed webhook per crossing', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    await sendDue(shop.deps);
    const before = { mails: (await ownerMails()).length, hooks: hook.got.length };
    const buy = async (n: number) => {
      const b = await memberBuyer(shop, [[v!, n]]);
      const r = await order(shop, b, bodyFor(b, { payment: 'credit' }));
      expect(r.status).toBe(201);
      return { b, no: r.json.result.no as string };
    };
    const first = await buy(1); // 5 → 4: above
    const second = await buy(1); // 4 → 3: crosses
    await buy(1); // 3 → 2: already below
    await sendDue(shop.deps);
    const low = (await ownerMails()).slice(before.mails).filter((m) => m.purpose === 'owner-low-stock');
    expect(low).toHaveLength(1);
    expect(low[0]!.text).toContain(v!.sku);
    expect(low[0]!.text).toContain('庫存剩 3 件');
    const events = hookEvents().slice(before.hooks);
    expect(events.filter((e) => e.purpose === 'owner-low-stock')).toEqual([
      expect.objectContaining({ purpose: 'owner-low-stock', sku: v!.sku, stock: 3, at: 3 }),
    ]);
    expect(hook.got.every((g) => g.valid)).toBe(true);
    expect(hook.got[0]!.signature).toMatch(/^sha256=[0-9a-f]{64}$/);

    // Stock back above (two cancels: 2 → 4), then down again: a new crossing, a new alert.
    for (const o of [first, second])
      okResult(await shop.call('POST', `/api/orders/${o.no}/cancel`, { body: {}, token: o.b.token }));
    await buy(1);
    await sendDue(shop.deps);
    expect((await ownerMails()).slice(before.mails).filter((m) => m.purpose === 'owner-low-stock')).toHaveLength(2);
  });

  it('retries the webhook while it answers an error, then delivers the event once, signed', async () => {
    const [v] = await pickVariants(shop, 1, 50);
    await sendDue(shop.deps);
    const from = hook.got.length;
    hook.status = 500;
    const b = await memberBuyer(shop, [[v!, 1]]);
    const no = (await order(shop, b, bodyFor(b))).json.result.no as string; // cash on delivery: new order
    await sendDue(shop.deps);
    expect((await ownerMails()).filter((m) => m.purpose === 'owner-new-order' && m.text.includes(no))).toHaveLength(1);
    const failed = await shop.deps.db.kysely
      .selectFrom('notifications')
      .select(['state', 'attempts', 'last_error'])
      .where('recipient', '=', 'webhook')
      .where('purpose', '=', 'owner-new-order')
      .where('state', '=', 'pending')
      .execute();
    expect(failed).toEqual([{ state: 'pending', attempts: 1, last_error: 'webhook answered HTTP 500' }]);
    hook.status = 200;
    clock.advance(60 * 60_000);
    await sendDue(shop.deps);
    await sendDue(shop.deps);
    const got = hook.got.slice(from).filter((g) => g.valid && JSON.parse(g.body).purpose === 'owner-new-order');
    // Two tries reached the receiver (the first answered 500), one delivery id.
    expect(got).toHaveLength(2);
    expect(new Set(got.map((g) => g.delivery)).size).toBe(1);
    expect(JSON.parse(got[1]!.body)).toMatchObject({ purpose: 'owner-new-order', order: { no } });
    expect(signBody(SECRET, got[1]!.body)).toBe(got[1]!.signature);
  });

  it("sends the daily digest from 09:00 Taipei, once, with yesterday's orders and sales", async () => {
    await sendDue(shop.deps);
    const yesterdays = await shop.deps.db.kysely
      .selectFrom('orders')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('total').as('sum')])
      .where('state', '!=', 'cancelled')
      .where('created_at', '>=', Date.UTC(2026, 10, 20, 16))
      .where('created_at', '<', Date.UTC(2026, 10, 21, 16))
      .executeTakeFirstOrThrow();
    expect(Number(yesterdays.n)).toBeGreaterThan(0);
    const digestOf = (day: string) => async () =>
      (await ownerMails()).filter((m) => m.purpose === 'owner-daily' && m.subject.includes(day));
    // The next day (2026-11-22 in Taipei), 08:59 then 09:00.
    const nextDay9 = Date.UTC(2026, 10, 22, 1, 0, 0);
    clock.t = nextDay9 - 60_000;
    await sendDue(shop.deps);
    expect(await digestOf('2026-11-21')()).toEqual([]);
    clock.t = nextDay9;
    await sendDue(shop.deps);
    clock.advance(60_000);
    await sendDue(shop.deps);
    const daily = await digestOf('2026-11-21')();
    expect(daily).toHaveLength(1);
    expect(daily[0]!.subject).toBe('每日摘要 2026-11-21');
    const total = `NT$${Number(yesterdays.sum).toLocaleString('en-US')}`;
    expect(daily[0]!.text).toContain(`${Number(yesterdays.n)} 筆訂單，銷售額 ${total}`);
    expect(daily[0]!.text).toContain('待出貨');
    // Yesterday's orders by payment method, each with its count.
    const byMethod = await shop.deps.db.kysely
      .selectFrom('orders')
      .select((eb) => ['payment_method', eb.fn.countAll<number>().as('n')])
      .where('state', '!=', 'cancelled')
      .where('created_at', '>=', Date.UTC(2026, 10, 20, 16))
      .where('created_at', '<', Date.UTC(2026, 10, 21, 16))
      .groupBy('payment_method')
      .execute();
    expect(byMethod.length).toBeGreaterThan(0);
    expect(daily[0]!.text).toContain('付款方式：');
    for (const m of byMethod)
      expect(daily[0]!.text).toContain(`${PAYMENT_NAMES[m.payment_method as PaymentCode].zh} ${Number(m.n)} 筆`);
    expect(hookEvents().filter((e) => e.purpose === 'owner-daily' && e.day === '2026-11-21')).toEqual([
      expect.objectContaining({ day: '2026-11-21', orders: Number(yesterdays.n), sales: Number(yesterdays.sum) }),
    ]);
  });

  it('a start with SHOP_NOTIFY_WEBHOOK but no secret is refused; addresses are checked', async () => {
    const { assertServingConfig } = await import('../../../src/server/deps.ts');
    const { readEnv } = await import('../../../src/server/env.ts');
    const env = readEnv({ NODE_ENV: 'test', SHOP_NOTIFY_WEBHOOK: 'https://hooks.example/shop' });
    expect(() => assertServingConfig(env)).toThrow(/SHOP_NOTIFY_WEBHOOK_SECRET/);
    expect(() => assertServingConfig({ ...env, SHOP_NOTIFY_WEBHOOK_SECRET: SECRET })).not.toThrow();
    expect(readEnv({ SHOP_NOTIFY_EMAIL: 'a@shop.tw, b@shop.tw' }).SHOP_NOTIFY_EMAIL).toEqual([
      'a@shop.tw',
      'b@shop.tw',
    ]);
    expect(() => readEnv({ SHOP_NOTIFY_EMAIL: 'a@shop.tw, not-an-address' })).toThrow(/SHOP_NOTIFY_EMAIL/);
  });
});
