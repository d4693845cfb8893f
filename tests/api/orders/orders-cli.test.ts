import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDb } from '../../../src/server/db/index.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import {
  cancelForShop,
  completeOrder,
  deliverOrder,
  OrderAdminError,
  releaseUnpaid,
  shipOrder,
} from '../../../src/server/orders/order-admin.ts';
import { seed } from '../../../src/server/seed/seed.ts';
import { createTestShop, TestClock, type TestShop } from '../../helpers/test-app.ts';
import { allowToolProcesses } from '../../helpers/tool-processes.ts';
import { okResult } from '../../helpers/wire-asserts.ts';
import { outbox } from '../accounts/users-helpers.ts';
import { pickVariants } from '../cart/cart-helpers.ts';
import { insertOrder, stockOf } from './orders-fixtures.ts';
import { bodyFor, memberBuyer, order } from './orders-helpers.ts';

// Each command is a process of its own that loads the shop's code first: a test that runs several takes
// up to about 10 s on a quiet machine and 24 s seen while other work shared it. A safety net, not a measure.
vi.setConfig({ testTimeout: 120_000 });

allowToolProcesses();

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

describe('moving orders along (the shop owner’s side)', () => {
  it('ships with carrier and tracking (texting the receiver), delivers and completes', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const buyer = await memberBuyer(shop, [[v!, 1]]);
    const o = (await order(shop, buyer, bodyFor(buyer))).json.result;
    await shipOrder(shop.deps, o.no, '黑貓宅急便', '9012-3456-7890');
    const [sms] = await outbox(shop, buyer.phone);
    expect(sms!.purpose).toBe('shipped');
    expect(sms!.text).toContain('黑貓宅急便');
    expect(sms!.text).toContain('9012-3456-7890');
    expect(await deliverOrder(shop.deps, o.no)).toBe('delivered');
    await completeOrder(shop.deps, o.no);
    const seen = okResult(await shop.call('GET', `/api/orders/${o.no}`, { token: buyer.token }));
    expect(seen.state).toBe('completed');
    expect(seen.shipping).toMatchObject({ carrier: '黑貓宅急便', tracking_no: '9012-3456-7890' });
    expect(seen.timeline.map((e: { state: string }) => e.state)).toEqual([
      'processing',
      'shipped',
      'delivered',
      'completed',
    ]);
    expect(seen.timeline[1].note).toBe('黑貓宅急便 9012-3456-7890');
    expect(seen.can_cancel).toBe(false);
  });

  it('marks a store-pickup order picked up, and ships a paid order through processing', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const cvs = await insertOrder(shop, { state: 'shipped', shipping: 'cvs', lines: [{ variant: v!, quantity: 1 }] });
    expect(await deliverOrder(shop.deps, cvs.no)).toBe('picked_up');
    const paid = await insertOrder(shop, { state: 'paid', lines: [{ variant: v!, quantity: 1 }] });
    await shipOrder(shop.deps, paid.no, '新竹物流', 'HCT123');
    const states = await shop.deps.db.kysely
      .selectFrom('order_events')
      .select('state')
      .where('order_id', '=', paid.id)
      .orderBy('id')
      .execute();
    expect(states.map((s) => s.state)).toEqual(['processing', 'shipped']);
  });

  it('marks a shop-pickup order picked up from ready, never shipped', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const ready = await insertOrder(shop, {
      state: 'processing',
      shipping: 'shop',
      lines: [{ variant: v!, quantity: 1 }],
    });
    await expect(shipOrder(shop.deps, ready.no, '自取', 'X1')).rejects.toThrow(/picked up at the shop/);
    expect(await deliverOrder(shop.deps, ready.no)).toBe('picked_up');
    await completeOrder(shop.deps, ready.no);
    const paid = await insertOrder(shop, { state: 'paid', shipping: 'shop', lines: [{ variant: v!, quantity: 1 }] });
    expect(await deliverOrder(shop.deps, paid.no)).toBe('picked_up');
    const events = (id: number) =>
      shop.deps.db.kysely.selectFrom('order_events').select('state').where('order_id', '=', id).orderBy('id').execute();
    expect((await events(ready.id)).map((e) => e.state)).toEqual(['picked_up', 'completed']);
    expect((await events(paid.id)).map((e) => e.state)).toEqual(['processing', 'picked_up']);
    await expect(deliverOrder(shop.deps, paid.no)).rejects.toThrow(/is picked_up: it cannot be moved to picked_up/);
  });

  it('refuses moves backwards and cancelling a shipped order, keeping its stock', async () => {
    const [v] = await pickVariants(shop, 1, 5);
    const buyer = await memberBuyer(shop, [[v!, 2]]);
    const o = (await order(shop, buyer, bodyFor(buyer))).json.result;
    await expect(deliverOrder(shop.deps, o.no)).rejects.toThrow(/is processing: it cannot be moved to delivered/);
    await shipOrder(shop.deps, o.no, '郵局', 'P1');
    await expect(shipOrder(shop.deps, o.no, '郵局', 'P2')).rejects.toBeInstanceOf(OrderAdminError);
    await expect(cancelForShop(shop.deps, o.no, '')).rejects.toThrow(/is shipped: it cannot be moved to cancelled/);
    const cancel = await shop.call('POST', `/api/orders/${o.no}/cancel`, { token: buyer.token });
    expect(cancel.json.code).toBe('ORDER_NOT_CANCELLABLE');
    expect((await stockOf(shop, v!.id)).variant).toBe(3);
    await expect(shipOrder(shop.deps, '20261121-XXXXXXX', 'a', 'b')).rejects.toThrow(/No order/);
    await expect(shipOrder(shop.deps, o.no, '', 'b')).rejects.toThrow(/--carrier/);
  });
});

describe('unpaid orders', () => {
  it('are released past their deadline with their stock, and a paid one is left alone', async () => {
    const [a, b] = await pickVariants(shop, 2, 5);
    const late = await memberBuyer(shop, [[a!, 2]]);
    const payer = await memberBuyer(shop, [[b!, 1]]);
    const lateNo = (await order(shop, late, bodyFor(late, { payment: 'atm' }))).json.result.no;
    const paidNo = (await order(shop, payer, bodyFor(payer, { payment: 'credit' }))).json.result.no;
    await shop.deps.db.kysely.updateTable('orders').set({ state: 'paid' }).where('no', '=', paidNo).execute();
    expect(await releaseUnpaid(shop.deps)).toEqual([]);
    shop.clock.advance(3 * 86_400_000);
    expect(await releaseUnpaid(shop.deps)).toContain(lateNo);
    expect((await stockOf(shop, a!.id)).variant).toBe(5);
    const seen = okResult(await shop.call('GET', `/api/orders/${lateNo}`, { token: late.token }));
    expect(seen.state).toBe('cancelled');
    expect(seen.timeline.at(-1).note).toBe('payment deadline passed');
    expect(okResult(await shop.call('GET', `/api/orders/${paidNo}`, { token: payer.token })).state).toBe('paid');
    expect(await releaseUnpaid(shop.deps)).toEqual([]);
  });
});

describe('npm run orders', () => {
  let dir: string;
  let sqlite: string;
  let no: string;
  let flagged: string;
  let refund: string;
  let plain: string;
  const message = '超過可作廢期限，請改開立折讓。';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'orders-cli-'));
    sqlite = join(dir, 'shop.sqlite');
    const db = openDb({ sqlitePath: sqlite });
    await migrate(db);
    await seed(db, { logN: 12 });
    const v = await db.kysely
      .selectFrom('variants')
      .select(['id', 'sku', 'price', 'product_id'])
      .executeTakeFirstOrThrow();
    await db.kysely.updateTable('variants').set({ stock: 5 }).where('id', '=', v.id).execute();
    const fake = { deps: { db }, clock: new TestClock() } as unknown as TestShop;
    const variant = { id: v.id, sku: v.sku, price: v.price, productId: v.product_id, productSlug: 'x' };
    no = (await insertOrder(fake, { state: 'processing', lines: [{ variant, quantity: 2 }] })).no;
    const lines = [{ variant, quantity: 1 }];
    flagged = (await insertOrder(fake, { state: 'cancelled', lines })).no;
    refund = (await insertOrder(fake, { state: 'cancelled', lines })).no;
    plain = (await insertOrder(fake, { state: 'cancelled', lines })).no;
    await db.kysely.updateTable('orders').set({ invoice_action_needed: message }).where('no', '=', flagged).execute();
    await db.kysely.updateTable('orders').set({ needs_refund: 1 }).where('no', '=', refund).execute();
    await db.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cliWith = (extra: Record<string, string>, ...args: string[]) => {
    const env: Record<string, string | undefined> = { ...process.env, SQLITE_PATH: sqlite, NODE_ENV: 'test', ...extra };
    delete env.DATABASE_URL;
    for (const k of ['SHOP_NOTIFY_EMAIL', 'SHOP_NOTIFY_WEBHOOK']) if (!(k in extra)) delete env[k];
    const r = spawnSync(process.execPath, ['scripts/orders.ts', ...args], { encoding: 'utf8', env });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };
  const cli = (...args: string[]) => cliWith({}, ...args);

  it('lists, ships, shows, delivers and completes on the shop’s database', () => {
    const list = cli('list', '--state', 'processing');
    expect(list.code, list.err).toBe(0);
    expect(list.out).toContain(no);
    const ship = cli('ship', no, '--carrier', '黑貓宅急便', '--tracking', '123456');
    expect(ship.code, ship.err).toBe(0);
    expect(ship.out).toContain('shipped');
    const show = JSON.parse(cli('show', no).out);
    expect(show).toMatchObject({ no, state: 'shipped', shipping: { carrier: '黑貓宅急便', tracking_no: '123456' } });
    expect(cli('deliver', no).out).toContain('delivered');
    expect(cli('complete', no).code).toBe(0);
    expect(JSON.parse(cli('show', no).out).state).toBe('completed');
  });

  it('says why a move is refused and exits 1', () => {
    const r = cli('cancel', no);
    expect(r.code).toBe(1);
    expect(r.err).toContain('cannot be moved to cancelled');
    expect(cli('list', '--state', 'nope').err).toContain('--state is one of');
    expect(cli('frobnicate', no).err).toContain('usage');
  });

  it('shows the invoice flag with ECPay’s message, and lists exactly the orders that need action', () => {
    const show = cli('show', flagged);
    expect(show.code, show.err).toBe(0);
    expect(JSON.parse(show.out)).toMatchObject({ no: flagged, invoice_action_needed: message, needs_refund: false });
    expect(JSON.parse(cli('show', plain).out).invoice_action_needed).toBeNull();
    const list = cli('list', '--needs-action');
    expect(list.code, list.err).toBe(0);
    const listed = list.out.trim().split('\n');
    expect(listed).toHaveLength(2);
    expect(listed.find((l) => l.startsWith(flagged))).toContain(`INVOICE ACTION NEEDED: ${message}`);
    expect(listed.find((l) => l.startsWith(refund))).toContain('NEEDS REFUND');
    expect(list.out).not.toContain(plain);
    expect(list.out).not.toContain(no);
  });

  it('notify-test says whether the mail server took the test; outbox lists what waits or was given up, with why', async () => {
    const none = cli('notify-test');
    expect(none.code).toBe(1);
    expect(none.err).toContain('SHOP_NOTIFY_EMAIL is not set');
    const owners = ['owner@soundwood.tw', 'boss@soundwood.tw'];
    const sent = cliWith({ SHOP_NOTIFY_EMAIL: owners.join(', ') }, 'notify-test');
    expect(sent.code, sent.err).toBe(0);
    expect(sent.out).toContain(`took the test mail to ${owners.join(', ')}`);
    const db = openDb({ sqlitePath: sqlite });
    try {
      const mails = await db.kysely
        .selectFrom('email_outbox')
        .select('email')
        .where('purpose', '=', 'owner-test')
        .execute();
      expect(mails.map((m) => m.email).sort()).toEqual([...owners].sort());
      const o = await db.kysely.selectFrom('orders').select('id').where('no', '=', no).executeTakeFirstOrThrow();
      const base = { subject: `order:${o.id}`, order_id: o.id, next_at: 0, created_at: 0 };
      await db.kysely
        .insertInto('notifications')
        .values([
          {
            ...base,
            purpose: 'order-paid',
            recipient: 'shopper',
            state: 'pending',
            attempts: 2,
            last_error: 'greeting never received',
          },
          {
            ...base,
            purpose: 'owner-new-order',
            recipient: 'owner',
            state: 'failed',
            attempts: 60,
            last_error: 'connect ECONNREFUSED 127.0.0.1:587',
          },
        ])
        .execute();
    } finally {
      await db.close();
    }
    const waits = cli('outbox');
    expect(waits.code, waits.err).toBe(0);
    const paid = waits.out.split('\n').find((l) => l.includes('order-paid'));
    expect(paid).toContain(no);
    expect(paid).toContain('tries 2');
    expect(paid).toContain('why: greeting never received');
    expect(waits.out).not.toContain('owner-new-order');
    const failed = cli('outbox', '--failed');
    expect(failed.out.trim().split('\n')).toHaveLength(1);
    expect(failed.out).toContain('owner-new-order');
    expect(failed.out).toContain('given up');
    expect(failed.out).toContain('why: connect ECONNREFUSED 127.0.0.1:587');
  });
});
