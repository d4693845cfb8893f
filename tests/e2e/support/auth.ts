import { randomInt } from 'node:crypto';
import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import { COOKIE, type Locale } from '../../../src/config.ts';
import { camelKeys } from '../../../src/lib/api/case.ts';
import { type MessageKey, t } from '../../../src/lib/i18n/messages/index.ts';

/** The demo accounts of the README. */
export const DEMO = { phone: '0912345678', email: 'demo@soundwood.tw', password: 'Soundwood-2026', name: '王小明' };
export const LEGACY = { phone: '0987654321', email: 'legacy@soundwood.tw', password: 'Legacy-Member-2026' };

export const LOCALES: readonly Locale[] = ['zh-TW', 'en'];

/** Page helpers in one locale: its URLs and its words. */
export function inLocale(locale: Locale) {
  return {
    locale,
    /** The browser language that makes the site choose this locale. */
    browserLocale: locale === 'en' ? 'en-US' : 'zh-TW',
    url: (path: string) => (locale === 'en' ? `/en${path}` : path),
    t: (key: MessageKey, params?: Record<string, string | number>) => t(locale, key, params),
  };
}

/** A mobile number nobody has: 09 and eight random digits, avoiding the demo numbers. */
export function freshPhone(): string {
  return `09${String(randomInt(10_000_000, 99_999_999))}`;
}

/** The newest code texted to `phone` for `purpose`, read from the development outbox. */
export async function readOtp(request: APIRequestContext, phone: string, purpose: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/sms-outbox?phone=${phone}`);
      const body = await res.json();
      code = body.result.find((m: { purpose: string }) => m.purpose === purpose)?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Registers a new member through the API (a texted code from the outbox); returns its credentials. */
export async function createMember(request: APIRequestContext, password = 'Quiet-Harbour-2026') {
  const phone = freshPhone();
  const name = `測試會員${phone.slice(-4)}`;
  // Each member made here comes from an address of its own (the e2e server trusts X-Forwarded-For), so
  // the suite's many sign-ups do not use up the texts one address may ask for in an hour; what the
  // browser itself does still counts against 127.0.0.1.
  const headers = { 'X-Forwarded-For': `198.18.${Number(phone.slice(-4, -2))}.${Number(phone.slice(-2)) + 1}` };
  const sent = await request.post('/api/users/send-otp/phone', { data: { phone, purpose: 'register' }, headers });
  expect(sent.ok(), await sent.text()).toBe(true);
  const code = await readOtp(request, phone, 'register');
  const res = await request.post('/api/users/register', { data: { name, phone, password, code }, headers });
  expect(res.ok(), await res.text()).toBe(true);
  return { phone, password, name };
}

/** Logs in through the API and returns the token and the user info as the client stores it. */
export async function apiLogin(request: APIRequestContext, account: string, password: string) {
  const res = await request.post('/api/users/login', { data: { account, password } });
  expect(res.ok(), await res.text()).toBe(true);
  const { token } = (await res.json()).result as { token: string };
  const info = await request.get('/api/users/info', { headers: { authorization: `Bearer ${token}` } });
  return { token, userInfo: camelKeys<Record<string, unknown>>((await info.json()).result) };
}

/** Puts a session's cookies in the browser, as a login on this device would. */
export async function useSession(
  context: BrowserContext,
  baseURL: string,
  session: { token: string; userInfo: Record<string, unknown> },
): Promise<void> {
  await context.addCookies([
    { name: COOKIE.accessToken, value: session.token, url: baseURL, sameSite: 'Lax' },
    {
      name: COOKIE.userInfo,
      value: encodeURIComponent(JSON.stringify(session.userInfo)),
      url: baseURL,
      sameSite: 'Lax',
    },
  ]);
}

/** Logs in through the login form. */
export async function loginWithForm(page: Page, locale: Locale, account: string, password: string): Promise<void> {
  const l = inLocale(locale);
  await page.getByLabel(l.t('auth.login.account')).fill(account);
  await page.getByLabel(l.t('auth.login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: l.t('auth.login.submit') }).click();
}

/** The value of a cookie in the browser, or undefined. */
export async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}
