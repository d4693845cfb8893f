import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueOtp } from '../../../src/server/accounts/otp.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFail, freshIp, freshPhone, LEGACY, loginToken, outbox, seedAccounts } from './users-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
  await seedAccounts(shop);
});
afterAll(() => shop.close());

const sendForgot = (phone: string) =>
  shop.call('POST', '/api/users/send-otp/phone', { body: { phone, purpose: 'forgot' }, ip: freshIp() });
const tickets = () => shop.deps.db.kysely.selectFrom('reset_tickets').selectAll().execute();

describe('an unverified phone never opens an account', () => {
  it('the takeover path through the legacy member’s unverified number ends with no ticket and the password unchanged', async () => {
    const unknown = await sendForgot(freshPhone());
    const legacy = await sendForgot(LEGACY.phone);
    expect(legacy.status).toBe(200);
    expect(legacy.json).toEqual(unknown.json);
    expect(await outbox(shop, LEGACY.phone)).toHaveLength(0);

    for (const code of ['000000', '123456']) {
      const r = await shop.call('PATCH', '/api/users/verify-otp-fp/phone', {
        body: { phone: LEGACY.phone, code },
        ip: freshIp(),
      });
      expectFail(r, 422, 'OTP_INVALID');
    }
    expect(await tickets()).toHaveLength(0);
    expect(await loginToken(shop, LEGACY.email, LEGACY.password)).toMatch(/^[\w-]{22}$/);
  });

  it('a forgot code that exists for an unverified number (issued before this rule) buys no ticket', async () => {
    const code = await issueOtp(shop.deps, LEGACY.phone, 'forgot');
    const r = await shop.call('PATCH', '/api/users/verify-otp-fp/phone', {
      body: { phone: LEGACY.phone, code },
      ip: freshIp(),
    });
    expectFail(r, 422, 'OTP_INVALID');
    expect(await tickets()).toHaveLength(0);
  });
});
