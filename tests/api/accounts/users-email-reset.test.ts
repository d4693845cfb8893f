import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpEmail } from '../../../src/server/providers/email-smtp.ts';
import { startSmtpSink } from '../../helpers/smtp-sink.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { DEMO, expectFail, freshIp, LEGACY, loginToken, seedAccounts } from './users-helpers.ts';

const MIN = 60_000;

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
  await seedAccounts(shop);
});
afterAll(() => shop.close());

const sendReset = (email: string, opts: { ip?: string; lang?: string } = {}) =>
  shop.call('POST', '/api/users/send-reset/email', { body: { email }, ip: opts.ip ?? freshIp(), lang: opts.lang });
const emails = (email: string) =>
  shop.call('GET', `/api/dev/email-outbox?email=${encodeURIComponent(email)}`).then((r) => r.json.result);
const tokenOf = (link: string) => /#token=([\w-]{22})$/.exec(link)?.[1] ?? '';
const reset = (ticket: string, new_password: string) =>
  shop.call('PATCH', '/api/users/reset-password', { body: { ticket, new_password } });

describe('password reset by email for a member without a verified phone', () => {
  it('sends a single-use link to the verified email; unknown addresses get the same answer and nothing', async () => {
    const unknown = await sendReset('nobody@example.tw');
    const legacy = await sendReset(LEGACY.email.toUpperCase(), { lang: 'en' });
    expect(legacy.status).toBe(200);
    expect(legacy.json).toEqual({ status: true, result: { sent: true }, message: '' });
    expect(unknown.json).toEqual(legacy.json);
    expect(await emails('nobody@example.tw')).toEqual([]);

    const [mail] = await emails(LEGACY.email);
    expect(mail.purpose).toBe('reset');
    expect(mail.subject).toMatch(/Reset your password/);
    expect(mail.link).toMatch(/^http:\/\/localhost:4321\/en\/reset-link#token=[\w-]{22}$/);
    expect(mail.text).toContain(mail.link);
    expect(mail.text).toContain('30 minutes');
    // Only the hash is stored.
    const stored = await shop.deps.db.kysely.selectFrom('reset_tickets').select('ticket_hash').execute();
    expect(stored.map((s) => s.ticket_hash)).not.toContain(tokenOf(mail.link));

    const newPassword = 'Quiet-Harbour-Lamp-31';
    expect((await reset(tokenOf(mail.link), newPassword)).status).toBe(200);
    expectFail(await reset(tokenOf(mail.link), 'Another-Fine-Pass-77'), 422, 'TICKET_INVALID');
    expect(await loginToken(shop, LEGACY.email, newPassword)).toBeTruthy();
    const old = await shop.call('POST', '/api/users/login', {
      body: { account: LEGACY.email, password: LEGACY.password },
      ip: freshIp(),
    });
    expectFail(old, 401, 'INVALID_CREDENTIALS');
  });

  it('a link stops working 30 minutes after it was sent', async () => {
    await sendReset(DEMO.email);
    const [mail] = await emails(DEMO.email);
    shop.clock.advance(30 * MIN + 1);
    expectFail(await reset(tokenOf(mail.link), 'Late-Evening-Train-8'), 422, 'TICKET_INVALID');
  });

  it('limits links per address (3 an hour), alike for known and unknown addresses', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push((await sendReset('demo@soundwood.tw')).status);
      unknown.push((await sendReset('stranger@example.tw')).status);
    }
    // The first test of this file used none of demo's budget; the second used one.
    expect(known).toEqual([200, 200, 429, 429]);
    expect(unknown).toEqual([200, 200, 200, 429]);
  });

  it('refuses a body that is not an email address, beside the field', async () => {
    const r = await sendReset('not-an-email');
    expectFail(r, 400, 'VALIDATION_FAILED');
    expect(Object.keys(r.json.errors)).toEqual(['email']);
  });
});

describe('SMTP adapter', () => {
  it('delivers the message over SMTP to the mail server of SMTP_URL', async () => {
    const sink = await startSmtpSink();
    try {
      const mail = smtpEmail({ url: sink.url, from: '聲林音響 <no-reply@soundwood.tw>' });
      await mail.send({
        to: 'member@example.tw',
        purpose: 'reset',
        subject: '重設您的密碼',
        text: '請開啟連結：https://shop.example/reset-link#token=abc',
        link: 'https://shop.example/reset-link#token=abc',
      });
      expect(sink.mails).toHaveLength(1);
      expect(sink.mails[0]?.from).toBe('no-reply@soundwood.tw');
      expect(sink.mails[0]?.to).toEqual(['member@example.tw']);
      expect(sink.mails[0]?.data).toMatch(/^Subject: =\?UTF-8\?/m);
    } finally {
      await sink.close();
    }
  });

  it('a refused recipient fails the send', async () => {
    const sink = await startSmtpSink({ failRcpt: true });
    try {
      const mail = smtpEmail({ url: sink.url, from: 'no-reply@soundwood.tw' });
      await expect(
        mail.send({ to: 'gone@example.tw', purpose: 'reset', subject: 's', text: 't', link: 'l' }),
      ).rejects.toThrow(/550/);
      expect(sink.mails).toHaveLength(0);
    } finally {
      await sink.close();
    }
  });
});

describe('email outbox in production', () => {
  it('a production start refuses the email outbox unless ALLOW_SIMULATORS=1', async () => {
    const { assertServingConfig } = await import('../../../src/server/deps.ts');
    const { readEnv } = await import('../../../src/server/env.ts');
    const prod = readEnv({ NODE_ENV: 'production', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example/send' });
    expect(() => assertServingConfig(prod)).toThrow(/EMAIL_PROVIDER=smtp/);
    expect(() => assertServingConfig({ ...prod, ALLOW_SIMULATORS: '1' })).not.toThrow();
    expect(() =>
      assertServingConfig({ ...prod, EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://mail.example:587' }),
    ).not.toThrow();
  });
});
