import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import {
  BIG,
  DEMO,
  expectFail,
  freshIp,
  freshPhone,
  INFO_KEYS,
  LEGACY,
  lastCode,
  loginToken,
  outbox,
  seedAccounts,
} from './users-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
  await seedAccounts(shop);
});
afterAll(() => shop.close());

describe('POST /api/users/send-otp/phone', () => {
  it('sends a 6-digit code and answers {sent, resend_after}', async () => {
    const phone = freshPhone();
    const r = await shop.call('POST', '/api/users/send-otp/phone', {
      body: { phone: `+886 ${phone.slice(1, 4)}-${phone.slice(4)}`, purpose: 'register' },
      ip: freshIp(),
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: true, result: { sent: true, resend_after: 60 }, message: '' });
    expect(r.headers.get('cache-control')).toBe('no-store');
    const [msg] = await outbox(shop, phone);
    expect(msg?.purpose).toBe('register');
    expect(msg?.code).toMatch(/^\d{6}$/);
    expect(msg?.text).toBe(`【聲林音響】您的註冊驗證碼為 ${msg?.code}，5 分鐘內有效。請勿將驗證碼告訴他人。`);
  });

  it('refuses a bad phone or purpose with field errors in the request language', async () => {
    const r = await shop.call('POST', '/api/users/send-otp/phone', {
      body: { phone: '12345', purpose: 'spam' },
      lang: 'en',
    });
    expectFail(r, 400, 'VALIDATION_FAILED');
    expect(r.json.errors).toEqual({
      phone: 'Enter a 10-digit mobile number starting with 09.',
      purpose: 'The code purpose is not valid.',
    });
    const zh = await shop.call('POST', '/api/users/send-otp/phone', { body: {} });
    expect(zh.json.errors).toEqual({ phone: '此欄位為必填。', purpose: '此欄位為必填。' });
  });

  it('refuses unknown keys, bad JSON and bodies over 100 kB', async () => {
    const r = await shop.call('POST', '/api/users/send-otp/phone', {
      body: { phone: freshPhone(), purpose: 'register', admin: true },
    });
    expectFail(r, 400, 'UNKNOWN_FIELD');
    expect(Object.keys(r.json.errors)).toEqual(['admin']);
    expectFail(await shop.call('POST', '/api/users/send-otp/phone', { body: '{"phone":' }), 400, 'INVALID_JSON');
    const big = await shop.call('POST', '/api/users/send-otp/phone', {
      body: { phone: freshPhone(), purpose: BIG },
    });
    expectFail(big, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers 429 with Retry-After for a second send within 60 s', async () => {
    const phone = freshPhone();
    const body = { phone, purpose: 'register' };
    expect((await shop.call('POST', '/api/users/send-otp/phone', { body, ip: freshIp() })).status).toBe(200);
    const again = await shop.call('POST', '/api/users/send-otp/phone', { body, ip: freshIp() });
    expectFail(again, 429, 'RATE_LIMITED');
    expect(Number(again.headers.get('retry-after'))).toBe(60);
  });

  it('sends a verify code only to the signed-in member’s own phone', async () => {
    const body = { phone: LEGACY.phone, purpose: 'verify' };
    expectFail(await shop.call('POST', '/api/users/send-otp/phone', { body }), 401, 'UNAUTHENTICATED');
    const token = await loginToken(shop, LEGACY.email, LEGACY.password);
    const other = await shop.call('POST', '/api/users/send-otp/phone', {
      body: { phone: DEMO.phone, purpose: 'verify' },
      token,
    });
    expectFail(other, 400, 'VALIDATION_FAILED');
    expect(other.json.errors).toEqual({ phone: '請輸入您帳號登記的手機號碼。' });
    const own = await shop.call('POST', '/api/users/send-otp/phone', { body, token, ip: freshIp() });
    expect(own.status).toBe(200);
    expect((await outbox(shop, LEGACY.phone))[0]?.purpose).toBe('verify');
  });
});

describe('POST /api/users/register', () => {
  it('creates a phone-verified member and answers {token, expires_at}', async () => {
    const phone = freshPhone();
    await shop.call('POST', '/api/users/send-otp/phone', { body: { phone, purpose: 'register' }, ip: freshIp() });
    const code = await lastCode(shop, phone);
    const r = await shop.call('POST', '/api/users/register', {
      body: { name: ' 陳大文 ', phone, password: '我的密碼很長很長', code },
    });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json.result).sort()).toEqual(['expires_at', 'token']);
    expect(r.json.result.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(r.json.result.expires_at).toBe(new Date(shop.clock.now() + 7 * 86_400_000).toISOString());
    const info = await shop.call('GET', '/api/users/info', { token: r.json.result.token });
    expect(info.json.result).toMatchObject({ name: '陳大文', phone, mobile: phone, phone_verify: true, email: '' });
  });

  it('refuses a wrong code with 422 OTP_INVALID', async () => {
    const phone = freshPhone();
    await shop.call('POST', '/api/users/send-otp/phone', { body: { phone, purpose: 'register' }, ip: freshIp() });
    const code = await lastCode(shop, phone);
    const wrong = code === '000000' ? '000001' : '000000';
    const r = await shop.call('POST', '/api/users/register', {
      body: { name: '陳大文', phone, password: 'a long passphrase', code: wrong },
    });
    expectFail(r, 422, 'OTP_INVALID');
  });

  it('names every bad field, including short, common and phone-equal passwords', async () => {
    const bad = await shop.call('POST', '/api/users/register', {
      body: { name: '', phone: '0812345678', password: 'short', code: '12ab' },
      lang: 'en',
    });
    expectFail(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json.errors).toEqual({
      name: 'Enter a name of 1 to 50 characters.',
      phone: 'Enter a 10-digit mobile number starting with 09.',
      password: 'The password needs at least 8 characters.',
      code: 'Enter the 6-digit code.',
    });
    const body = { name: '陳大文', phone: freshPhone(), code: '123456' };
    const common = await shop.call('POST', '/api/users/register', { body: { ...body, password: 'Password123' } });
    expect(common.json.errors).toEqual({ password: '這個密碼太常見，請換一個更不易猜到的密碼。' });
    const long = await shop.call('POST', '/api/users/register', { body: { ...body, password: 'é'.repeat(129) } });
    expect(long.json.errors).toEqual({ password: '密碼最多 128 個字元。' });
    const same = await shop.call('POST', '/api/users/register', { body: { ...body, password: body.phone } });
    expect(same.json.errors).toEqual({ password: '這個密碼太常見，請換一個更不易猜到的密碼。' });
  });

  it('refuses unknown keys (no mass assignment) and large bodies', async () => {
    const r = await shop.call('POST', '/api/users/register', {
      body: { name: 'x', phone: freshPhone(), password: 'a long passphrase', code: '123456', phone_verify: 1 },
    });
    expectFail(r, 400, 'UNKNOWN_FIELD');
    const proto = await shop.call('POST', '/api/users/register', {
      body: '{"name":"x","phone":"0911000000","password":"a long passphrase","code":"123456","__proto__":{"status":0}}',
    });
    expectFail(proto, 400, 'UNKNOWN_FIELD');
    expectFail(await shop.call('POST', '/api/users/register', { body: { name: BIG } }), 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('POST /api/users/login', () => {
  it('logs in by phone or by email and answers {token, expires_at}', async () => {
    for (const account of [DEMO.phone, '+886 912 345 678', DEMO.email, 'Demo@Soundwood.TW']) {
      const r = await shop.call('POST', '/api/users/login', {
        body: { account, password: DEMO.password },
        ip: freshIp(),
      });
      expect(r.status).toBe(200);
      expect(r.json.status).toBe(true);
      expect(Object.keys(r.json.result).sort()).toEqual(['expires_at', 'token']);
    }
  });

  it('lets the legacy member in by email, not by the unverified phone', async () => {
    expect(await loginToken(shop, LEGACY.email, LEGACY.password)).toMatch(/^[\w-]{22}$/);
    const byPhone = await shop.call('POST', '/api/users/login', {
      body: { account: LEGACY.phone, password: LEGACY.password },
      ip: freshIp(),
    });
    expectFail(byPhone, 401, 'INVALID_CREDENTIALS');
  });

  it('refuses a wrong password with 401 and a bad account with 400', async () => {
    const wrong = await shop.call('POST', '/api/users/login', {
      body: { account: DEMO.email, password: 'not the password' },
      ip: freshIp(),
      lang: 'en',
    });
    expectFail(wrong, 401, 'INVALID_CREDENTIALS');
    expect(wrong.json.message).toBe('The account or password is incorrect.');
    const bad = await shop.call('POST', '/api/users/login', { body: { account: 'abc', password: '' } });
    expectFail(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json.errors).toEqual({ account: '請輸入手機號碼或電子郵件。', password: '此欄位為必填。' });
  });

  it('answers 429 with Retry-After after five failures, unknown keys 400, large bodies 413', async () => {
    const ip = freshIp();
    const body = { account: 'nobody-here@soundwood.tw', password: 'guess guess' };
    for (let i = 0; i < 5; i++) {
      expect((await shop.call('POST', '/api/users/login', { body, ip })).status).toBe(401);
    }
    const blocked = await shop.call('POST', '/api/users/login', { body, ip });
    expectFail(blocked, 429, 'RATE_LIMITED');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expectFail(
      await shop.call('POST', '/api/users/login', { body: { ...body, remember: true } }),
      400,
      'UNKNOWN_FIELD',
    );
    expectFail(await shop.call('POST', '/api/users/login', { body: { account: BIG } }), 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('POST /api/users/logout', () => {
  it('ends the session; the token is refused afterwards', async () => {
    const token = await loginToken(shop, DEMO.phone, DEMO.password);
    const r = await shop.call('POST', '/api/users/logout', { token });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: true, result: { ok: true }, message: '' });
    expectFail(await shop.call('GET', '/api/users/info', { token }), 401, 'UNAUTHENTICATED');
    expectFail(await shop.call('POST', '/api/users/logout', { token }), 401, 'UNAUTHENTICATED');
  });
});

describe('GET /api/users/info', () => {
  it('answers the user info of spec section 3 with booleans and no-store', async () => {
    const token = await loginToken(shop, DEMO.phone, DEMO.password);
    const r = await shop.call('GET', '/api/users/info', { token });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(r.json.result).sort()).toEqual(INFO_KEYS);
    expect(r.json.result).toMatchObject({
      id: expect.any(Number),
      no: expect.stringMatching(/^M\d{12}$/),
      uid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: DEMO.email,
      phone: DEMO.phone,
      mobile: DEMO.phone,
      email_verify: true,
      phone_verify: true,
      name: '王小明',
      zipcode: '106',
      city: '臺北市',
      area: '大安區',
      status: true,
      created_at: new Date(shop.clock.now()).toISOString(),
    });
    expect(JSON.stringify(r.json)).not.toContain('password');
  });

  it('answers 401 without a token, with a bad token, and with a cookie alone', async () => {
    const token = await loginToken(shop, DEMO.phone, DEMO.password);
    expectFail(await shop.call('GET', '/api/users/info'), 401, 'UNAUTHENTICATED');
    expectFail(await shop.call('GET', '/api/users/info', { token: 'x'.repeat(22) }), 401, 'UNAUTHENTICATED');
    expectFail(await shop.call('GET', '/api/users/info', { token: 'not a token' }), 401, 'UNAUTHENTICATED');
    const cookie = await shop.call('GET', '/api/users/info', { headers: { cookie: `accessToken=${token}` } });
    expectFail(cookie, 401, 'UNAUTHENTICATED');
  });
});
