import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { DEMO, expectFail, freshIp, freshPhone, outbox, seedAccounts } from '../accounts/users-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
  await seedAccounts(shop);
});
afterAll(() => shop.close());

/** A request another site's page can make without a CORS preflight. */
const simple = (method: string, path: string, body: unknown, contentType: string | null) => {
  const headers: Record<string, string> = { origin: 'https://evil.example', 'x-test-ip': freshIp() };
  if (contentType) headers['content-type'] = contentType;
  return shop.app.request(path, { method, headers, body: JSON.stringify(body) });
};

describe('bodies must be declared application/json', () => {
  it('send-otp, contact, register and login refuse text/plain with 415 and the envelope, doing nothing', async () => {
    const phone = freshPhone();
    const calls: [string, string, unknown][] = [
      ['POST', '/api/users/send-otp/phone', { phone, purpose: 'register' }],
      ['POST', '/api/contact', { name: '王', email: 'a@example.tw', subject: 's', message: 'm' }],
      ['POST', '/api/users/register', { name: '王', phone, password: 'correct horse battery', code: '123456' }],
      ['POST', '/api/users/login', { account: DEMO.phone, password: DEMO.password }],
    ];
    for (const [method, path, body] of calls) {
      for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', null]) {
        const res = await simple(method, path, body, type);
        expect(res.status, `${path} ${type}`).toBe(415);
        expect(await res.json()).toMatchObject({ status: false, result: null, code: 'UNSUPPORTED_MEDIA_TYPE' });
      }
    }
    expect(await outbox(shop, phone)).toHaveLength(0);
    const messages = await shop.deps.db.kysely.selectFrom('contact_messages').select('id').execute();
    expect(messages).toHaveLength(0);
  });

  it('the message names the expected type in the request’s language', async () => {
    const r = await shop.call('POST', '/api/users/login', {
      headers: { 'content-type': 'text/plain' },
      lang: 'en',
    });
    expectFail(r, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(r.json.message).toContain('application/json');
  });

  it('application/json with a charset parameter is accepted', async () => {
    const res = await simple(
      'POST',
      '/api/users/login',
      { account: DEMO.phone, password: DEMO.password },
      'application/json; charset=utf-8',
    );
    expect(res.status).toBe(200);
  });
});
