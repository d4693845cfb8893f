import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COOKIE } from '../../src/config.ts';
import { useTransport } from '../../src/lib/api/browser.ts';
import { ApiClientError } from '../../src/lib/api/client.ts';
import { seedMembers } from '../../src/server/seed/members.ts';
import {
  $auth,
  $isLoggedIn,
  $needsPhoneVerify,
  initAuth,
  login,
  logout,
  resetAuthForTests,
} from '../../src/stores/auth.ts';
import { parseToken, parseUserInfo } from '../../src/stores/auth-cookies.ts';
import { $ui } from '../../src/stores/ui.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { installFakeBrowser } from './support/fake-browser.ts';

// The store talks to the real shop API, in process: no mock of our own API.
let shop: TestShop;
let browser: ReturnType<typeof installFakeBrowser>;

beforeAll(async () => {
  shop = await createTestShop();
  await seedMembers(shop.deps.db, { logN: 12 });
  useTransport(async (input, init) => shop.app.request(input instanceof Request ? input : String(input), init));
});
afterAll(() => shop.close());

beforeEach(() => {
  browser = installFakeBrowser('http://shop.test/en/member/orders');
  resetAuthForTests();
  keepMount($isLoggedIn);
  keepMount($needsPhoneVerify);
});
afterEach(() => {
  // $auth itself keeps its cookie listener: only the derived stores are cleaned.
  cleanStores($isLoggedIn, $needsPhoneVerify);
  browser.uninstall();
});

/** A new page load: the module state starts over, the cookies stay. */
function nextPage(): void {
  const cookies = new Map(browser.jar);
  resetAuthForTests();
  for (const [k, v] of cookies) browser.jar.set(k, v);
  browser.assigned.length = 0;
}

const cookieValue = (name: string) => {
  const c = browser.jar.get(name);
  return c && decodeURIComponent(c.value);
};

describe('auth store', () => {
  it('starts as a guest when there is no token', async () => {
    await initAuth();
    expect($auth.get()).toMatchObject({ token: null, loginSuccess: false, init: true });
    expect($isLoggedIn.get()).toBe(false);
  });

  it('login stores the token, fetches user info, sets the init flag and goes to the recorded page', async () => {
    browser.setCookie(COOKIE.recordPage, '/en/brands/sony');
    const info = await login('0912345678', 'Soundwood-2026');
    await allTasks();
    expect(info.phoneVerify).toBe(true);
    expect($auth.get()).toMatchObject({ loginSuccess: true, init: true });
    expect($isLoggedIn.get()).toBe(true);
    expect(parseToken(cookieValue(COOKIE.accessToken))).toBe($auth.get().token);
    expect(parseUserInfo(cookieValue(COOKIE.userInfo))?.name).toBe('王小明');
    expect(browser.jar.get(COOKIE.accessToken)!.attributes).toMatchObject({ path: '/', samesite: 'Lax' });
    expect(browser.assigned).toEqual(['/en/brands/sony']);
  });

  it('goes home (in the page locale) when nothing was recorded', async () => {
    await login('demo@soundwood.tw', 'Soundwood-2026');
    expect(browser.assigned).toEqual(['/en/']);
  });

  it('an unverified phone keeps the member on the page behind the verification modal', async () => {
    await login('legacy@soundwood.tw', 'Legacy-Member-2026');
    expect($isLoggedIn.get()).toBe(true);
    expect($needsPhoneVerify.get()).toBe(true);
    expect(browser.assigned).toEqual([]);
  });

  it('a failed login clears the state and reports the error to the form, not the modal', async () => {
    browser.setCookie(COOKIE.accessToken, 'x'.repeat(22));
    const error = await login('0912345678', 'not-the-password').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect((error as ApiClientError).status).toBe(401);
    expect($auth.get()).toMatchObject({ token: null, userInfo: null, loginSuccess: false, init: true });
    expect(browser.jar.has(COOKIE.accessToken)).toBe(false);
    expect($ui.get().errorMessage).toBeNull();
  });

  it('logout revokes the session, clears token, user info and recorded page, and goes home', async () => {
    await login('0912345678', 'Soundwood-2026');
    const token = $auth.get().token!;
    browser.setCookie(COOKIE.recordPage, '/cart');
    browser.assigned.length = 0;
    await logout();
    expect($auth.get()).toMatchObject({ token: null, userInfo: null, loginSuccess: false });
    for (const name of [COOKIE.accessToken, COOKIE.userInfo, COOKIE.recordPage])
      expect(browser.jar.has(name)).toBe(false);
    expect(browser.assigned).toEqual(['/en/']);
    const check = await shop.call('GET', '/api/users/info', { token });
    expect(check.status).toBe(401);
  });

  it('validates a stored token on the first page: valid stays, revoked is logged out without redirect', async () => {
    await login('0912345678', 'Soundwood-2026');
    const token = $auth.get().token!;
    nextPage();
    await initAuth();
    expect($isLoggedIn.get()).toBe(true);

    await shop.call('POST', '/api/users/logout', { token });
    nextPage();
    await initAuth();
    expect($auth.get()).toMatchObject({ token: null, loginSuccess: false, init: true });
    expect(browser.jar.has(COOKIE.accessToken)).toBe(false);
    expect(browser.jar.has(COOKIE.userInfo)).toBe(false);
    expect(browser.assigned).toEqual([]);
    expect($ui.get().errorMessage).toBeNull();
  });
});

describe('cookie parsing', () => {
  it('accepts a well-formed token and refuses anything else', () => {
    expect(parseToken('AbCdEfGhIjKlMnOpQrStUv')).toBe('AbCdEfGhIjKlMnOpQrStUv');
    for (const bad of [undefined, '', 'short', 'has spaces in it here!!', 'a;b'.repeat(10)])
      expect(parseToken(bad)).toBeNull();
  });

  it('validates stored user info and falls back to none', () => {
    const good = { id: 3, name: '王小明', phoneVerify: 1, emailVerify: false, status: true, phone: '0912345678' };
    expect(parseUserInfo(JSON.stringify(good))).toMatchObject({ id: 3, phoneVerify: true, email: '', city: '' });
    const wrongText = JSON.stringify({ ...good, name: 5 });
    const noFlag = JSON.stringify({ ...good, status: undefined });
    for (const bad of [
      undefined,
      '',
      '{',
      '"text"',
      '{"id":"x"}',
      '{"name":"no id"}',
      'null',
      '[3]',
      wrongText,
      noFlag,
    ])
      expect(parseUserInfo(bad), String(bad)).toBeNull();
  });
});
