import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFail, loginToken, registerMember, seedAccounts } from '../accounts/users-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
  await seedAccounts(shop);
});
afterAll(() => shop.close());

describe('messages say what is wrong', () => {
  it('a field of the wrong type is told its type, not that it is required', async () => {
    const r = await shop.call('POST', '/api/users/login', { body: { account: 912345678, password: true }, lang: 'en' });
    expectFail(r, 400, 'VALIDATION_FAILED');
    expect(r.json.errors).toEqual({
      account: 'This field must be text, not a number.',
      password: 'This field must be text, not true or false.',
    });
    const zh = await shop.call('POST', '/api/users/send-otp/phone', { body: { phone: null, purpose: 'register' } });
    expect(zh.json.errors).toEqual({ phone: '此欄位應為文字，收到的是空值（null）。' });
    const missing = await shop.call('POST', '/api/users/login', { body: {}, lang: 'en' });
    expect(missing.json.errors).toEqual({
      account: 'This field is required.',
      password: 'This field is required.',
    });
  });

  it('a body that is null, an array, a number or a string is refused as not an object', async () => {
    for (const body of ['null', '[]', '[{"account":"a"}]', '42', '"text"', 'true']) {
      const r = await shop.call('POST', '/api/users/login', { body, lang: 'en' });
      expectFail(r, 400, 'BODY_NOT_OBJECT');
      expect(r.json.message).toBe(
        'The request body must be a JSON object ({...}), not null, an array or a single value.',
      );
    }
  });

  it('unknown query parameters are refused on the user routes too (and on regions, health, contact)', async () => {
    const m = await registerMember(shop);
    const info = await shop.call('GET', '/api/users/info?debug=1', { token: m.token, lang: 'en' });
    expectFail(info, 400, 'UNKNOWN_FIELD');
    expect(info.json.errors).toEqual({ debug: 'This field is not allowed.' });
    const token = await loginToken(shop, m.phone, m.password);
    expectFail(
      await shop.call('PATCH', '/api/users/update?admin=1', { token, body: { name: '王' } }),
      400,
      'UNKNOWN_FIELD',
    );
    expectFail(
      await shop.call('POST', '/api/users/login?x=1', { body: { account: m.phone, password: m.password } }),
      400,
      'UNKNOWN_FIELD',
    );
    for (const path of ['/api/regions?x=1', '/api/health?x=1']) {
      expectFail(await shop.call('GET', path), 400, 'UNKNOWN_FIELD');
    }
    expectFail(await shop.call('POST', '/api/contact?x=1', { body: {} }), 400, 'UNKNOWN_FIELD');
    expect((await shop.call('GET', '/api/users/info', { token })).status).toBe(200);
  });
});
