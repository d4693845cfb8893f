/**
 * Page objects of the checkout tests: a cart filled through the shop API (a guest's token put in
 * the browser as the cart page would keep it), stock read back from the API, and the checkout
 * form's controls by role and label.
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import { CART_COOKIE, CART_TOKEN_HEADER, type Locale } from '../../../src/config.ts';
import { api, type Json, msg } from './pages.ts';

export async function expectAccessible(page: Page, what: string, width?: number) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, what).toEqual([]);
  if (width) expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(width);
}

export interface CartFill {
  product: Json;
  variant: Json;
  headers: Record<string, string>;
}

/** The stock of `sku` as the product API reports it. */
export async function stockOf(request: APIRequestContext, slug: string, sku: string): Promise<number> {
  const p = await api(request, `/api/products/${slug}`);
  return p.variants.find((v: Json) => v.sku === sku).stock;
}

/**
 * Puts one unit of an in-stock product (price at most `maxPrice`) in a cart: the member's (Bearer
 * `token`) or a new guest cart. With `cvs: true`, only a product a convenience store takes will do
 * (the quote says so); with `cvs: false`, only one it refuses. Products are tried in `sort` order and read in `locale`.
 */
export async function fillCart(
  request: APIRequestContext,
  opts: { token?: string; cvs?: boolean; sort: string; maxPrice: number; locale: Locale },
): Promise<CartFill> {
  const list = await api(request, `/api/products?sort=${opts.sort}&page=1&page_size=60`, opts.locale);
  let headers: Record<string, string> = opts.token ? { authorization: `Bearer ${opts.token}` } : {};
  for (const s of list.data) {
    const product = await api(request, `/api/products/${s.slug}`, opts.locale);
    const variant = product.variants.find((v: Json) => v.stock >= 3 && v.price <= opts.maxPrice);
    if (!variant) continue;
    const added = await request.post('/api/cart/items', { headers, data: { sku: variant.sku, quantity: 1 } });
    expect(added.ok(), await added.text()).toBe(true);
    const cart = (await added.json()).result;
    if (cart.cart_token) headers = { [CART_TOKEN_HEADER]: cart.cart_token };
    if (opts.cvs === undefined) return { product, variant, headers };
    const quote = await request.post('/api/checkout/quote', { headers, data: { shipping: { method: 'cvs' } } });
    const methods = (await quote.json()).result.shipping_methods as Json[];
    if (Boolean(methods.find((m) => m.code === 'cvs')?.available) === opts.cvs) return { product, variant, headers };
    const line = cart.lines.find((l: Json) => l.sku === variant.sku);
    await request.delete(`/api/cart/items/${line.id}`, { headers });
  }
  throw new Error('no product fits the cart this test needs');
}

/** The names the quote gives the shipping and payment methods in `locale`, by code. */
export async function methodNames(request: APIRequestContext, fill: CartFill, locale: Locale) {
  const res = await request.post('/api/checkout/quote', {
    headers: { ...fill.headers, 'Accept-Language': locale },
    data: {},
  });
  const q = (await res.json()).result;
  const byCode = (list: Json[]) => Object.fromEntries(list.map((m) => [m.code, new RegExp(`^${escapeRe(m.name)}`)]));
  return { shipping: byCode(q.shipping_methods), payment: byCode(q.payment_methods) } as {
    shipping: Record<string, RegExp>;
    payment: Record<string, RegExp>;
  };
}

/** Gives the browser the guest cart's token, as the cart pages keep it. */
export async function useGuestCart(context: BrowserContext, baseURL: string, fill: CartFill) {
  const token = fill.headers[CART_TOKEN_HEADER];
  expect(token, 'a guest cart token').toBeTruthy();
  await context.addCookies([{ name: CART_COOKIE, value: token as string, url: baseURL, sameSite: 'Lax' }]);
}

/** The checkout form in one locale. */
export function checkoutForm(page: Page, locale: Locale) {
  const t = (k: Parameters<typeof msg>[1], p?: Record<string, string | number>) => msg(locale, k, p);
  return {
    t,
    field: (key: Parameters<typeof msg>[1]) => page.getByLabel(t(key), { exact: true }),
    radio: (name: string | RegExp) => page.getByRole('radio', { name }),
    place: () => page.getByRole('button', { name: t('checkout.place') }),
    async expectFieldError(label: string, message: string) {
      const control = page.getByLabel(label, { exact: true });
      await expect(control).toHaveAttribute('aria-invalid', 'true');
      await expect(control).toHaveAccessibleDescription(new RegExp(escapeRe(message)));
      await expect(control).toBeFocused();
    },
  };
}

export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
