import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardedClient } from '../../../src/server/common/client-address.ts';
import { readEnv } from '../../../src/server/env.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

describe('the client address behind trusted proxies', () => {
  it('takes the entry the trusted proxy appended, not the one the client wrote', () => {
    expect(forwardedClient('198.51.100.66, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('198.51.100.66, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
    expect(forwardedClient('203.0.113.7', 1)).toBe('203.0.113.7');
    // A shorter chain than configured: every entry present was still written by a trusted proxy.
    expect(forwardedClient('203.0.113.7', 2)).toBe('203.0.113.7');
    expect(forwardedClient('2001:DB8::1', 1)).toBe('2001:db8::1');
    expect(forwardedClient('spoofed, 203.0.113.7:51234', 1)).toBe('203.0.113.7');
    expect(forwardedClient('spoofed, [2001:db8::1]:443', 1)).toBe('2001:db8::1');
  });

  it('gives no address for an off switch or a malformed entry where the proxy writes', () => {
    expect(forwardedClient('203.0.113.7', 0)).toBeNull();
    expect(forwardedClient(undefined, 1)).toBeNull();
    for (const bad of [
      '',
      ' ',
      '203.0.113.7, ',
      '203.0.113.7,unknown',
      '1.2.3.4, 999.1.1.1',
      'a\u0000b',
      '203.0.113.7,,',
    ]) {
      expect(forwardedClient(bad, 1)).toBeNull();
    }
    expect(forwardedClient(`${'1.1.1.1, '.repeat(300)}203.0.113.7`, 1)).toBeNull();
  });

  it('reads TRUST_PROXY as a number of hops', () => {
    expect(readEnv({}).TRUST_PROXY).toBe(0);
    expect(readEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(readEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => readEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => readEnv({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
  });
});

const CONTACT = { name: '王小明', email: 'ming@example.com', subject: '詢價', message: '請問有現貨嗎？' };

async function contactKeys(shop: TestShop): Promise<string[]> {
  const rows = await shop.deps.db.kysely
    .selectFrom('rate_limits')
    .select('key')
    .where('key', 'like', 'contact:ip:%')
    .execute();
  return rows.map((r) => r.key);
}

describe.each([
  { hops: 1, chain: (spoofed: string) => `${spoofed}, 203.0.113.7` },
  { hops: 2, chain: (spoofed: string) => `${spoofed}, 203.0.113.7, 10.0.0.2` },
])('per-address limits with TRUST_PROXY=$hops', ({ hops, chain }) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ env: { TRUST_PROXY: hops } });
  });
  afterAll(() => shop.close());

  it('count a client that writes a new address into X-Forwarded-For on every request', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const r = await shop.call('POST', '/api/contact', {
        body: CONTACT,
        headers: { 'x-forwarded-for': chain(`198.51.100.${i}`) },
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await contactKeys(shop)).toEqual(['contact:ip:203.0.113.7']);
  });

  it('fall back to the socket address when the trusted entry is malformed', async () => {
    const r = await shop.call('POST', '/api/contact', {
      body: CONTACT,
      ip: '192.0.2.44',
      headers: { 'x-forwarded-for': hops === 1 ? '203.0.113.9, garbage' : '203.0.113.9, garbage, 10.0.0.2' },
    });
    expect(r.status).toBe(200);
    expect(await contactKeys(shop)).toContain('contact:ip:192.0.2.44');
  });
});
