import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256 } from '../../../src/server/common/tokens.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import {
  DEMO,
  freshIp,
  freshPhone,
  lastCode,
  loginToken,
  outbox,
  registerMember,
  seedAccounts,
} from './users-helpers.ts';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
  await seedAccounts(shop);
});
afterAll(() => shop.close());

/** Counts scrypt computations (node:crypto, not our code) while `fn` runs. */
async function countHashes(fn: () => Promise<unknown>): Promise<number> {
  const spy = vi.spyOn(crypto, 'scrypt');
  syncBuiltinESMExports();
  try {
    await fn();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
    syncBuiltinESMExports();
  }
}

const login = (account: string, password: string, ip = freshIp()) =>
  shop.call('POST', '/api/users/login', { body: { account, password }, ip });
const sendOtp = (phone: string, purpose: string, ip = freshIp()) =>
  shop.call('POST', '/api/users/send-otp/phone', { body: { phone, purpose }, ip });
const verifyForgot = (phone: string, code: string, ip = freshIp()) =>
  shop.call('PATCH', '/api/users/verify-otp-fp/phone', { body: { phone, code }, ip });
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('no account enumeration (ASVS 6.3.8)', () => {
  it('login answers the same for an unknown account and a wrong password, and both pay one hash', async () => {
    await login('warm-up@example.tw', 'whatever password');
    let unknown: Awaited<ReturnType<typeof login>> | undefined;
    let known: Awaited<ReturnType<typeof login>> | undefined;
    const unknownHashes = await countHashes(async () => {
      unknown = await login('nobody@example.tw', 'whatever password');
    });
    const knownHashes = await countHashes(async () => {
      known = await login(DEMO.email, 'whatever password');
    });
    expect(unknown?.status).toBe(401);
    expect(unknown?.status).toBe(known?.status);
    expect(unknown?.json).toEqual(known?.json);
    expect(unknownHashes).toBe(1);
    expect(knownHashes).toBe(1);
  });

  it('forgot-password codes answer the same for a member’s phone and an unknown phone', async () => {
    const stranger = freshPhone();
    const member = await sendOtp(DEMO.phone, 'forgot');
    const unknown = await sendOtp(stranger, 'forgot');
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual(member.json);
    expect(await outbox(shop, stranger)).toHaveLength(0);
    expect((await outbox(shop, DEMO.phone))[0]?.purpose).toBe('forgot');
    // The limits answer alike too.
    expect((await sendOtp(stranger, 'forgot')).json).toEqual((await sendOtp(DEMO.phone, 'forgot')).json);
  });

  it('register codes answer the same for a registered phone, which gets a notice instead of a code', async () => {
    const fresh = freshPhone();
    const m = await registerMember(shop);
    shop.clock.advance(MIN);
    const taken = await sendOtp(m.phone, 'register');
    const free = await sendOtp(fresh, 'register');
    expect(taken.status).toBe(200);
    expect(taken.json).toEqual(free.json);
    const [notice] = await outbox(shop, m.phone);
    expect(notice?.code).toBe('');
    expect(notice?.text).toContain('此手機號碼已經是會員');
    expect((await outbox(shop, fresh))[0]?.code).toMatch(/^\d{6}$/);
  });
});

describe('brute force (ASVS 6.1.1, 6.3.1)', () => {
  it('blocks an account after 5 failures in 15 minutes with Retry-After, before any hashing', async () => {
    const m = await registerMember(shop);
    for (let i = 0; i < 5; i++) expect((await login(m.phone, 'wrong password')).status).toBe(401);
    let blocked: Awaited<ReturnType<typeof login>> | undefined;
    const hashes = await countHashes(async () => {
      blocked = await login(m.phone, m.password);
    });
    expect(blocked?.status).toBe(429);
    expect(blocked?.json.code).toBe('RATE_LIMITED');
    expect(hashes).toBe(0);
    const wait = Number(blocked?.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    shop.clock.advance(wait * 1000);
    expect((await login(m.phone, m.password)).status).toBe(200);
  });

  it('a success clears the failures of the account', async () => {
    const m = await registerMember(shop);
    for (let i = 0; i < 4; i++) await login(m.phone, 'wrong password');
    expect((await login(m.phone, m.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(m.phone, 'wrong password')).status).toBe(401);
    expect((await login(m.phone, m.password)).status).toBe(200);
  });

  it('blocks an IP after 30 attempts a minute, whatever the accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await login(`u${i}@example.tw`, 'wrong password', ip)).status).toBe(401);
    const blocked = await login(DEMO.phone, DEMO.password, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await login(DEMO.phone, DEMO.password, freshIp())).status).toBe(200);
  });
});

describe('one-time codes (ASVS 6.5, 6.6)', () => {
  it('live 5 minutes: a code is accepted 1 s before and refused 1 s after', async () => {
    const early = await registerMember(shop);
    await sendOtp(early.phone, 'forgot');
    const earlyCode = await lastCode(shop, early.phone, 'forgot');
    shop.clock.advance(5 * MIN - 1000);
    expect((await verifyForgot(early.phone, earlyCode)).status).toBe(200);

    const late = await registerMember(shop);
    await sendOtp(late.phone, 'forgot');
    const lateCode = await lastCode(shop, late.phone, 'forgot');
    shop.clock.advance(5 * MIN + 1000);
    const r = await verifyForgot(late.phone, lateCode);
    expect(r.status).toBe(422);
    expect(r.json.code).toBe('OTP_INVALID');
  });

  it('work once', async () => {
    const m = await registerMember(shop);
    await sendOtp(m.phone, 'forgot');
    const code = await lastCode(shop, m.phone, 'forgot');
    expect((await verifyForgot(m.phone, code)).status).toBe(200);
    expect((await verifyForgot(m.phone, code)).json.code).toBe('OTP_INVALID');
  });

  it('are bound to their phone and purpose', async () => {
    const phone = freshPhone();
    await sendOtp(phone, 'register');
    const code = await lastCode(shop, phone, 'register');
    const m = await registerMember(shop);
    await sendOtp(m.phone, 'forgot');
    const other = freshPhone();
    const wrongPhone = await shop.call('POST', '/api/users/register', {
      body: { name: '測試', phone: other, password: 'a long passphrase', code },
    });
    expect(wrongPhone.json.code).toBe('OTP_INVALID');
    const forgotCode = await lastCode(shop, m.phone, 'forgot');
    const token = await loginToken(shop, m.phone, m.password);
    const wrongPurpose = await shop.call('PATCH', '/api/users/verify-otp', { token, body: { code: forgotCode } });
    expect(wrongPurpose.json.code).toBe('OTP_INVALID');
    // Both codes still work for what they were sent for.
    expect((await verifyForgot(m.phone, forgotCode)).status).toBe(200);
    const ok = await shop.call('POST', '/api/users/register', {
      body: { name: '測試', phone, password: 'a long passphrase', code },
    });
    expect(ok.status).toBe(200);
  });

  it('are void after 5 wrong guesses, even for the right code', async () => {
    const m = await registerMember(shop);
    await sendOtp(m.phone, 'forgot');
    const code = await lastCode(shop, m.phone, 'forgot');
    for (let i = 0; i < 5; i++) expect((await verifyForgot(m.phone, otherCode(code))).status).toBe(422);
    expect((await verifyForgot(m.phone, code)).json.code).toBe('OTP_INVALID');

    const n = await registerMember(shop);
    await sendOtp(n.phone, 'forgot');
    const nCode = await lastCode(shop, n.phone, 'forgot');
    for (let i = 0; i < 4; i++) await verifyForgot(n.phone, otherCode(nCode));
    expect((await verifyForgot(n.phone, nCode)).status).toBe(200);
  });

  it('are 6 digits, stored only as a digest, and replaced by a newer code', async () => {
    const m = await registerMember(shop);
    await sendOtp(m.phone, 'forgot');
    const first = await lastCode(shop, m.phone, 'forgot');
    shop.clock.advance(MIN);
    await sendOtp(m.phone, 'forgot');
    const second = await lastCode(shop, m.phone, 'forgot');
    const rows = await shop.deps.db.kysely.selectFrom('otp_codes').selectAll().where('phone', '=', m.phone).execute();
    expect(JSON.stringify(rows)).not.toMatch(new RegExp(`"${first}"|"${second}"`));
    for (const r of rows) expect(r.code_hash).toMatch(/^[0-9a-f]{64}$/);
    if (first !== second) expect((await verifyForgot(m.phone, first)).json.code).toBe('OTP_INVALID');
    expect((await verifyForgot(m.phone, second)).status).toBe(200);
  });
});

describe('sessions (ASVS 7.2–7.4)', () => {
  it('tokens are 128-bit, new per login, and stored only as SHA-256', async () => {
    const a = await loginToken(shop, DEMO.phone, DEMO.password);
    const b = await loginToken(shop, DEMO.phone, DEMO.password);
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64url')).toHaveLength(16);
    const rows = await shop.deps.db.kysely.selectFrom('sessions').selectAll().execute();
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(a);
    expect(dump).not.toContain(b);
    expect(rows.map((r) => r.token_hash)).toEqual(expect.arrayContaining([sha256(a), sha256(b)]));
  });

  it('expire 7 days after login, whatever the activity', async () => {
    const token = await loginToken(shop, DEMO.phone, DEMO.password);
    shop.clock.advance(7 * DAY - 1000);
    expect((await shop.call('GET', '/api/users/info', { token })).status).toBe(200);
    shop.clock.advance(2000);
    expect((await shop.call('GET', '/api/users/info', { token })).status).toBe(401);
  });

  it('logout ends only its own session', async () => {
    const a = await loginToken(shop, DEMO.phone, DEMO.password);
    const b = await loginToken(shop, DEMO.phone, DEMO.password);
    await shop.call('POST', '/api/users/logout', { token: a });
    expect((await shop.call('GET', '/api/users/info', { token: a })).status).toBe(401);
    expect((await shop.call('GET', '/api/users/info', { token: b })).status).toBe(200);
  });

  it('a password change ends every other session and keeps the current one', async () => {
    const m = await registerMember(shop);
    const other = await loginToken(shop, m.phone, m.password);
    const r = await shop.call('PATCH', '/api/users/chpw', {
      token: m.token,
      body: { current_password: m.password, new_password: 'another fine passphrase' },
    });
    expect(r.status).toBe(200);
    expect((await shop.call('GET', '/api/users/info', { token: m.token })).status).toBe(200);
    expect((await shop.call('GET', '/api/users/info', { token: other })).status).toBe(401);
  });

  it('a reset ends every session; its ticket works once and for 15 minutes', async () => {
    const m = await registerMember(shop);
    const other = await loginToken(shop, m.phone, m.password);
    const ticketFor = async () => {
      shop.clock.advance(MIN);
      await sendOtp(m.phone, 'forgot');
      return (await verifyForgot(m.phone, await lastCode(shop, m.phone, 'forgot'))).json.result.ticket as string;
    };
    const reset = (ticket: string, new_password: string) =>
      shop.call('PATCH', '/api/users/reset-password', { body: { ticket, new_password } });

    const stale = await ticketFor();
    shop.clock.advance(15 * MIN + 1000);
    expect((await reset(stale, 'new secret phrase')).json.code).toBe('TICKET_INVALID');

    const ticket = await ticketFor();
    const stored = await shop.deps.db.kysely.selectFrom('reset_tickets').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(ticket);
    expect((await reset(ticket, 'new secret phrase')).status).toBe(200);
    expect((await reset(ticket, 'another secret phrase')).json.code).toBe('TICKET_INVALID');
    for (const token of [m.token, other]) {
      expect((await shop.call('GET', '/api/users/info', { token })).status).toBe(401);
    }
    expect(await loginToken(shop, m.phone, 'new secret phrase')).toBeTruthy();
  });
});
