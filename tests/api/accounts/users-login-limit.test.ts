import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { DEMO, expectFail, freshIp, registerMember, seedAccounts } from './users-helpers.ts';

const MIN = 60_000;

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
  await seedAccounts(shop);
});
afterAll(() => shop.close());

const login = (account: string, password: string) =>
  shop.call('POST', '/api/users/login', { body: { account, password }, ip: freshIp() });

describe('login attempts count per account in a sliding 15-minute window', () => {
  it('5 failures by phone, then 1 by email → 429, even with the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await login(DEMO.phone, `wrong password ${i}`)).status).toBe(401);
    const byEmail = await login(DEMO.email, DEMO.password);
    expectFail(byEmail, 429, 'RATE_LIMITED');
    const wait = Number(byEmail.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    shop.clock.advance(wait * 1000);
    expect((await login(DEMO.email, DEMO.password)).status).toBe(200);
  });

  it('no window boundary resets the count: failures late in a quarter hour still block after it turns', async () => {
    const m = await registerMember(shop);
    // The clock starts on a quarter hour; fail 14 minutes into it, then just after it turns.
    shop.clock.advance(14 * MIN);
    for (let i = 0; i < 3; i++) expect((await login(m.phone, 'wrong password')).status).toBe(401);
    shop.clock.advance(2 * MIN);
    for (let i = 0; i < 2; i++) expect((await login(m.phone, 'wrong password')).status).toBe(401);
    shop.clock.advance(5 * MIN);
    expectFail(await login(m.phone, m.password), 429, 'RATE_LIMITED');
    // 15 minutes after the first three failures only the last two remain.
    shop.clock.advance(8 * MIN + 1);
    expect((await login(m.phone, m.password)).status).toBe(200);
  });

  it('at most 5 failures in any 15 minutes over a long run of spaced guesses', async () => {
    const m = await registerMember(shop);
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) {
      answers.push((await login(m.phone, `guess ${i}`)).status);
      shop.clock.advance(MIN);
    }
    // Every 15-minute stretch of the run holds at most five 401s (wrong passwords checked).
    for (let start = 0; start + 15 <= answers.length; start++) {
      expect(answers.slice(start, start + 15).filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    }
    expect(answers.filter((s) => s === 401).length).toBeGreaterThan(0);
  });
});
