import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_LOGIN_FAILURES_ALERT } from '../../../src/config.ts';
import { LOGIN_LIMITS } from '../../../src/server/accounts/login-guard.ts';
import { sendDue } from '../../../src/server/notify/sender.ts';
import { capturedLines } from '../../helpers/log-capture.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { freshIp, PASSWORD, staffMember, type TestStaff } from './admin-helpers.ts';

const OWNER_MAIL = 'owners@soundwood.tw';
let shop: TestShop;
let owner: TestStaff;
let clerk: TestStaff;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true, env: { SHOP_NOTIFY_EMAIL: [OWNER_MAIL] } });
  owner = await staffMember(shop, 'owner');
  clerk = await staffMember(shop, 'staff');
});
afterAll(() => shop.close());

const auditRows = (action: string) =>
  shop.deps.db.kysely.selectFrom('admin_audit').selectAll().where('action', '=', action).orderBy('id').execute();
const events = (from: number, event: string) =>
  capturedLines
    .slice(from)
    .map((l) => JSON.parse(l))
    .filter((l) => l.event === event);

describe('a staff account refused an owner’s action', () => {
  it('leaves an audit row and a log event for every 403', async () => {
    const from = capturedLines.length;
    const before = (await auditRows('forbidden')).length;
    const ip = freshIp();
    const tries: [string, string, unknown?][] = [
      ['GET', '/api/admin/staff'],
      ['POST', `/api/admin/staff/${owner.email}/disable`],
      ['GET', '/api/admin/promotions'],
      ['GET', '/api/admin/audit'],
    ];
    for (const [method, path, body] of tries) {
      const r = await shop.call(method, path, { token: clerk.token, ip, body });
      expect(r.status, path).toBe(403);
      expect(r.json.code).toBe('ROLE_FORBIDDEN');
    }
    const rows = (await auditRows('forbidden')).slice(before);
    expect(rows).toHaveLength(tries.length);
    expect(rows[1]).toMatchObject({ who: clerk.name, ip, ok: 0 });
    expect(rows[1]!.detail).toContain(`POST /api/admin/staff/${owner.email}/disable`);
    expect(rows.every((r) => Number(r.staff_id) > 0)).toBe(true);
    const logged = events(from, 'staff_forbidden');
    expect(logged).toHaveLength(tries.length);
    expect(logged[0]).toMatchObject({ level: 'warn', reason: 'staff', method: 'GET' });
    // The owner reads them in the audit log.
    const audit = await shop.call('GET', '/api/admin/audit', { token: owner.token });
    expect(audit.json.result.data.some((a: { action: string }) => a.action === 'forbidden')).toBe(true);
  });
});

describe('failed console sign-ins', () => {
  const failOnce = (email: string, ip = freshIp()) =>
    shop.call('POST', '/api/admin/login', { body: { email, password: `${PASSWORD}-not`, code: '000000' }, ip });

  it('each leaves an audit row and a log event, for a known account and an unknown email alike', async () => {
    const from = capturedLines.length;
    const ip = freshIp();
    expect((await failOnce(clerk.email, ip)).status).toBe(401);
    expect((await failOnce('nobody@soundwood.tw', ip)).status).toBe(401);
    const rows = (await auditRows('sign_in_failed')).slice(-2);
    expect(rows[0]).toMatchObject({ who: clerk.email, ip, ok: 0 });
    expect(Number(rows[0]!.staff_id)).toBeGreaterThan(0);
    expect(rows[1]).toMatchObject({ who: 'nobody@soundwood.tw', staff_id: null, ip });
    const logged = events(from, 'staff_login_failed');
    expect(logged.map((l) => l.known)).toEqual([true, false]);
    // The typed password is never in the log.
    expect(capturedLines.slice(from).join('')).not.toContain(`${PASSWORD}-not`);
  });

  it(`mails the owners once a day after ${STAFF_LOGIN_FAILURES_ALERT} failures for one account`, async () => {
    const target = await staffMember(shop, 'staff');
    const alerts = () =>
      shop.deps.db.kysely
        .selectFrom('notifications')
        .selectAll()
        .where('purpose', '=', 'owner-staff-login')
        .where('recipient', '=', 'owner')
        .execute();
    const before = (await alerts()).length;
    let failures = 0;
    // Five tries per account in 15 minutes: the clock moves on between each five.
    while (failures < STAFF_LOGIN_FAILURES_ALERT + 2) {
      if (failures && failures % LOGIN_LIMITS.perAccount.max === 0)
        shop.clock.advance(LOGIN_LIMITS.perAccount.windowMs);
      expect((await failOnce(target.email)).status).toBe(401);
      failures++;
      if (failures === STAFF_LOGIN_FAILURES_ALERT - 1) expect(await alerts()).toHaveLength(before);
    }
    const written = (await alerts()).slice(before);
    expect(written).toHaveLength(1);
    await sendDue(shop.deps);
    const mails = await shop.deps.db.kysely
      .selectFrom('email_outbox')
      .selectAll()
      .where('purpose', '=', 'owner-staff-login')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.email).toBe(OWNER_MAIL);
    expect(mails[0]!.subject).toContain(target.email);
    expect(mails[0]!.text).toContain(`${STAFF_LOGIN_FAILURES_ALERT}`);
  });
});
