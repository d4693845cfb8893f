import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { totpAt } from '../../../src/server/admin/totp.ts';
import { createApp } from '../../../src/server/app.ts';
import type { Deps } from '../../../src/server/context.ts';
import { openDb } from '../../../src/server/db/index.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import { systemClock } from '../../../src/server/deps.ts';
import { readEnv } from '../../../src/server/env.ts';
import { outboxEmail } from '../../../src/server/providers/email-outbox.ts';
import { outboxSms } from '../../../src/server/providers/sms-outbox.ts';
import { seed } from '../../../src/server/seed/seed.ts';
import { placeFixtureOrder } from '../../helpers/order-fixture.ts';
import { TestClock, type TestShop } from '../../helpers/test-app.ts';
import { allowToolProcesses } from '../../helpers/tool-processes.ts';
import { linkToken, PASSWORD } from './admin-helpers.ts';

// Each command is a process of its own that loads the shop's code first: a test that runs several takes
// up to about 10 s on a quiet machine and 24 s seen while other work shared it. A safety net, not a measure.
vi.setConfig({ testTimeout: 120_000 });

allowToolProcesses();

const run = promisify(execFile);

/** `npm run staff` and `npm run orders` as processes on the shop's SQLite file. */
let dir: string;
let sqlite: string;
let deps: Deps;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'staff-cli-'));
  sqlite = join(dir, 'shop.sqlite');
  const db = openDb({ sqlitePath: sqlite });
  await migrate(db);
  await seed(db, { logN: 12 });
  const env = readEnv({ NODE_ENV: 'test', SQLITE_PATH: sqlite, SCRYPT_LOG_N: '12' });
  deps = { db, env, clock: systemClock, sms: outboxSms(db, systemClock), mail: outboxEmail(db, systemClock) };
  app = createApp(deps);
});
afterAll(async () => {
  await deps.db.close();
  rmSync(dir, { recursive: true, force: true });
});

const cli = async (script: string, ...args: string[]) => {
  const env: Record<string, string | undefined> = {
    ...process.env,
    SQLITE_PATH: sqlite,
    SITE_URL: 'https://shop.example.tw',
    NODE_ENV: 'test',
    SCRYPT_LOG_N: '12',
  };
  delete env.DATABASE_URL;
  try {
    const r = await run(process.execPath, [`scripts/${script}.ts`, ...args], { encoding: 'utf8', env });
    return { code: 0, out: r.stdout, err: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout, err: e.stderr };
  }
};

const post = async (path: string, body: unknown) => {
  const res = await app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-test-ip': '10.9.9.9' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { result: Record<string, unknown> } };
};

describe('npm run staff', () => {
  it('add prints a setup link that sets up the owner, who then signs in; list, disable and reset', async () => {
    const add = await cli('staff', 'add', 'Boss@Soundwood.tw', '--name', '王店主', '--role', 'owner');
    expect(add.code, add.err).toBe(0);
    const url = /https:\/\/shop\.example\.tw\/admin\/setup\?token=[\w-]{22}/.exec(add.out)?.[0];
    expect(url).toBeTruthy();
    const token = linkToken(url!);
    const setup = await post('/api/admin/setup', { token, password: PASSWORD });
    expect(setup.status).toBe(200);
    const secret = setup.json.result.totp_secret as string;
    // Real time here (the CLI and the shop share the system clock): the sign-in takes the step after
    // the setup's, which the server's window (±1 step) accepts right after.
    expect((await post('/api/admin/setup/confirm', { token, code: totpAt(secret, Date.now()) })).status).toBe(200);
    const login = await post('/api/admin/login', {
      email: 'boss@soundwood.tw',
      password: PASSWORD,
      code: totpAt(secret, Date.now() + 30_000),
    });
    expect(login.status).toBe(200);

    const list = await cli('staff', 'list');
    expect(list.code, list.err).toBe(0);
    expect(list.out).toMatch(/boss@soundwood\.tw\s+owner\s+active/);
    expect(list.out).toContain('王店主');

    const dup = await cli('staff', 'add', 'boss@soundwood.tw', '--name', 'x', '--role', 'owner');
    expect(dup.code).toBe(1);
    expect(dup.err).toContain('already has');
    const badRole = await cli('staff', 'add', 'c@soundwood.tw', '--name', 'x', '--role', 'admin');
    expect(badRole.code).toBe(1);
    expect(badRole.err).toContain('--role is owner or staff');

    // The only active owner is not disabled (nor reset: staff-owners.test.ts); once another owner
    // has set up, it may be.
    const last = await cli('staff', 'disable', 'boss@soundwood.tw');
    expect(last.code, last.out + last.err).toBe(1);
    expect(last.err).toContain('last active owner');
    const second = await cli('staff', 'add', 'second@soundwood.tw', '--name', '副店主', '--role', 'owner');
    const secondToken = linkToken(/https:\/\/\S+/.exec(second.out)![0]);
    const secondSetup = await post('/api/admin/setup', { token: secondToken, password: PASSWORD });
    const secondSecret = secondSetup.json.result.totp_secret as string;
    expect(
      (await post('/api/admin/setup/confirm', { token: secondToken, code: totpAt(secondSecret, Date.now()) })).status,
    ).toBe(200);
    const disable = await cli('staff', 'disable', 'boss@soundwood.tw');
    expect(disable.code, disable.err).toBe(0);
    expect((await cli('staff', 'list')).out).toMatch(/boss@soundwood\.tw\s+owner\s+disabled/);
    const reset = await cli('staff', 'reset', 'boss@soundwood.tw');
    expect(reset.code, reset.err).toBe(0);
    expect(reset.out).toMatch(/admin\/setup\?token=[\w-]{22}/);
    expect((await cli('staff', 'list')).out).toMatch(/boss@soundwood\.tw\s+owner\s+setup/);
    expect((await cli('staff', 'reset', 'nobody@soundwood.tw')).code).toBe(1);
  });
});

describe('npm run orders in the audit log', () => {
  it('records the terminal’s actions, done and refused, by the OS user', async () => {
    const fake = { deps, clock: new TestClock(Date.now()) } as unknown as TestShop;
    const o = await placeFixtureOrder(fake, { payment: 'pickup_pay', shopPickup: true });
    const refused = await cli('orders', 'complete', o.no);
    expect(refused.code).toBe(1);
    const done = await cli('orders', 'deliver', o.no);
    expect(done.code, done.err).toBe(0);
    const rows = await deps.db.kysely
      .selectFrom('admin_audit')
      .selectAll()
      .where('order_no', '=', o.no)
      .orderBy('id')
      .execute();
    const who = `${userInfo().username} (terminal)`;
    expect(rows.map((r) => [r.who, r.action, r.ip, r.ok, r.staff_id])).toEqual([
      [who, 'complete', 'terminal', 0, null],
      [who, 'deliver', 'terminal', 1, null],
    ]);
  });
});
