import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { freshIp, linkToken, staffMember, type TestStaff } from './admin-helpers.ts';

let shop: TestShop;
let owner: TestStaff;
let staff: TestStaff;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  owner = await staffMember(shop, 'owner');
  staff = await staffMember(shop, 'staff');
});
afterAll(() => shop.close());

describe('promotions (owner)', () => {
  it('adds a code with the command’s options, lists it, disables it', async () => {
    const r = await shop.call('POST', '/api/admin/promotions', {
      token: owner.token,
      body: {
        kind: 'code',
        code: 'spring26',
        percent: 10,
        cap: '500',
        min: 2000,
        uses: 100,
        per_member: 1,
        from: '2026-11-01',
        to: '2026-12-31',
        members_only: true,
        name: '春季折扣',
        name_en: 'Spring',
      },
    });
    expect(r.status).toBe(200);
    expect(r.json.result).toMatchObject({
      code: 'SPRING26',
      off_percent: 10,
      cap: 500,
      min_spend: 2000,
      max_uses: 100,
      per_member: 1,
      name_zh: '春季折扣',
      name_en: 'Spring',
    });
    const list = await shop.call('GET', '/api/admin/promotions', { token: owner.token });
    expect(list.json.result.data[0].code).toBe('SPRING26');
    const id = r.json.result.id;
    expect((await shop.call('POST', `/api/admin/promotions/${id}/disable`, { token: owner.token })).status).toBe(200);
    const again = await shop.call('POST', `/api/admin/promotions/${id}/disable`, { token: owner.token, lang: 'en' });
    expect(again.status).toBe(422);
    expect(again.json.code).toBe('PROMOTION_REFUSED');
    expect((await shop.call('POST', '/api/admin/promotions/999999/disable', { token: owner.token })).status).toBe(404);
  });

  it('adds an automatic promotion with tiers; refuses what the command refuses, with its reason', async () => {
    const r = await shop.call('POST', '/api/admin/promotions', {
      token: owner.token,
      body: { kind: 'auto', name: '滿額折', tiers: ['3000:300', '6000:800'] },
    });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.json.result.tiers)).toEqual([
      { min: 3000, off: 300 },
      { min: 6000, off: 800 },
    ]);
    const bad = await shop.call('POST', '/api/admin/promotions', {
      token: owner.token,
      body: { kind: 'auto', name: '錯誤', tiers: ['3000:300', '6000:200'] },
      lang: 'en',
    });
    expect(bad.status).toBe(422);
    expect(bad.json.message).toBe('The promotion was not saved: A higher tier must take more off.');
  });

  it('a refusal speaks the caller’s language and names the form’s fields, never the command’s flags', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: 'code', code: 'PCT150', percent: 150 }, '折扣百分比須為 1 到 100。', 'The percentage off is 1 to 100.'],
      [
        { kind: 'code', code: 'BOTH1', off: 100, percent: 10 },
        '請填寫折抵金額或折扣百分比，兩者擇一。',
        'Give an amount off or a percentage off: one of the two.',
      ],
      [
        { kind: 'code', code: 'CAP1', off: 100, cap: 50 },
        '折抵上限只用於百分比折扣。',
        'A cap goes with a percentage off only.',
      ],
      [
        { kind: 'code', code: 'USES1', off: 100, uses: 0 },
        '可使用次數須為不小於 1 的整數。',
        'The number of uses must be a whole number of at least 1.',
      ],
      [{ kind: 'auto', name: '', tiers: ['3000:300'] }, '請填寫名稱。', 'A name is required.'],
      [
        { kind: 'auto', name: '免運', tiers: [] },
        '請至少填寫一個級距，或免運門檻。',
        'Give at least one tier, or a free-shipping threshold.',
      ],
    ];
    for (const [body, zh, en] of cases) {
      const inZh = await shop.call('POST', '/api/admin/promotions', { token: owner.token, body, lang: 'zh-TW' });
      expect(inZh.status).toBe(422);
      expect(inZh.json.message).toBe(`無法儲存優惠：${zh}`);
      const inEn = await shop.call('POST', '/api/admin/promotions', { token: owner.token, body, lang: 'en' });
      expect(inEn.json.message).toBe(`The promotion was not saved: ${en}`);
    }
  });

  it('a staff account is refused every promotions route', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/promotions'],
      ['POST', '/api/admin/promotions'],
      ['POST', '/api/admin/promotions/1/disable'],
    ] as const) {
      const r = await shop.call(method, path, { token: staff.token, body: method === 'POST' ? {} : undefined });
      expect(r.status, path).toBe(403);
      expect(r.json.code).toBe('ROLE_FORBIDDEN');
    }
  });
});

describe('staff (owner)', () => {
  it('adds, lists, resets and disables accounts; the new link sets up the account', async () => {
    const add = await shop.call('POST', '/api/admin/staff', {
      token: owner.token,
      body: { email: 'packer@soundwood.tw', name: '包裝員', role: 'staff' },
    });
    expect(add.status).toBe(200);
    expect(add.json.result.setup_url).toMatch(/\/admin\/setup\?token=/);
    const dup = await shop.call('POST', '/api/admin/staff', {
      token: owner.token,
      body: { email: 'PACKER@soundwood.tw', name: 'x', role: 'staff' },
    });
    expect(dup.status).toBe(409);
    expect(dup.json.code).toBe('STAFF_EXISTS');
    const badRole = await shop.call('POST', '/api/admin/staff', {
      token: owner.token,
      body: { email: 'a@soundwood.tw', name: 'x', role: 'admin' },
    });
    expect(badRole.status).toBe(400);
    const list = await shop.call('GET', '/api/admin/staff', { token: owner.token });
    expect(list.json.result.data.find((s: { email: string }) => s.email === 'packer@soundwood.tw')).toMatchObject({
      role: 'staff',
      status: 'setup',
      last_login_at: null,
    });
    const reset = await shop.call('POST', '/api/admin/staff/packer@soundwood.tw/reset', { token: owner.token });
    expect(reset.status).toBe(200);
    // The first link no longer works; the new one does.
    const old = await shop.call('POST', '/api/admin/setup', {
      body: { token: linkToken(add.json.result.setup_url), password: 'Console-Pass-2026' },
      ip: freshIp(),
    });
    expect(old.json.code).toBe('LINK_INVALID');
    const fresh = await shop.call('POST', '/api/admin/setup', {
      body: { token: linkToken(reset.json.result.setup_url), password: 'Console-Pass-2026' },
      ip: freshIp(),
    });
    expect(fresh.status).toBe(200);
    expect((await shop.call('POST', `/api/admin/staff/${staff.email}/disable`, { token: owner.token })).status).toBe(
      200,
    );
    expect((await shop.call('GET', '/api/admin/me', { token: staff.token })).status).toBe(401);
    const self = await shop.call('POST', `/api/admin/staff/${owner.email}/disable`, { token: owner.token });
    expect(self.status).toBe(409);
    expect(self.json.code).toBe('STAFF_SELF');
    expect((await shop.call('POST', '/api/admin/staff/nobody@x.tw/reset', { token: owner.token })).status).toBe(404);
  });

  it('a staff account is refused the staff routes', async () => {
    const s = await staffMember(shop, 'staff');
    const r = await shop.call('GET', '/api/admin/staff', { token: s.token, lang: 'en' });
    expect(r.status).toBe(403);
    expect(r.json.message).toBe("A staff account cannot manage staff accounts. Ask the shop's owner.");
    expect((await shop.call('POST', '/api/admin/staff', { token: s.token, body: {} })).status).toBe(403);
    expect((await shop.call('POST', `/api/admin/staff/${owner.email}/disable`, { token: s.token })).status).toBe(403);
    expect((await shop.call('POST', `/api/admin/staff/${owner.email}/reset`, { token: s.token })).status).toBe(403);
    expect((await shop.call('POST', '/api/admin/products/x/publish', { token: s.token })).status).toBe(403);
    // What staff may do: orders, today, products, the change log.
    for (const path of ['/api/admin/today', '/api/admin/orders', '/api/admin/products', '/api/admin/catalog/changes'])
      expect((await shop.call('GET', path, { token: s.token })).status, path).toBe(200);
  });
});
