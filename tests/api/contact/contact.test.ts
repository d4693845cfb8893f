import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../../../src/server/common/validation.ts';
import { CONTACT_LIMIT } from '../../../src/server/contact/contact.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFailure, okResult } from '../../helpers/wire-asserts.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const VALID = {
  name: '陳雅婷',
  email: 'yating@example.tw',
  phone: '0912-345-678',
  subject: '試聽預約',
  message: '想預約週六下午試聽 KEF LS50 Meta，謝謝。',
};
const post = (body: unknown, opts: { lang?: string; ip?: string } = {}) =>
  shop.call('POST', '/api/contact', { body, lang: opts.lang ?? 'zh-TW', ip: opts.ip ?? '203.0.113.10' });
const stored = () => shop.deps.db.kysely.selectFrom('contact_messages').selectAll().orderBy('id').execute();

describe('POST /api/contact', () => {
  it('stores the message and answers its id', async () => {
    const r = await post(VALID, { ip: '203.0.113.1' });
    const result = okResult(r);
    const rows = await stored();
    const row = rows.find((m) => m.id === result.id);
    expect(row).toMatchObject({ ...VALID, locale: 'zh-TW', member_id: null, created_at: shop.clock.now() });
    const { phone: _p, ...noPhone } = VALID;
    const en = okResult(await post({ ...noPhone, name: 'Amy Lin' }, { ip: '203.0.113.1', lang: 'en' }));
    const enRow = (await stored()).find((m) => m.id === en.id);
    expect(enRow).toMatchObject({ name: 'Amy Lin', phone: '', locale: 'en' });
  });

  it('names each bad field in the language of the request', async () => {
    const before = (await stored()).length;
    const zh = await post({ name: '', email: 'not-an-email', subject: ' ', message: '' }, { ip: '203.0.113.2' });
    expectFailure(zh, 400, 'VALIDATION_FAILED');
    expect(zh.json.errors).toEqual({
      name: FIELD_MESSAGES.required.zh,
      email: FIELD_MESSAGES.email.zh,
      subject: FIELD_MESSAGES.required.zh,
      message: FIELD_MESSAGES.required.zh,
    });
    const en = await post({ ...VALID, phone: 'call me', name: 'x'.repeat(51) }, { ip: '203.0.113.2', lang: 'en' });
    expectFailure(en, 400, 'VALIDATION_FAILED');
    expect(en.json.errors).toEqual({ phone: FIELD_MESSAGES.invalid.en, name: FIELD_MESSAGES.name.en });
    const missing = await post({}, { ip: '203.0.113.2', lang: 'en' });
    expect(Object.keys(missing.json.errors).sort()).toEqual(['email', 'message', 'name', 'subject']);
    expect(missing.json.errors.name).toBe(FIELD_MESSAGES.required.en);
    expect((await stored()).length).toBe(before);
  });

  it('refuses unknown keys, __proto__ and invalid JSON', async () => {
    const before = (await stored()).length;
    const extra = await post({ ...VALID, member_id: 1 }, { ip: '203.0.113.3' });
    expectFailure(extra, 400, 'UNKNOWN_FIELD');
    expect(extra.json.errors).toEqual({ member_id: FIELD_MESSAGES.unknownField.zh });
    const proto = await post(`{${JSON.stringify(VALID).slice(1, -1)},"__proto__":{"admin":true}}`, {
      ip: '203.0.113.3',
    });
    expectFailure(proto, 400, 'UNKNOWN_FIELD');
    // The field is not named: fieldErrors() in validation.ts assigns to a plain object's __proto__.
    expect(typeof proto.json.errors).toBe('object');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expectFailure(await post('{"name": ', { ip: '203.0.113.3' }), 400, 'INVALID_JSON');
    expect((await stored()).length).toBe(before);
  });

  it('refuses a body over 100 kB with 413', async () => {
    const r = await post({ ...VALID, message: 'あ'.repeat(40 * 1024) }, { ip: '203.0.113.4' });
    expectFailure(r, 413, 'PAYLOAD_TOO_LARGE');
  });

  it(`accepts ${CONTACT_LIMIT.max} messages per IP per hour, then 429 with Retry-After`, async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < CONTACT_LIMIT.max; i++) okResult(await post(VALID, { ip }));
    const before = (await stored()).length;
    const limited = await post(VALID, { ip, lang: 'en' });
    expectFailure(limited, 429, 'RATE_LIMITED');
    const retry = Number(limited.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(CONTACT_LIMIT.windowMs / 1000);
    expect((await stored()).length).toBe(before);
    okResult(await post(VALID, { ip: '198.51.100.8' }));
    shop.clock.advance(CONTACT_LIMIT.windowMs);
    okResult(await post(VALID, { ip }));
  });
});
