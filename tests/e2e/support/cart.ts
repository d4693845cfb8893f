/**
 * Page objects of the cart tests: products found in the running shop's catalog, the product page's
 * buy box, the header's cart link and the cart page, all by role and label.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Locale } from '../../../src/config.ts';
import { api, apiAll, type Json, msg, url } from './pages.ts';

/** Products of the demo catalog for the cart tests: one with two options in stock, one with a sold-out option. */
export async function cartProducts(request: APIRequestContext, locale: Locale) {
  const summaries = await apiAll(request, '/api/products?sort=name', locale);
  let twoInStock: Json;
  let withSoldOut: Json;
  for (const s of summaries) {
    if (twoInStock && withSoldOut) break;
    const p = await api(request, `/api/products/${s.slug}`, locale);
    const inStock = p.variants.filter((v: Json) => v.stock >= 5);
    if (!twoInStock && inStock.length >= 2 && p.variants.every((v: Json) => v.in_stock)) twoInStock = p;
    else if (!withSoldOut && inStock.length >= 1 && p.variants.some((v: Json) => !v.in_stock)) withSoldOut = p;
  }
  expect(twoInStock, 'a product with two options in stock').toBeTruthy();
  expect(withSoldOut, 'a product with a sold-out option').toBeTruthy();
  return { twoInStock, withSoldOut };
}

export const productUrl = (locale: Locale, p: Json, sku?: string) =>
  `${url(locale, `/brands/${p.brand.slug}/${p.slug}`)}${sku ? `?sku=${encodeURIComponent(sku)}` : ''}`;

/** The header's cart link, named with the count when the cart has something. */
export function cartLink(page: Page, locale: Locale, count: number) {
  const name = `${msg(locale, 'nav.cart')}${count ? msg(locale, 'cart.count', { count }) : ''}`;
  return page.getByRole('link', { name, exact: true });
}

/** On a product page: choose the option, set the quantity with the stepper, add, and see the confirmation. */
export async function addFromProductPage(page: Page, locale: Locale, option: string, quantity: number) {
  await page.getByRole('button', { name: option, exact: true }).click();
  const box = page.getByRole('spinbutton', { name: msg(locale, 'buy.quantity'), exact: true });
  await box.fill('1');
  for (let q = 1; q < quantity; q++) await page.getByRole('button', { name: msg(locale, 'buy.increase') }).click();
  await expect(box).toHaveValue(String(quantity));
  await page.getByRole('button', { name: msg(locale, 'product.addToCart') }).click();
  await expect(page.getByRole('status').getByText(msg(locale, 'buy.added'))).toBeVisible();
}

/** The cart page's line of a product (the list item that names it). */
export function cartLine(page: Page, locale: Locale, name: string) {
  return page
    .getByRole('list', { name: msg(locale, 'cart.lines') })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
}

export const quantityOf = (page: Page, locale: Locale, name: string) =>
  page.getByRole('spinbutton', { name: msg(locale, 'cart.quantityOf', { name }) });
