import { scryptSync } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseHash, passwordBytes } from '../../../src/server/accounts/passwords.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { freshIp, registerMember } from './users-helpers.ts';

const MIN = 60_000;

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const login = (account: string, password: string) =>
  shop.call('POST', '/api/users/login', { body: { account, password }, ip: freshIp() });

describe('password storage (ASVS 11.4.2)', () => {
  let strong: TestShop;
  beforeAll(async () => {
    strong = await createTestShop({ env: { SCRYPT_LOG_N: 17 } });
  });
  afterAll(() => strong.close());

  it('stores scrypt N=2^17, r=8, p=1 with a 16-byte salt, and the hash verifies with those parameters', async () => {
    const m = await registerMember(strong, { password: 'Soundwood 聲林 2026' });
    const row = await strong.deps.db.kysely
      .selectFrom('members')
      .select('password_hash')
      .where('phone', '=', m.phone)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
    const h = parseHash(row.password_hash);
    expect(h).toMatchObject({ logN: 17, r: 8, p: 1 });
    expect(h?.salt).toHaveLength(16);
    expect(h?.key).toHaveLength(32);
    const again = scryptSync(passwordBytes('Soundwood 聲林 2026'), h!.salt, 32, {
      N: 2 ** 17,
      r: 8,
      p: 1,
      maxmem: 256 * 1024 * 1024,
    });
    expect(again.equals(h!.key)).toBe(true);
  });
});

describe('password policy (ASVS 6.2): register → login round trip', () => {
  afterEach(() => shop.clock.advance(MIN));

  it('tells apart passwords that differ only by trailing NUL characters (HMAC key padding)', async () => {
    const password = '\u0000'.repeat(9);
    const m = await registerMember(shop, { password });
    expect((await login(m.phone, password)).status).toBe(200);
    expect((await login(m.phone, '\u0000'.repeat(8))).status).toBe(401);
    expect((await login(m.phone, `${password}\u0000`)).status).toBe(401);
  });

  it('accepts any Unicode password of 8 to 64 characters, untruncated', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', minLength: 8, maxLength: 64 }), async (password) => {
        const m = await registerMember(shop, { password });
        expect((await login(m.phone, password)).status).toBe(200);
        if ([...password].length > 8) {
          expect((await login(m.phone, [...password].slice(0, -1).join(''))).status).toBe(401);
        }
      }),
      { numRuns: 15 },
    );
  });
});
