import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../../src/server/accounts/login-guard.ts';
import { SMS_LIMITS } from '../../../src/server/accounts/sms-limits.ts';
import { LINE_ISSUER, SIMULATOR_CHANNEL } from '../../../src/server/providers/line/config.ts';
import { checkIdToken, signIdToken } from '../../../src/server/providers/line/id-token.ts';
import { freshIp, freshPhone, lastCode, outbox } from '../accounts/users-helpers.ts';
import { createLineShop, freshLineName, START, signInWithLine } from './line-helpers.ts';

let shop: Awaited<ReturnType<typeof createLineShop>>;
beforeAll(async () => {
  shop = await createLineShop();
});
afterAll(() => shop.close());

const stateRows = async () =>
  Number(
    (
      await shop.deps.db.kysely
        .selectFrom('line_login_states')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET /api/auth/line/start is limited per address', () => {
  it('answers 429 with Retry-After past the sign-in limit, and writes no row for it', async () => {
    const ip = freshIp();
    const start = () => shop.app.request(`${START}?return=/`, { headers: { 'x-test-ip': ip } });
    for (let i = 0; i < LOGIN_LIMITS.perIp.max; i++) expect((await start()).status).toBe(302);
    const before = await stateRows();
    const refused = await start();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ status: false, code: 'RATE_LIMITED' });
    expect(await stateRows()).toBe(before);
    // Another address is not held back.
    expect((await shop.app.request(`${START}?return=/`, { headers: { 'x-test-ip': freshIp() } })).status).toBe(302);
  });
});

describe('POST /api/auth/line/phone/send tells no one whose number it is', () => {
  /** A LINE member who verified `phone`, and another one without a phone. */
  async function holderAndAsker() {
    const holder = await signInWithLine(shop, freshLineName());
    const phone = freshPhone();
    const ip = freshIp();
    await shop.call('POST', '/api/auth/line/phone/send', { token: holder.token!, body: { phone }, ip });
    const code = await lastCode(shop, phone, 'verify');
    const done = await shop.call('PATCH', '/api/auth/line/phone', { token: holder.token!, body: { phone, code }, ip });
    expect(done.status).toBe(200);
    const asker = await signInWithLine(shop, freshLineName());
    // Past the number's minute between two texts of one purpose.
    shop.clock.advance(SMS_LIMITS.cooldownMs);
    return { phone, token: asker.token! };
  }

  it('answers a member’s number as a free one; its holder is told by text, with no code', async () => {
    const { phone, token } = await holderAndAsker();
    const taken = await shop.call('POST', '/api/auth/line/phone/send', {
      token,
      body: { phone },
      ip: freshIp(),
      lang: 'en',
    });
    const free = await shop.call('POST', '/api/auth/line/phone/send', {
      token,
      body: { phone: freshPhone() },
      ip: freshIp(),
      lang: 'en',
    });
    expect(taken.status).toBe(200);
    expect(taken.json).toEqual(free.json);
    const [told] = await outbox(shop, phone);
    expect(told).toMatchObject({ purpose: 'verify', code: '' });
    expect(told!.text).toContain('已經是會員');
    // No code reached the number, so no code puts it on the asker's account: any code is wrong, as for a free number.
    const wrong = await shop.call('PATCH', '/api/auth/line/phone', {
      token,
      body: { phone, code: '123456' },
      ip: freshIp(),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.code).toBe('OTP_INVALID');
  });

  it('counts every request against the address’s text-message limit first, taken numbers included', async () => {
    const { phone, token } = await holderAndAsker();
    const ip = freshIp();
    const answers: number[] = [];
    // One hour's worth from one address: the first goes to the number, the next wait their minute.
    for (let i = 0; i < SMS_LIMITS.perIpHour; i++)
      answers.push((await shop.call('POST', '/api/auth/line/phone/send', { token, body: { phone }, ip })).status);
    expect(answers[0]).toBe(200);
    expect(answers.every((s) => s === 200 || s === 429)).toBe(true);
    const over = await shop.call('POST', '/api/auth/line/phone/send', { token, body: { phone: freshPhone() }, ip });
    expect(over.status).toBe(429);
    expect(over.json.code).toBe('RATE_LIMITED');
  });
});

describe('a return path with control characters', () => {
  it('is refused at the start: the sign-in comes back to the home page, never to a header Node refuses', async () => {
    for (const bad of ['/cart\u001c', '/cart\u007f', '/cart\u0000x', '/cart\u200f']) {
      const r = await signInWithLine(shop, freshLineName(), bad);
      expect(r.status).toBe(302);
      expect(r.location).toBe('/');
      expect(r.token).toBeTruthy();
    }
    const rows = await shop.deps.db.kysely.selectFrom('line_login_states').select('return_path').execute();
    // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
    expect(rows.filter((row) => /[\u0000-\u001f\u007f\u200f]/.test(row.return_path))).toEqual([]);
  });
});

describe('the ID token check (jose)', () => {
  const now = 2_000_000_000;
  const claims = { iss: LINE_ISSUER, sub: 'Uabc', aud: SIMULATOR_CHANNEL.id, exp: now + 60, iat: now };
  const opts = { channelId: SIMULATOR_CHANNEL.id, channelSecret: SIMULATOR_CHANNEL.secret, issuer: LINE_ISSUER };

  it('gives another clock its leeway past the expiry, and no more', async () => {
    const token = await signIdToken(claims, SIMULATOR_CHANNEL.secret);
    expect('claims' in (await checkIdToken(token, { ...opts, nowS: now + 90, clockToleranceS: 60 }))).toBe(true);
    expect(await checkIdToken(token, { ...opts, nowS: now + 121, clockToleranceS: 60 })).toEqual({
      problem: 'expired',
    });
  });

  it('takes HS256 only, and refuses a token without a subject or an expiry', async () => {
    const key = new TextEncoder().encode(SIMULATOR_CHANNEL.secret);
    const hs512 = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS512' }).sign(key);
    expect(await checkIdToken(hs512, { ...opts, nowS: now })).toEqual({ problem: 'signature' });
    const { sub: _sub, ...noSub } = claims;
    const anonymous = await new SignJWT(noSub).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect(await checkIdToken(anonymous, { ...opts, nowS: now })).toEqual({ problem: 'malformed' });
    const { exp: _exp, ...noExp } = claims;
    const forever = await new SignJWT(noExp).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect(await checkIdToken(forever, { ...opts, nowS: now })).toEqual({ problem: 'expired' });
    expect(await checkIdToken('not.a.token', { ...opts, nowS: now })).toEqual({ problem: 'malformed' });
  });
});
