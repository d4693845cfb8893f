import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMembers } from '../../../src/server/seed/members.ts';
import { seedRegions } from '../../../src/server/seed/regions.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
  await seedRegions(shop.deps.db);
  await seedMembers(shop.deps.db, { logN: 12, now: shop.clock.now() });
});
afterAll(() => shop.close());

describe('GET /api/regions', () => {
  it('lists 22 cities in customary order with their districts, in zh-TW by default', async () => {
    const r = await shop.call('GET', '/api/regions');
    expect(r.status).toBe(200);
    expect(r.json.status).toBe(true);
    const cities = r.json.result;
    expect(cities).toHaveLength(22);
    expect(cities[0]).toMatchObject({ code: 'TPE', name: '臺北市' });
    expect(cities[21]).toMatchObject({ code: 'LIE', name: '連江縣' });
    expect(cities[0].districts[0]).toEqual({ code: '100', name: '中正區', zip: '100', city: '臺北市' });
    expect(cities.reduce((n: number, c: { districts: unknown[] }) => n + c.districts.length, 0)).toBe(371);
    expect(r.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('names cities and districts in English for an English request', async () => {
    const r = await shop.call('GET', '/api/regions', { lang: 'en' });
    const taipei = r.json.result[0];
    expect(taipei.name).toBe('Taipei City');
    expect(taipei.districts.find((d: { zip: string }) => d.zip === '106')).toEqual({
      code: '106',
      name: "Da'an District",
      zip: '106',
      city: 'Taipei City',
    });
  });

  it('seeds idempotently', async () => {
    await seedRegions(shop.deps.db);
    await seedMembers(shop.deps.db, { logN: 12 });
    const k = shop.deps.db.kysely;
    const cities = await k
      .selectFrom('region_cities')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const districts = await k
      .selectFrom('region_districts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const members = await k
      .selectFrom('members')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(cities?.n)).toBe(22);
    expect(Number(districts?.n)).toBe(371);
    expect(Number(members?.n)).toBe(2);
  });
});

describe('demo members', () => {
  it('seeds the verified member and the legacy member with real password hashes', async () => {
    const rows = await shop.deps.db.kysely.selectFrom('members').selectAll().orderBy('id').execute();
    expect(rows.map((m) => [m.phone, m.email, m.name, m.phone_verify])).toEqual([
      ['0912345678', 'demo@soundwood.tw', '王小明', 1],
      ['0987654321', 'legacy@soundwood.tw', '林美華', 0],
    ]);
    for (const m of rows) expect(m.password_hash).toMatch(/^\$scrypt\$ln=12,r=8,p=1\$/);
  });
});

describe('GET /api/dev/sms-outbox', () => {
  it('lists the messages to a phone newest first', async () => {
    const k = shop.deps.db.kysely;
    const base = { provider: 'outbox', text: 't' };
    await k
      .insertInto('sms_outbox')
      .values([
        { ...base, phone: '0911111111', purpose: 'register', code: '111111', created_at: 1_000 },
        { ...base, phone: '0911111111', purpose: 'forgot', code: '222222', created_at: 2_000 },
        { ...base, phone: '0922222222', purpose: 'register', code: '333333', created_at: 3_000 },
      ])
      .execute();
    const r = await shop.call('GET', '/api/dev/sms-outbox?phone=%2B886911111111');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.json.result).toEqual([
      { purpose: 'forgot', code: '222222', text: 't', created_at: new Date(2_000).toISOString() },
      { purpose: 'register', code: '111111', text: 't', created_at: new Date(1_000).toISOString() },
    ]);
  });

  it('needs the phone and refuses unknown keys', async () => {
    expect((await shop.call('GET', '/api/dev/sms-outbox')).status).toBe(400);
    const r = await shop.call('GET', '/api/dev/sms-outbox?phone=0911111111&x=1');
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('UNKNOWN_FIELD');
  });

  it('is refused in production with 403 DEV_ONLY', async () => {
    const prod = await createTestShop({ env: { NODE_ENV: 'production' } });
    try {
      const r = await prod.call('GET', '/api/dev/sms-outbox?phone=0911111111', { lang: 'en' });
      expect(r.status).toBe(403);
      expect(r.json).toMatchObject({
        status: false,
        code: 'DEV_ONLY',
        message: 'This is available in development only.',
      });
    } finally {
      await prod.close();
    }
  });
});
