/**
 * What the purchase pages need before they are measured, set up in the benchmark's browser itself as
 * a shopper's own tab would hold it: a guest cart of two lines (its token in the cart cookie), a
 * member session (the accessToken and userInfo cookies), and one order placed by that member. Every
 * call is made by a page of the site through the shop API, so the cookies are the site's own.
 */
import type { Browser, Page } from 'puppeteer-core';
import { CART_COOKIE, CART_TOKEN_HEADER, COOKIE } from '../../src/config.ts';
import { camelKeys } from '../../src/lib/api/case.ts';

/** The demo member of the README. */
const MEMBER = { account: '0912345678', password: 'Soundwood-2026' };
/** A home address in the official spelling, for the member's order. */
const ADDRESS = { method: 'home', zipcode: '100', city: '臺北市', area: '中正區', addr: '重慶南路一段122號' };
/** Lines in each cart: the issue measured a cart of two. */
const CART_LINES = 2;

export type Shopper = 'guest' | 'member';

export interface ShopperState {
  guestToken: string;
  memberToken: string;
  memberInfo: Record<string, unknown>;
  orderNo: string;
}

type Json = Record<string, unknown>;

/** One API call made by the page (so from the browser, with its cookies and headers). */
async function call(page: Page, method: string, path: string, headers: Json = {}, body?: unknown): Promise<Json> {
  const answer = (await page.evaluate(
    async (m, p, h, b) => {
      const res = await fetch(p, {
        method: m,
        headers: { 'content-type': 'application/json', ...(h as Record<string, string>) },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: await res.json() };
    },
    method,
    path,
    headers,
    body,
  )) as { status: number; body: { status: boolean; result: Json; message?: string } };
  if (answer.status >= 400) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result;
}

/** SKUs of in-stock variants of the newest products, one a product. */
async function skus(page: Page, count: number): Promise<string[]> {
  const list = (await call(page, 'GET', '/api/products?page=1&page_size=20&sort=newest')) as { data: Json[] };
  const found: string[] = [];
  for (const p of list.data) {
    if (found.length === count) break;
    const product = (await call(page, 'GET', `/api/products/${p.slug}`)) as { variants: Json[] };
    const v = product.variants.find((x) => (x.stock as number) >= 3);
    if (v) found.push(v.sku as string);
  }
  if (found.length < count) throw new Error('Not enough products in stock for the bench carts.');
  return found;
}

/** Fills a cart (a member's with `auth`, else a new guest cart) with `lines` of one unit each; its guest token. */
async function fill(page: Page, lines: string[], auth: Json): Promise<string> {
  let headers = auth;
  let token = '';
  for (const sku of lines) {
    const cart = await call(page, 'POST', '/api/cart/items', headers, { sku, quantity: 1 });
    if (cart.cart_token) {
      token = cart.cart_token as string;
      headers = { [CART_TOKEN_HEADER]: token };
    }
  }
  return token;
}

/** Creates the guest cart, the member session, the member's order and the member's cart. */
export async function prepareShoppers(browser: Browser, origin: string): Promise<ShopperState> {
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/en/`, { waitUntil: 'load' });
    const lines = await skus(page, CART_LINES);
    const guestToken = await fill(page, lines, {});
    const login = await call(page, 'POST', '/api/users/login', {}, MEMBER);
    const memberToken = login.token as string;
    const auth = { authorization: `Bearer ${memberToken}` };
    const info = await call(page, 'GET', '/api/users/info', auth);
    // The member's earlier cart (from an earlier bench) is emptied first: the order holds one line.
    const before = (await call(page, 'GET', '/api/cart', auth)) as { lines: Json[] };
    for (const l of before.lines) await call(page, 'DELETE', `/api/cart/items/${l.id}`, auth);
    await fill(page, lines.slice(0, 1), auth);
    const order = await call(
      page,
      'POST',
      '/api/orders',
      { ...auth, 'Idempotency-Key': `bench-${Date.now()}` },
      {
        receiver: { name: info.name || 'Bench', phone: MEMBER.account, email: '' },
        shipping: ADDRESS,
        payment: 'credit',
        invoice: { type: 'member' },
      },
    );
    await fill(page, lines, auth);
    return { guestToken, memberToken, memberInfo: camelKeys<Json>(info), orderNo: order.no as string };
  } finally {
    await page.close();
  }
}

/** Sets (a string) or drops (null) the site's cookies in the browser, and empties this origin's tab storage. */
async function putCookies(browser: Browser, origin: string, cookies: [string, string | null][]): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate((list) => {
      for (const [name, value] of list as [string, string | null][]) {
        document.cookie =
          value === null
            ? `${name}=; path=/; max-age=0`
            : `${name}=${encodeURIComponent(value)}; path=/; max-age=604800; samesite=lax`;
      }
      sessionStorage.clear();
    }, cookies);
  } finally {
    await page.close();
  }
}

/**
 * Puts `who`'s cookies in the browser as the site writes them (js-cookie's encoding), and drops the
 * other shopper's; then opens `url` once, so that what the site keeps in the tab between pages (the
 * header's cart count, the last cart) is there as it is for a shopper arriving at the page.
 */
export async function becomeShopper(browser: Browser, url: string, who: Shopper, s: ShopperState): Promise<void> {
  const origin = new URL(url).origin;
  await putCookies(
    browser,
    origin,
    who === 'guest'
      ? [
          [CART_COOKIE, s.guestToken],
          [COOKIE.accessToken, null],
          [COOKIE.userInfo, null],
        ]
      : [
          [CART_COOKIE, null],
          [COOKIE.accessToken, s.memberToken],
          [COOKIE.userInfo, JSON.stringify(s.memberInfo)],
        ],
  );
  const page = await browser.newPage();
  try {
    await page.goto(url, { waitUntil: 'networkidle0' });
  } finally {
    await page.close();
  }
}

/**
 * Drops both shoppers' cookies: the catalog pages are measured as a first-time visitor sees them,
 * in both locales. Without this the English catalog pages, measured after the Chinese purchase
 * pages, ran with the member's session (and its token check) still in the browser.
 */
export async function becomeVisitor(browser: Browser, origin: string): Promise<void> {
  await putCookies(browser, origin, [
    [CART_COOKIE, null],
    [COOKIE.accessToken, null],
    [COOKIE.userInfo, null],
  ]);
}
