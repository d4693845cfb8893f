import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import type { Deps } from '../../../src/server/context.ts';
import { openDb } from '../../../src/server/db/index.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import { systemClock } from '../../../src/server/deps.ts';
import { readEnv } from '../../../src/server/env.ts';
import { outboxEmail } from '../../../src/server/providers/email-outbox.ts';
import { outboxSms } from '../../../src/server/providers/sms-outbox.ts';
import { seed } from '../../../src/server/seed/seed.ts';
import { createShipment } from '../../../src/server/shipping/ship.ts';
import { TestClock, type TestShop } from '../../helpers/test-app.ts';
import { allowToolProcesses } from '../../helpers/tool-processes.ts';
import { shippableOrder } from './shipping-helpers.ts';

// Each command is a process of its own that loads the shop's code first: a test that runs several takes
// up to about 10 s on a quiet machine and 24 s seen while other work shared it. A safety net, not a measure.
vi.setConfig({ testTimeout: 120_000 });

allowToolProcesses();

const run = promisify(execFile);

/**
 * The owner's tool as a process on the shop's SQLite file, the shop listening beside it (the
 * logistics simulator answers there): the CLI runs asynchronously so that the shop can answer it.
 */
let dir: string;
let sqlite: string;
let origin: string;
let deps: Deps;
let close: () => Promise<void>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shipping-cli-'));
  sqlite = join(dir, 'shop.sqlite');
  const db = openDb({ sqlitePath: sqlite });
  await migrate(db);
  await seed(db, { logN: 12 });
  const env = readEnv({ NODE_ENV: 'test', SQLITE_PATH: sqlite, SCRYPT_LOG_N: '12' });
  deps = { db, env, clock: systemClock, sms: outboxSms(db, systemClock), mail: outboxEmail(db, systemClock) };
  const server = serve({ fetch: createApp(deps).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  env.SITE_URL = origin;
  close = async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await db.close();
  };
});
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

const cli = async (...args: string[]) => {
  const env: Record<string, string | undefined> = {
    ...process.env,
    SQLITE_PATH: sqlite,
    SITE_URL: origin,
    NODE_ENV: 'test',
  };
  delete env.DATABASE_URL;
  try {
    const r = await run(process.execPath, ['scripts/orders.ts', ...args], { encoding: 'utf8', env });
    return { code: 0, out: r.stdout, err: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout, err: e.stderr };
  }
};

describe('npm run orders -- ship, label, list --to-ship, show', () => {
  it('lists the order to ship, creates its 7-ELEVEN logistics order once, writes the label, shows the shipment', async () => {
    const fake = { deps, clock: new TestClock(Date.now()) } as unknown as TestShop;
    const o = await shippableOrder(fake, { ship: 'UNIMARTC2C', payment: 'pickup_pay' });
    const shopPickup = await shippableOrder(fake, { ship: 'home', payment: 'credit' });
    await deps.db.kysely
      .updateTable('orders')
      .set({ shipping_method: 'shop' })
      .where('id', '=', shopPickup.id)
      .execute();

    const toShip = await cli('list', '--to-ship');
    expect(toShip.code, toShip.err).toBe(0);
    expect(toShip.out).toContain(o.no);
    expect(toShip.out).not.toContain(shopPickup.no);

    const ship = await cli('ship', o.no);
    expect(ship.code, ship.err).toBe(0);
    const shipment = await deps.db.kysely
      .selectFrom('shipments')
      .selectAll()
      .where('order_id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(ship.out).toContain(`Created: 7-ELEVEN 交貨便 logistics order ${shipment.logistics_id}`);
    expect(ship.out).toContain(`Shipping code: ${shipment.cvs_payment_no} ${shipment.cvs_validation_no}`);
    const label = join(dir, 'labels', `${o.no}.html`);
    expect(ship.out).toContain(label);
    const page = readFileSync(label, 'utf8');
    expect(page).toContain(`action="${origin}/api/sim/logistics/Express/PrintUniMartC2COrderInfo"`);
    expect(page).toContain(`value="${shipment.cvs_validation_no}"`);

    // The label form opens the simulator's print page with the shipping code.
    const fields = Object.fromEntries(
      [...page.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replaceAll('&amp;', '&')]),
    );
    const printed = await fetch(`${origin}/api/sim/logistics/Express/PrintUniMartC2COrderInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    expect(printed.status).toBe(200);
    expect(await printed.text()).toContain(shipment.cvs_payment_no);

    const again = await cli('ship', o.no);
    expect(again.out).toContain('Already created');
    expect((await cli('label', o.no)).out).toContain(label);
    expect((await cli('list', '--to-ship')).out).not.toContain(o.no);
    const show = JSON.parse((await cli('show', o.no)).out);
    expect(show.shipment).toMatchObject({ logistics_id: shipment.logistics_id, status: 'created' });

    const refused = await cli('ship', shopPickup.no);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('picked up at the shop');
    const noLabel = await cli('label', shopPickup.no);
    expect(noLabel.code).toBe(1);
  });
});

describe('npm run orders -- cancel of a booked parcel', () => {
  it('cancels a 7-ELEVEN C2C parcel at ECPay; refuses another chain with why; --unsent cancels it', async () => {
    const fake = { deps, clock: new TestClock(Date.now()) } as unknown as TestShop;
    const seven = await shippableOrder(fake, { ship: 'UNIMARTC2C', payment: 'pickup_pay' });
    const fami = await shippableOrder(fake, { ship: 'FAMIC2C', payment: 'pickup_pay' });
    await createShipment(deps, seven.no);
    await createShipment(deps, fami.no);
    const stateOf = async (id: number) =>
      (await deps.db.kysely.selectFrom('orders').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

    const cancelled = await cli('cancel', seven.no);
    expect(cancelled.code, cancelled.err).toBe(0);
    expect(cancelled.out).toContain(`ECPay cancelled the logistics order of ${seven.no}`);
    expect(await stateOf(seven.id)).toBe('cancelled');

    const refused = await cli('cancel', fami.no);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('ECPay has no cancel for it');
    expect(refused.err).toContain(`cancel ${fami.no} --unsent`);
    expect(await stateOf(fami.id)).toBe('processing');
    const unsent = await cli('cancel', fami.no, '--unsent');
    expect(unsent.code, unsent.err).toBe(0);
    expect(unsent.out).toContain('do not hand it over');
    expect(await stateOf(fami.id)).toBe('cancelled');
  });
});

// Raw controls but the tool's own line breaks (ESC, BEL, C1 CSI, CR...), bidirectional overrides and isolates.
const RAW_CONTROL = /(?!\n)[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

describe('the owner tool prints stored texts safely', () => {
  it('shows escapes, not the controls, of a store name and a receiver name stored before the text rules', async () => {
    const fake = { deps, clock: new TestClock(Date.now()) } as unknown as TestShop;
    const o = await shippableOrder(fake, { ship: 'FAMIC2C', payment: 'pickup_pay' });
    const hostile = '全家\u001b[2J\u001b]0;owned\u0007\u009b31m門市\u202Egnp.exe';
    await deps.db.kysely
      .updateTable('orders')
      .set({ cvs_store_name: hostile, cvs_store_address: '台北市\u2066大安區\u2069\r\n偽造' })
      .where('id', '=', o.id)
      .execute();
    const other = await shippableOrder(fake, { ship: 'home', payment: 'credit' });
    await deps.db.kysely
      .updateTable('orders')
      .set({ receiver_name: '王\u001b[8m小明' })
      .where('id', '=', other.id)
      .execute();

    const ship = await cli('ship', o.no);
    expect(ship.code, ship.err).toBe(0);
    expect(ship.out).not.toMatch(RAW_CONTROL);
    expect(ship.out).toContain('To: 全家\\x1b[2J\\x1b]0;owned\\x07\\x9b31m門市\\u202egnp.exe');
    expect(ship.out).toContain('台北市\\u2066大安區\\u2069\\r\\n偽造');

    const list = await cli('list', '--limit', '50');
    expect(list.out).not.toMatch(RAW_CONTROL);
    expect(list.out).toContain('王\\x1b[8m小明');

    const show = await cli('show', o.no);
    expect(show.out).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(show.out).shipping.store.name).toBe(hostile);
  });
});
