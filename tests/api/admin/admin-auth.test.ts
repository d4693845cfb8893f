import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_SESSION_IDLE_MS, STAFF_SESSION_TTL_MS, STAFF_SETUP_TTL_MS } from '../../../src/config.ts';
import { addStaff, disableStaff, resetStaff } from '../../../src/server/admin/staff-accounts.ts';
import { base32Encode, hotp, matchTotp, totpAt } from '../../../src/server/admin/totp.ts';
import { RETENTION_MS, sweep } from '../../../src/server/ops/maintenance.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { DEMO, loginToken } from '../accounts/users-helpers.ts';
import { freshIp, linkToken, PASSWORD, signIn, staffMember, TOTP_STEP_MS } from './admin-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

const login = (email: string, password: string, code: string, ip = freshIp()) =>
  shop.call('POST', '/api/admin/login', { body: { email, password, code }, ip });

describe('TOTP (RFC 6238)', () => {
  it('answers the RFC 6238 test vectors (SHA-1, 6 of their 8 digits)', () => {
    const secret = base32Encode(Buffer.from('12345678901234567890'));
    // Appendix B: T = 59 s → 94287082, T = 1111111109 → 07081804, T = 2000000000 → 69279037.
    expect(totpAt(secret, 59_000)).toBe('287082');
    expect(totpAt(secret, 1_111_111_109_000)).toBe('081804');
    expect(totpAt(secret, 2_000_000_000_000)).toBe('279037');
    // RFC 4226 Appendix D: counter 1 → 287082.
    expect(hotp(secret, 1)).toBe('287082');
  });

  it('takes the step before and after, not two away', () => {
    const secret = base32Encode(Buffer.from('12345678901234567890'));
    const t = 1_111_111_109_000;
    expect(matchTotp(secret, totpAt(secret, t - 30_000), t)).not.toBeNull();
    expect(matchTotp(secret, totpAt(secret, t + 30_000), t)).not.toBeNull();
    expect(matchTotp(secret, totpAt(secret, t - 60_000), t)).toBeNull();
    expect(matchTotp(secret, totpAt(secret, t + 60_000), t)).toBeNull();
    expect(matchTotp(secret, 'abcdef', t)).toBeNull();
  });
});

describe('setup link', () => {
  it('sets a password under the members’ rules, shows the secret and its otpauth URI, then ten recovery codes', async () => {
    const link = await addStaff(shop.deps, { email: 'Setup@Soundwood.tw', name: '小美', role: 'staff' });
    expect(link.email).toBe('setup@soundwood.tw');
    expect(link.setup_url).toMatch(/\/admin\/setup\?token=[\w-]{22}$/);
    const token = linkToken(link.setup_url);
    const weak = await shop.call('POST', '/api/admin/setup', { body: { token, password: 'short' }, ip: freshIp() });
    expect(weak.status).toBe(400);
    expect(weak.json.errors.password).toBeTruthy();
    const common = await shop.call('POST', '/api/admin/setup', {
      body: { token, password: 'setup@soundwood.tw' },
      ip: freshIp(),
      lang: 'en',
    });
    expect(common.status).toBe(400);
    const early = await shop.call('POST', '/api/admin/setup/confirm', {
      body: { token, code: '123456' },
      ip: freshIp(),
    });
    expect(early.json.code).toBe('SETUP_NOT_STARTED');
    const r = await shop.call('POST', '/api/admin/setup', { body: { token, password: PASSWORD }, ip: freshIp() });
    expect(r.status).toBe(200);
    const secret = r.json.result.totp_secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(r.json.result.otpauth_uri).toBe(
      `otpauth://totp/Soundwood%3Asetup%40soundwood.tw?secret=${secret}&issuer=Soundwood&algorithm=SHA1&digits=6&period=30`,
    );
    const wrong = await shop.call('POST', '/api/admin/setup/confirm', {
      body: { token, code: totpAt(secret, shop.clock.now() + 5 * TOTP_STEP_MS) },
      ip: freshIp(),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.code).toBe('TOTP_CODE_WRONG');
    const ok = await shop.call('POST', '/api/admin/setup/confirm', {
      body: { token, code: totpAt(secret, shop.clock.now()) },
      ip: freshIp(),
    });
    expect(ok.status).toBe(200);
    const codes = ok.json.result.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await shop.deps.db.kysely.selectFrom('staff_recovery_codes').select('code_hash').execute();
    for (const c of codes) expect(stored.map((s) => s.code_hash)).not.toContain(c);
    // The link is used up.
    const again = await shop.call('POST', '/api/admin/setup', { body: { token, password: PASSWORD }, ip: freshIp() });
    expect(again.json.code).toBe('LINK_INVALID');
  });

  it('works 24 hours', async () => {
    const link = await addStaff(shop.deps, { email: 'late@soundwood.tw', name: 'Late', role: 'staff' });
    shop.clock.advance(STAFF_SETUP_TTL_MS);
    const r = await shop.call('POST', '/api/admin/setup', {
      body: { token: linkToken(link.setup_url), password: PASSWORD },
      ip: freshIp(),
    });
    expect(r.status).toBe(422);
    expect(r.json.code).toBe('LINK_INVALID');
  });
});

describe('POST /api/admin/login', () => {
  it('answers the same for every wrong part', async () => {
    const s = await staffMember(shop, 'staff');
    shop.clock.advance(TOTP_STEP_MS);
    const code = totpAt(s.secret, shop.clock.now());
    const answers = [
      await login('nobody@soundwood.tw', PASSWORD, code),
      await login(s.email, 'Wrong-Password-1', code),
      await login(s.email, PASSWORD, String((Number(code) + 1) % 1_000_000).padStart(6, '0')),
      await login(s.email, PASSWORD, 'aaaaa-aaaaa'),
      await login(s.email, PASSWORD, ''),
    ];
    for (const a of answers) {
      expect(a.status).toBe(401);
      expect(a.json).toEqual(answers[0]!.json);
    }
    expect(answers[0]!.json.code).toBe('STAFF_LOGIN_FAILED');
    // A disabled account too.
    await disableStaff(shop.deps, s.email);
    const disabled = await login(s.email, PASSWORD, code);
    expect(disabled.status).toBe(401);
    expect(disabled.json).toEqual(answers[0]!.json);
  });

  it('takes the step before and after, refuses two away, and refuses a used step (replay)', async () => {
    const s = await staffMember(shop, 'staff');
    shop.clock.advance(10 * TOTP_STEP_MS);
    const now = shop.clock.now();
    expect((await login(s.email, PASSWORD, totpAt(s.secret, now - 2 * TOTP_STEP_MS))).status).toBe(401);
    expect((await login(s.email, PASSWORD, totpAt(s.secret, now - TOTP_STEP_MS))).status).toBe(200);
    // The same code again within its window: refused.
    expect((await login(s.email, PASSWORD, totpAt(s.secret, now - TOTP_STEP_MS))).status).toBe(401);
    expect((await login(s.email, PASSWORD, totpAt(s.secret, now + TOTP_STEP_MS))).status).toBe(200);
    // Now the current step is older than the last used one: refused too.
    expect((await login(s.email, PASSWORD, totpAt(s.secret, now))).status).toBe(401);
    expect((await login(s.email, PASSWORD, totpAt(s.secret, now + 2 * TOTP_STEP_MS))).status).toBe(401);
  });

  it('takes each recovery code once', async () => {
    const s = await staffMember(shop, 'owner');
    const [first, second] = s.recovery;
    const r = await login(s.email, PASSWORD, first!.toUpperCase());
    expect(r.status).toBe(200);
    expect((await login(s.email, PASSWORD, first!)).status).toBe(401);
    // A wrong password does not spend one.
    expect((await login(s.email, 'Wrong-Password-1', second!)).status).toBe(401);
    expect((await login(s.email, PASSWORD, second!)).status).toBe(200);
    const me = await shop.call('GET', '/api/admin/me', { token: r.json.result.token });
    expect(me.json.result.recovery_codes_left).toBe(8);
  });

  it('is rate limited per account (5 tries in 15 minutes), with Retry-After', async () => {
    const s = await staffMember(shop, 'staff');
    for (let i = 0; i < 5; i++) expect((await login(s.email, 'Wrong-Password-1', '000000')).status).toBe(401);
    shop.clock.advance(TOTP_STEP_MS);
    const blocked = await login(s.email, PASSWORD, totpAt(s.secret, shop.clock.now()));
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    shop.clock.advance(15 * 60_000);
    expect((await login(s.email, PASSWORD, totpAt(s.secret, shop.clock.now()))).status).toBe(200);
  });

  it('is rate limited per address', async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await login(`x${i}@soundwood.tw`, PASSWORD, '000000', ip)).status;
    expect(last).toBe(429);
  });
});

describe('staff sessions', () => {
  it('end after 30 minutes without a request', async () => {
    const s = await staffMember(shop, 'staff');
    shop.clock.advance(STAFF_SESSION_IDLE_MS - 1000);
    expect((await shop.call('GET', '/api/admin/me', { token: s.token })).status).toBe(200);
    shop.clock.advance(STAFF_SESSION_IDLE_MS - 1000);
    expect((await shop.call('GET', '/api/admin/me', { token: s.token })).status).toBe(200);
    shop.clock.advance(STAFF_SESSION_IDLE_MS);
    const r = await shop.call('GET', '/api/admin/me', { token: s.token, lang: 'en' });
    expect(r.status).toBe(401);
    expect(r.json.code).toBe('STAFF_UNAUTHENTICATED');
  });

  it('dead ones are swept by the maintenance sweep, live ones kept', async () => {
    const dead = await staffMember(shop, 'staff');
    shop.clock.advance(RETENTION_MS + STAFF_SESSION_IDLE_MS + 1);
    const live = await staffMember(shop, 'staff');
    const removed = await sweep(shop.deps);
    expect(removed.staffSessions).toBeGreaterThanOrEqual(1);
    const left = await shop.deps.db.kysely.selectFrom('staff_sessions').select('staff_id').execute();
    const ids = await shop.deps.db.kysely
      .selectFrom('staff')
      .select(['id', 'email'])
      .where('email', 'in', [dead.email, live.email])
      .execute();
    const idOf = (email: string) => ids.find((r) => r.email === email)!.id;
    expect(left.map((r) => r.staff_id)).not.toContain(idOf(dead.email));
    expect(left.map((r) => r.staff_id)).toContain(idOf(live.email));
    expect((await shop.call('GET', '/api/admin/me', { token: live.token })).status).toBe(200);
  });

  it('end 12 hours after sign-in, however busy', async () => {
    const s = await staffMember(shop, 'staff');
    const steps = Math.ceil(STAFF_SESSION_TTL_MS / (20 * 60_000));
    for (let i = 1; i < steps; i++) {
      shop.clock.advance(20 * 60_000);
      expect((await shop.call('GET', '/api/admin/me', { token: s.token })).status).toBe(200);
    }
    shop.clock.advance(20 * 60_000);
    expect((await shop.call('GET', '/api/admin/me', { token: s.token })).status).toBe(401);
  });

  it('end at logout, at disable and at reset', async () => {
    const s = await staffMember(shop, 'staff');
    const me = await shop.call('GET', '/api/admin/me', { token: s.token });
    expect(me.json.result).toMatchObject({ email: s.email, name: s.name, role: 'staff', recovery_codes_left: 10 });
    expect((await shop.call('POST', '/api/admin/logout', { token: s.token })).status).toBe(200);
    expect((await shop.call('GET', '/api/admin/me', { token: s.token })).status).toBe(401);
    const t2 = await signIn(shop, s);
    await resetStaff(shop.deps, s.email);
    expect((await shop.call('GET', '/api/admin/me', { token: t2 })).status).toBe(401);
    // Reset: the old password and authenticator no longer sign in.
    shop.clock.advance(TOTP_STEP_MS);
    expect((await login(s.email, PASSWORD, totpAt(s.secret, shop.clock.now()))).status).toBe(401);
  });

  it('a member’s token gets 403 on every /api/admin route; a staff token is no member’s token', async () => {
    const member = await loginToken(shop, DEMO.email, DEMO.password);
    const routes: [string, string][] = [
      ['GET', '/api/admin/me'],
      ['GET', '/api/admin/today'],
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/products'],
      ['PATCH', '/api/admin/variants/X'],
      ['GET', '/api/admin/staff'],
      ['GET', '/api/admin/promotions'],
      ['POST', '/api/admin/login'],
      ['POST', '/api/admin/setup'],
      ['GET', '/api/admin/no-such-route'],
    ];
    for (const [method, path] of routes) {
      const r = await shop.call(method, path, { token: member, lang: 'en', body: method === 'GET' ? undefined : {} });
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.json.code).toBe('STAFF_ONLY');
    }
    const s = await staffMember(shop, 'owner');
    const info = await shop.call('GET', '/api/users/info', { token: s.token });
    expect(info.status).toBe(401);
    expect(info.json.code).toBe('UNAUTHENTICATED');
    expect((await shop.call('GET', '/api/orders', { token: s.token })).status).toBe(401);
    // No token at all: 401 on the console's routes.
    expect((await shop.call('GET', '/api/admin/today')).json.code).toBe('STAFF_UNAUTHENTICATED');
  });
});
