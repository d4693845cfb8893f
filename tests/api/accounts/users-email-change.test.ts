import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { DEMO, expectFail, freshIp, LEGACY, loginToken, registerMember, seedAccounts } from './users-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
  await seedAccounts(shop);
});
afterAll(() => shop.close());

const update = (token: string, body: unknown, lang = 'zh-TW') =>
  shop.call('PATCH', '/api/users/update', { token, body, lang, ip: freshIp() });
const info = async (token: string) => (await shop.call('GET', '/api/users/info', { token })).json.result;
const emails = (email: string) =>
  shop.call('GET', `/api/dev/email-outbox?email=${encodeURIComponent(email)}`).then((r) => r.json.result);
const linkToken = async (email: string) => /#token=([\w-]{22})$/.exec((await emails(email))[0]?.link ?? '')?.[1] ?? '';
const confirm = (token: string) => shop.call('PATCH', '/api/users/confirm-email', { body: { token }, ip: freshIp() });
const login = (account: string, password: string) =>
  shop.call('POST', '/api/users/login', { body: { account, password }, ip: freshIp() });

describe('changing the email', () => {
  it('does not reveal that another account has the address, and changes nothing for it', async () => {
    const m = await registerMember(shop);
    const taken = await update(m.token, { email: DEMO.email.toUpperCase() }, 'en');
    const free = await update(m.token, { email: `free-${m.phone}@example.tw` }, 'en');
    expect(taken.status).toBe(200);
    expect(taken.json).toEqual(free.json);
    expect(taken.json.message).toMatch(/confirmation link/);
    expect(await emails(DEMO.email)).toEqual([]);
    expect((await info(m.token)).email).toBe('');
  });

  it('takes effect only through the link sent to the new address; until then it is no login name', async () => {
    const m = await registerMember(shop);
    const address = `new-${m.phone}@example.tw`;
    expect((await update(m.token, { email: address })).status).toBe(200);
    expect(await info(m.token)).toMatchObject({ email: '', email_verify: false });
    expectFail(await login(address, m.password), 401, 'INVALID_CREDENTIALS');

    const [mail] = await emails(address);
    expect(mail.purpose).toBe('change');
    expect(mail.link).toMatch(/\/email-link#token=[\w-]{22}$/);
    const token = await linkToken(address);
    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(done.json.result).toEqual({ email: address });
    expect(await info(m.token)).toMatchObject({ email: address, email_verify: true });
    expect(await loginToken(shop, address, m.password)).toBeTruthy();
    expectFail(await confirm(token), 422, 'LINK_INVALID');
  });

  it('an email stored unverified (before this rule) does not log in', async () => {
    const m = await registerMember(shop);
    const address = `typed-${m.phone}@example.tw`;
    await shop.deps.db.kysely
      .updateTable('members')
      .set({ email: address, email_verify: 0 })
      .where('phone', '=', m.phone)
      .execute();
    expectFail(await login(address, m.password), 401, 'INVALID_CREDENTIALS');
    // Whoever proves they own the address takes it from the account that only typed it.
    const other = await registerMember(shop);
    await update(other.token, { email: address });
    expect((await confirm(await linkToken(address))).status).toBe(200);
    expect((await info(other.token)).email).toBe(address);
    expect((await info(m.token)).email).toBe('');
  });

  it('a link stops working after an hour, and a newer request voids the older link', async () => {
    const m = await registerMember(shop);
    await update(m.token, { email: `first-${m.phone}@example.tw` });
    const first = await linkToken(`first-${m.phone}@example.tw`);
    await update(m.token, { email: `second-${m.phone}@example.tw` });
    expectFail(await confirm(first), 422, 'LINK_INVALID');
    const second = await linkToken(`second-${m.phone}@example.tw`);
    shop.clock.advance(60 * 60_000 + 1);
    expectFail(await confirm(second), 422, 'LINK_INVALID');
    expect((await info(m.token)).email).toBe('');
  });

  it('an email can be cleared, except when it is the only login name', async () => {
    const token = await loginToken(shop, DEMO.email, DEMO.password);
    const cleared = await update(token, { email: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.json.result).toMatchObject({ email: '', email_verify: false });
    expectFail(await login(DEMO.email, DEMO.password), 401, 'INVALID_CREDENTIALS');

    const legacy = await loginToken(shop, LEGACY.email, LEGACY.password);
    const refused = await update(legacy, { email: '' }, 'en');
    expectFail(refused, 400, 'VALIDATION_FAILED');
    expect(refused.json.errors).toEqual({
      email: 'Your mobile number is not verified, so this email is how you log in: it cannot be removed.',
    });
    expect((await info(legacy)).email).toBe(LEGACY.email);
  });

  it('the update route is rate limited per member', async () => {
    const m = await registerMember(shop);
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) answers.push((await update(m.token, { name: `名字${i}` })).status);
    expect(answers.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(answers[20]).toBe(429);
  });
});
