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
  registerMember,
  seedAccounts,
} from './users-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
  await seedAccounts(shop);
});
afterAll(() => shop.close());

describe('PATCH /api/users/update', () => {
  it('changes name and address, and mails a link for the new email; stores 臺 and derives the zip', async () => {
    const { token } = await registerMember(shop);
    const r = await shop.call('PATCH', '/api/users/update', {
      token,
      body: { name: '陳小春', email: ' Chen@Example.TW ', city: '台中市', area: '西屯區', addr: '市政路 1 號' },
    });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json.result).sort()).toEqual(INFO_KEYS);
    expect(r.json.result).toMatchObject({
      name: '陳小春',
      // The new email waits for its link (users-email-change.test.ts).
      email: '',
      email_verify: false,
      city: '臺中市',
      area: '西屯區',
      zipcode: '407',
      addr: '市政路 1 號',
    });
    const en = await shop.call('PATCH', '/api/users/update', {
      token,
      body: { city: 'Taipei City', area: "Da'an District" },
    });
    expect(en.json.result).toMatchObject({ city: '臺北市', area: '大安區', zipcode: '106' });
    const six = await shop.call('PATCH', '/api/users/update', { token, body: { zipcode: '106092' } });
    expect(six.json.result.zipcode).toBe('106092');
    const info = await shop.call('GET', '/api/users/info', { token });
    expect(info.json.result).toMatchObject({ city: '臺北市', area: '大安區', zipcode: '106092' });
  });

  it('drops a district not in a new city and keeps a free zipcode without one', async () => {
    const { token } = await registerMember(shop);
    await shop.call('PATCH', '/api/users/update', { token, body: { city: '臺北市', area: '中正區' } });
    const moved = await shop.call('PATCH', '/api/users/update', { token, body: { city: '嘉義市' } });
    expect(moved.json.result).toMatchObject({ city: '嘉義市', area: '', zipcode: '' });
    const zip = await shop.call('PATCH', '/api/users/update', { token, body: { zipcode: '60045' } });
    expect(zip.json.result.zipcode).toBe('60045');
    const area = await shop.call('PATCH', '/api/users/update', { token, body: { area: '東區' } });
    expect(area.json.result).toMatchObject({ city: '嘉義市', area: '東區', zipcode: '600' });
  });

  it('refuses unknown places, mismatched zips and bad formats with field errors', async () => {
    const { token } = await registerMember(shop);
    const city = await shop.call('PATCH', '/api/users/update', { token, body: { city: '火星市' }, lang: 'en' });
    expectFail(city, 400, 'VALIDATION_FAILED');
    expect(city.json.errors).toEqual({ city: 'Choose a city or county.' });
    const area = await shop.call('PATCH', '/api/users/update', { token, body: { city: '臺北市', area: '香山區' } });
    expect(area.json.errors).toEqual({ area: '請選擇鄉鎮市區。' });
    const zip = await shop.call('PATCH', '/api/users/update', {
      token,
      body: { city: '臺北市', area: '大安區', zipcode: '300' },
    });
    expect(zip.json.errors).toEqual({ zipcode: '郵遞區號與所選的鄉鎮市區不符。' });
    const fmt = await shop.call('PATCH', '/api/users/update', {
      token,
      body: { zipcode: '1234', email: 'not-mail', name: '' },
    });
    expect(Object.keys(fmt.json.errors).sort()).toEqual(['email', 'name', 'zipcode']);
    const info = await shop.call('GET', '/api/users/info', { token });
    expect(info.json.result).toMatchObject({ city: '', area: '', zipcode: '' });
  });

  it('never changes phone, status or verification flags: any other key is 400', async () => {
    const { token, phone } = await registerMember(shop);
    for (const key of ['phone', 'status', 'phone_verify', 'email_verify', 'password_hash', 'id']) {
      const r = await shop.call('PATCH', '/api/users/update', { token, body: { name: 'ok', [key]: 0 } });
      expectFail(r, 400, 'UNKNOWN_FIELD');
      expect(Object.keys(r.json.errors)).toEqual([key]);
    }
    const info = await shop.call('GET', '/api/users/info', { token });
    expect(info.json.result).toMatchObject({ name: '測試會員', phone, status: true, phone_verify: true });
  });

  it('answers another member’s email as any other, 401 without a token, 413 for a large body', async () => {
    const { token } = await registerMember(shop);
    const r = await shop.call('PATCH', '/api/users/update', { token, body: { email: DEMO.email.toUpperCase() } });
    const free = await shop.call('PATCH', '/api/users/update', { token, body: { email: 'free-address@example.tw' } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual(free.json);
    expectFail(await shop.call('PATCH', '/api/users/update', { body: { name: 'x' } }), 401, 'UNAUTHENTICATED');
    expectFail(await shop.call('PATCH', '/api/users/update', { token, body: { addr: BIG } }), 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('PATCH /api/users/chpw', () => {
  it('changes the password with the current one', async () => {
    const m = await registerMember(shop);
    const r = await shop.call('PATCH', '/api/users/chpw', {
      token: m.token,
      body: { current_password: m.password, new_password: 'a brand new passphrase' },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: true, result: { ok: true }, message: '' });
    await expect(loginToken(shop, m.phone, 'a brand new passphrase')).resolves.toBeTruthy();
    await expect(loginToken(shop, m.phone, m.password)).rejects.toThrow(/INVALID_CREDENTIALS/);
  });

  it('answers 422 WRONG_PASSWORD for a wrong current password and keeps the hash', async () => {
    const m = await registerMember(shop);
    const before = await shop.deps.db.kysely
      .selectFrom('members')
      .select('password_hash')
      .where('phone', '=', m.phone)
      .executeTakeFirstOrThrow();
    const r = await shop.call('PATCH', '/api/users/chpw', {
      token: m.token,
      body: { current_password: 'wrong password', new_password: 'a brand new passphrase' },
    });
    expectFail(r, 422, 'WRONG_PASSWORD');
    const after = await shop.deps.db.kysely
      .selectFrom('members')
      .select('password_hash')
      .where('phone', '=', m.phone)
      .executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(before.password_hash);
  });

  it('checks the new password, limits guesses, and needs a token', async () => {
    const m = await registerMember(shop);
    const weak = await shop.call('PATCH', '/api/users/chpw', {
      token: m.token,
      body: { current_password: m.password, new_password: 'qwerty123' },
    });
    expectFail(weak, 400, 'VALIDATION_FAILED');
    expect(weak.json.errors).toEqual({ new_password: '這個密碼太常見，請換一個更不易猜到的密碼。' });
    const body = { current_password: 'wrong password', new_password: 'a brand new passphrase' };
    for (let i = 0; i < 5; i++) {
      expect((await shop.call('PATCH', '/api/users/chpw', { token: m.token, body })).status).toBe(422);
    }
    const blocked = await shop.call('PATCH', '/api/users/chpw', {
      token: m.token,
      body: { ...body, current_password: m.password },
    });
    expectFail(blocked, 429, 'RATE_LIMITED');
    expect(blocked.headers.get('retry-after')).toBeTruthy();
    expectFail(await shop.call('PATCH', '/api/users/chpw', { body }), 401, 'UNAUTHENTICATED');
    expectFail(
      await shop.call('PATCH', '/api/users/chpw', { token: m.token, body: { ...body, extra: 1 } }),
      400,
      'UNKNOWN_FIELD',
    );
    expectFail(
      await shop.call('PATCH', '/api/users/chpw', { token: m.token, body: { current_password: BIG } }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });
});

describe('PATCH /api/users/verify-otp', () => {
  it('verifies the legacy member’s phone and answers the updated info', async () => {
    const token = await loginToken(shop, LEGACY.email, LEGACY.password);
    shop.clock.advance(61_000);
    const sent = await shop.call('POST', '/api/users/send-otp/phone', {
      body: { phone: LEGACY.phone, purpose: 'verify' },
      token,
      ip: freshIp(),
    });
    expect(sent.status).toBe(200);
    const code = await lastCode(shop, LEGACY.phone, 'verify');
    const wrong = await shop.call('PATCH', '/api/users/verify-otp', {
      token,
      body: { code: code === '999999' ? '999998' : '999999' },
    });
    expectFail(wrong, 422, 'OTP_INVALID');
    const r = await shop.call('PATCH', '/api/users/verify-otp', { token, body: { code } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json.result).sort()).toEqual(INFO_KEYS);
    expect(r.json.result).toMatchObject({ phone: LEGACY.phone, phone_verify: true });
  });

  it('answers 400 for a bad code or extra key, 401 without a token', async () => {
    const token = await loginToken(shop, DEMO.phone, DEMO.password);
    const bad = await shop.call('PATCH', '/api/users/verify-otp', { token, body: { code: '12' } });
    expect(bad.json.errors).toEqual({ code: '請輸入 6 位數驗證碼。' });
    expectFail(
      await shop.call('PATCH', '/api/users/verify-otp', { token, body: { code: '123456', phone: '0911111111' } }),
      400,
      'UNKNOWN_FIELD',
    );
    expectFail(await shop.call('PATCH', '/api/users/verify-otp', { body: { code: '123456' } }), 401, 'UNAUTHENTICATED');
    expectFail(
      await shop.call('PATCH', '/api/users/verify-otp', { token, body: { code: BIG } }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });
});

describe('forgot password: PATCH /api/users/verify-otp-fp/phone and /reset-password', () => {
  it('trades the code for a ticket and the ticket for a new password', async () => {
    const m = await registerMember(shop);
    await shop.call('POST', '/api/users/send-otp/phone', {
      body: { phone: m.phone, purpose: 'forgot' },
      ip: freshIp(),
    });
    const code = await lastCode(shop, m.phone, 'forgot');
    const t = await shop.call('PATCH', '/api/users/verify-otp-fp/phone', { body: { phone: m.phone, code } });
    expect(t.status).toBe(200);
    expect(Object.keys(t.json.result).sort()).toEqual(['expires_at', 'ticket']);
    expect(t.json.result.ticket).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(t.json.result.expires_at).toBe(new Date(shop.clock.now() + 15 * 60_000).toISOString());
    const r = await shop.call('PATCH', '/api/users/reset-password', {
      body: { ticket: t.json.result.ticket, new_password: 'reset to something new' },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: true, result: { ok: true }, message: '' });
    await expect(loginToken(shop, m.phone, 'reset to something new')).resolves.toBeTruthy();
  });

  it('refuses a wrong code (422), a bad ticket (400/422) and a weak password (400)', async () => {
    const wrong = await shop.call('PATCH', '/api/users/verify-otp-fp/phone', {
      body: { phone: freshPhone(), code: '123456' },
    });
    expectFail(wrong, 422, 'OTP_INVALID');
    const malformed = await shop.call('PATCH', '/api/users/reset-password', {
      body: { ticket: 'abc', new_password: 'reset to something new' },
    });
    expectFail(malformed, 400, 'VALIDATION_FAILED');
    const unknown = await shop.call('PATCH', '/api/users/reset-password', {
      body: { ticket: 'A'.repeat(22), new_password: 'reset to something new' },
    });
    expectFail(unknown, 422, 'TICKET_INVALID');
    const weak = await shop.call('PATCH', '/api/users/reset-password', {
      body: { ticket: 'A'.repeat(22), new_password: '1234567' },
    });
    expect(weak.json.errors).toEqual({ new_password: '密碼至少需要 8 個字元。' });
  });

  it('limits code checks per IP: the 31st in a minute is 429 for register, verify and forgot', async () => {
    const ip = freshIp();
    const body = { phone: freshPhone(), code: '123456' };
    for (let i = 0; i < 30; i++) {
      expect((await shop.call('PATCH', '/api/users/verify-otp-fp/phone', { body, ip })).status).toBe(422);
    }
    const forgot = await shop.call('PATCH', '/api/users/verify-otp-fp/phone', { body, ip });
    expectFail(forgot, 429, 'RATE_LIMITED');
    expect(Number(forgot.headers.get('retry-after'))).toBeGreaterThan(0);
    const reg = await shop.call('POST', '/api/users/register', {
      body: { ...body, name: '陳大文', password: 'a long passphrase' },
      ip,
    });
    expectFail(reg, 429, 'RATE_LIMITED');
    const token = await loginToken(shop, DEMO.phone, DEMO.password);
    expectFail(
      await shop.call('PATCH', '/api/users/verify-otp', { token, body: { code: '123456' }, ip }),
      429,
      'RATE_LIMITED',
    );
    expect((await shop.call('PATCH', '/api/users/verify-otp-fp/phone', { body, ip: freshIp() })).status).toBe(422);
  });

  it('refuses unknown keys and large bodies', async () => {
    expectFail(
      await shop.call('PATCH', '/api/users/verify-otp-fp/phone', {
        body: { phone: freshPhone(), code: '123456', purpose: 'register' },
      }),
      400,
      'UNKNOWN_FIELD',
    );
    expectFail(
      await shop.call('PATCH', '/api/users/reset-password', {
        body: { ticket: 'A'.repeat(22), new_password: 'reset to something new', member_id: 1 },
      }),
      400,
      'UNKNOWN_FIELD',
    );
    expectFail(
      await shop.call('PATCH', '/api/users/verify-otp-fp/phone', { body: { code: BIG } }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expectFail(
      await shop.call('PATCH', '/api/users/reset-password', { body: { ticket: BIG } }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });
});
