import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFail, registerMember, seedAccounts } from '../accounts/users-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  await seedAccounts(shop);
});
afterAll(() => shop.close());

const UNSAFE = 'Remove control characters, text-direction overrides or broken characters.';
const BAD_TEXT = ['王\u0000小明', '王\ud800小明', 'abc\u202Egnp.exe', '王\u2066小明\u2069', 'a\u0007b'];

describe('text fields refuse what is not text, beside the field', () => {
  it('names with NUL, lone surrogates, bidi overrides or controls, and names of zero-width characters only', async () => {
    const m = await registerMember(shop);
    for (const name of BAD_TEXT) {
      const r = await shop.call('PATCH', '/api/users/update', { token: m.token, body: { name }, lang: 'en' });
      expectFail(r, 400, 'VALIDATION_FAILED');
      expect(r.json.errors).toEqual({ name: UNSAFE });
    }
    const invisible = await shop.call('PATCH', '/api/users/update', {
      token: m.token,
      body: { name: '\u200B\u200C\u200D\u2060\uFEFF' },
      lang: 'en',
    });
    expectFail(invisible, 400, 'VALIDATION_FAILED');
    expect(invisible.json.errors).toEqual({ name: 'Enter at least one visible character.' });
    const info = await shop.call('GET', '/api/users/info', { token: m.token });
    expect(info.json.result.name).toBe('測試會員');
  });

  it('names and addresses with invisible line separators or direction marks', async () => {
    const m = await registerMember(shop);
    for (const [field, value] of [
      ['name', '王小明\u2028'],
      ['name', '王\u200F小明'],
      ['name', '\u061C王小明'],
      ['addr', '信義路五段7號\u2029到貨請打電話'],
      ['addr', '信義路\u200E五段7號'],
    ] as const) {
      const r = await shop.call('PATCH', '/api/users/update', { token: m.token, body: { [field]: value }, lang: 'en' });
      expectFail(r, 400, 'VALIDATION_FAILED');
      expect(r.json.errors).toEqual({ [field]: UNSAFE });
    }
  });

  it('stores names and addresses in NFC', async () => {
    const m = await registerMember(shop);
    const r = await shop.call('PATCH', '/api/users/update', {
      token: m.token,
      body: { name: 'Cafe\u0301 Lin', addr: 'Rue de l’Ame\u0301lie 1' },
    });
    expect(r.status).toBe(200);
    expect(r.json.result.name).toBe('Café Lin');
    expect(r.json.result.addr).toBe('Rue de l’Amélie 1');
  });

  it('register refuses the same names', async () => {
    const r = await shop.call('POST', '/api/users/register', {
      body: { name: 'abc\u202Egnp', phone: '0911000111', password: 'correct horse battery', code: '123456' },
    });
    expectFail(r, 400, 'VALIDATION_FAILED');
    expect(Object.keys(r.json.errors)).toEqual(['name']);
  });

  it('contact text: controls and overrides refused, line breaks kept in the message', async () => {
    const base = { name: '王小明', email: 'ming@example.tw', subject: '詢問', message: '第一行\n第二行' };
    for (const [field, value] of [
      ['name', '王\u0000'],
      ['subject', 'x\u202Ey'],
      ['message', 'hello\u0000world'],
      ['message', '\u200B\u200B'],
    ] as const) {
      const r = await shop.call('POST', '/api/contact', { body: { ...base, [field]: value } });
      expectFail(r, 400, 'VALIDATION_FAILED');
      expect(Object.keys(r.json.errors)).toEqual([field]);
    }
    expect((await shop.call('POST', '/api/contact', { body: base })).status).toBe(200);
  });
});

describe('product search never drops its filter', () => {
  it('q=%00JBL is refused with a field error instead of listing the whole catalogue', async () => {
    const all = await shop.call('GET', '/api/products?page_size=1');
    const jbl = await shop.call('GET', '/api/products?q=JBL&page_size=100');
    expect(jbl.status).toBe(200);
    expect(jbl.json.result.total).toBeGreaterThan(0);
    expect(jbl.json.result.total).toBeLessThan(all.json.result.total);
    const nul = await shop.call('GET', '/api/products?q=%00JBL', { lang: 'en' });
    expectFail(nul, 400, 'VALIDATION_FAILED');
    expect(nul.json.errors).toEqual({ q: UNSAFE });
    expectFail(await shop.call('GET', '/api/products?q=JBL%E2%80%AE'), 400, 'VALIDATION_FAILED');
  });
});
