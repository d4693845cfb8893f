import { expect } from 'vitest';
import type { ServerEnv } from '../../../src/server/env.ts';
import { createTestShop, listening, type TestShop } from '../../helpers/test-app.ts';
import { freshIp } from '../accounts/users-helpers.ts';

export const START = '/api/auth/line/start';
export const CALLBACK = '/api/auth/line/callback';
export const STATE_COOKIE = 'line_login_state';

/**
 * A shop also listening on a loopback port, with SITE_URL pointing at it: the shop trades LINE's
 * code at the simulator's token endpoint over real HTTP, as it does with LINE.
 */
export async function createLineShop(
  env: Partial<ServerEnv> = {},
  opts: { seeded?: boolean } = {},
): Promise<TestShop & { origin: string }> {
  return listening(await createTestShop({ env, seeded: opts.seeded }), { siteUrl: true });
}

/** A request as a browser sends it (no redirects followed), with a Cookie header when given. */
export async function browse(
  shop: TestShop,
  url: string,
  opts: { cookie?: string; method?: string; form?: Record<string, string>; lang?: string } = {},
) {
  const u = new URL(url, 'http://shop.internal');
  const headers: Record<string, string> = { 'x-test-ip': freshIp() };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.lang) headers['accept-language'] = opts.lang;
  if (opts.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  const res = await shop.app.request(u.pathname + u.search, {
    method: opts.method ?? (opts.form ? 'POST' : 'GET'),
    headers,
    ...(opts.form ? { body: new URLSearchParams(opts.form).toString() } : {}),
  });
  return {
    status: res.status,
    location: res.headers.get('location') ?? '',
    cookies: res.headers.getSetCookie(),
    text: await res.text(),
  };
}

/** The value of cookie `name` among Set-Cookie headers (undefined when not set). */
export function cookieValue(setCookies: string[], name: string): string | undefined {
  const line = setCookies.find((c) => c.startsWith(`${name}=`));
  return line ? decodeURIComponent(line.slice(name.length + 1).split(';')[0]!) : undefined;
}

/** Starts a sign-in: the authorize URL and the state cookie the browser keeps. */
export async function startLogin(shop: TestShop, returnPath = '/') {
  const r = await browse(shop, `${START}?return=${encodeURIComponent(returnPath)}`);
  expect(r.status).toBe(302);
  const state = cookieValue(r.cookies, STATE_COOKIE);
  expect(state).toBeTruthy();
  return { authorize: new URL(r.location), cookie: `${STATE_COOKIE}=${state}` };
}

/** At the simulator's consent page, signs in as the LINE user `name`: the callback URL LINE sends the browser to. */
export async function consent(shop: TestShop, authorize: URL, name: string): Promise<URL> {
  const page = await browse(shop, authorize.href);
  expect(page.status).toBe(200);
  const form = Object.fromEntries(authorize.searchParams);
  const r = await browse(shop, authorize.pathname, { form: { ...form, display_name: name } });
  expect(r.status).toBe(302);
  return new URL(r.location);
}

/** The whole sign-in: start, consent as `name`, callback; the callback's answer. */
export async function signInWithLine(shop: TestShop, name: string, returnPath = '/') {
  const { authorize, cookie } = await startLogin(shop, returnPath);
  const back = await consent(shop, authorize, name);
  const r = await browse(shop, back.href, { cookie });
  return { ...r, token: cookieValue(r.cookies, 'accessToken'), callback: back, cookie };
}

let nameSeq = 0;
/** A LINE display name no other test uses (the simulator makes one LINE user per name). */
export const freshLineName = () => `LINE 測試 ${process.pid}-${++nameSeq}`;
