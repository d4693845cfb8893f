/**
 * The header's cart count on page load: shown while the browser has a cart (here a guest's cart
 * cookie), from the count the cart store cached. The cookie is read without a synchronous call where
 * the browser has the Cookie Store API (lib/runtime/cookies.ts readCookieSoon).
 */
import { expect, test } from '@playwright/test';
import { CART_COOKIE, CART_COUNT_STORAGE_KEY } from '../../src/config.ts';

test('the header shows the cached cart count on page load while the browser has a cart', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: CART_COOKIE, value: 'x', url: baseURL ?? '' }]);
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [CART_COUNT_STORAGE_KEY, '3'] as const);
  await page.goto('/brands');
  await expect(page.locator('[data-cart-count]')).toBeVisible();
  await expect(page.locator('[data-cart-count]')).toHaveText('3');
});
