import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe('API core', () => {
  it('answers health with the envelope', async () => {
    const r = await shop.call('GET', '/api/health');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: true, result: { ok: true, database: shop.deps.db.dialect }, message: '' });
  });

  it('answers an unknown API route with a localized 404 envelope', async () => {
    const zh = await shop.call('GET', '/api/nope');
    expect(zh.status).toBe(404);
    expect(zh.json).toMatchObject({
      status: false,
      result: null,
      code: 'ROUTE_NOT_FOUND',
      message: '沒有這個 API 路徑。',
    });
    const en = await shop.call('GET', '/api/nope', { lang: 'en-US,en;q=0.9' });
    expect(en.json.message).toBe('There is no such API route.');
  });

  it('refuses a body over 100 kB with 413', async () => {
    const r = await shop.call('POST', '/api/contact', { body: { message: 'x'.repeat(101 * 1024) } });
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ status: false, code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('provider choice', () => {
  it('refuses to serve production with the SMS outbox unless simulators are allowed', async () => {
    const { assertServingConfig, pickSms } = await import('../../../src/server/deps.ts');
    const { readEnv } = await import('../../../src/server/env.ts');
    const prod = readEnv({ NODE_ENV: 'production' });
    expect(() => assertServingConfig(prod)).toThrow(/SMS_PROVIDER=http/);
    expect(() => assertServingConfig({ ...prod, ALLOW_SIMULATORS: '1' })).not.toThrow();
    expect(() => assertServingConfig(readEnv({ NODE_ENV: 'development' }))).not.toThrow();
    expect(pickSms(prod, shop.deps.db, shop.clock).name).toBe('outbox');
  });
});
