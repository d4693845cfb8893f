import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { freshIp, registerMember, seedAccounts } from './users-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
  await seedAccounts(shop);
});
afterAll(() => shop.close());

describe('concurrent password changes', () => {
  it('20 parallel changes with the right current password: exactly one 200, the others a clear 409 (or 429)', async () => {
    const m = await registerMember(shop);
    const candidates = Array.from({ length: 20 }, (_, i) => `Parallel-Change-${i}-pass`);
    const answers = await Promise.all(
      candidates.map((new_password) =>
        shop.call('PATCH', '/api/users/chpw', {
          token: m.token,
          lang: 'en',
          body: { current_password: m.password, new_password },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const conflicts = answers.filter((a) => a.status === 409);
    expect(conflicts.length).toBeGreaterThan(0);
    for (const c of conflicts) {
      expect(c.json).toMatchObject({ status: false, code: 'PASSWORD_CHANGED' });
      expect(c.json.message).toMatch(/changed meanwhile/);
    }
    expect(statuses.every((s) => s === 200 || s === 409 || s === 429)).toBe(true);

    // The password of the one 200 is the one that works; no other candidate and not the old one.
    const winner = candidates[statuses.indexOf(200)] as string;
    const tryLogin = (password: string) =>
      shop.call('POST', '/api/users/login', { body: { account: m.phone, password }, ip: freshIp() });
    expect((await tryLogin(winner)).status).toBe(200);
    const loser = candidates.find((c) => c !== winner) as string;
    expect((await tryLogin(loser)).status).toBe(401);
    expect((await tryLogin(m.password)).status).toBe(401);
  });
});
