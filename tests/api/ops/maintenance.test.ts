import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hit } from '../../../src/server/common/rate-limit.ts';
import { RETENTION_MS, sweep } from '../../../src/server/ops/maintenance.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

const count = async (table: 'rate_limits' | 'sessions') =>
  Number(
    (
      await shop.deps.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('maintenance sweep', () => {
  it('drops old rate-limit windows and dead sessions, keeps live ones', async () => {
    await hit(shop.deps, { key: 'sweep:old', windowMs: 60_000, max: 5 });
    const login = await shop.call('POST', '/api/users/login', {
      body: { account: '0912345678', password: 'Soundwood-2026' },
    });
    expect(login.status).toBe(200);
    const oldLimits = await count('rate_limits');
    expect(oldLimits).toBeGreaterThan(0);

    shop.clock.advance(7 * 86_400_000 + RETENTION_MS + 1);
    await hit(shop.deps, { key: 'sweep:new', windowMs: 60_000, max: 5 });
    const fresh = await shop.call('POST', '/api/users/login', {
      body: { account: '0912345678', password: 'Soundwood-2026' },
    });
    expect(fresh.status).toBe(200);

    const removed = await sweep(shop.deps);
    expect(removed.rateLimits).toBe(oldLimits);
    expect(removed.sessions).toBe(1);
    const info = await shop.call('GET', '/api/users/info', { token: fresh.json.result.token });
    expect(info.status).toBe(200);
    const keys = (await shop.deps.db.kysely.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(keys).toContain('sweep:new');
    expect(keys).not.toContain('sweep:old');
  });
});
