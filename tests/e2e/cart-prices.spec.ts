import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Locale } from '../../src/config.ts';
import { formatPrice } from '../../src/lib/i18n/price.ts';
import { openDb } from '../../src/server/db/index.ts';
import { type CartFill, expectAccessible, fillCart, useGuestCart } from './support/checkout.ts';
import { browserLocale, LOCALES, msg, url } from './support/pages.ts';

/**
 * Issue 29, part 4: a cart line whose price moved since it was added shows the price then and now
 * and a notice, on the cart page and at checkout, until the shopper has been shown it.
 */

/**
 * The price moved since the line was added: the recorded price of this cart's line (on the server's
 * database) becomes `was`. Only this cart's: another test may hold the same product.
 */
async function recordedPrice(request: APIRequestContext, fill: CartFill, was: number): Promise<void> {
  const cart = await request.get('/api/cart', { headers: fill.headers });
  const line = (await cart.json()).result.lines.find((l: { sku: string }) => l.sku === fill.variant.sku);
  expect(line, 'the line of the test').toBeTruthy();
  const path = process.env.E2E_SQLITE_PATH;
  if (!path) throw new Error('E2E_SQLITE_PATH is set by playwright.config.ts');
  const db = openDb({ sqlitePath: path });
  try {
    await db.kysely.updateTable('cart_items').set({ seen_price: was }).where('id', '=', line.id).execute();
  } finally {
    await db.close();
  }
}

function notice(page: Page, locale: Locale, was: number, now: number) {
  return page.getByText(msg(locale, 'cart.priceMoved', { from: formatPrice(was), to: formatPrice(now) }));
}

for (const locale of LOCALES) {
  test.describe(`a moved price [${locale}]`, () => {
    // A phone's width: the notice fits beside the line.
    test.use({ locale: browserLocale(locale), viewport: { width: 375, height: 800 } });

    test('the cart page and checkout show the price then and now with a notice, until it has been shown', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const fill = await fillCart(request, { sort: 'name', maxPrice: 19_000, locale });
      await useGuestCart(context, baseURL!, fill);
      const now = fill.variant.price as number;
      const was = now + 1_200;
      await recordedPrice(request, fill, was);

      const seen = page.waitForResponse((r) => r.url().endsWith('/api/cart/seen') && r.ok());
      await page.goto(url(locale, '/cart'));
      const line = page.getByRole('list', { name: msg(locale, 'cart.lines') }).getByRole('listitem');
      await expect(line).toHaveCount(1);
      await expect(notice(page, locale, was, now)).toBeVisible();
      await expect(line.locator('del')).toHaveText(`${msg(locale, 'cart.priceWas')}${formatPrice(was)}`);
      await expect(line.getByText(formatPrice(now)).first()).toBeVisible();
      await expectAccessible(page, 'cart page with a moved price', 375);
      await seen;
      // The cart's last paint (the next visit's first frame) does not bring the notice back.
      const keptPaint = () => page.evaluate(() => localStorage.getItem('lastPaint:cart') ?? '');
      await expect.poll(keptPaint).toContain(formatPrice(now));
      expect(await keptPaint()).not.toContain(formatPrice(was));
      // Shown once: the next visit has no notice, at the current price.
      await page.reload();
      await expect(line.getByText(formatPrice(now)).first()).toBeVisible();
      await expect(notice(page, locale, was, now)).toHaveCount(0);
      await expect(line.locator('del')).toHaveCount(0);

      // It moves again before checkout: the checkout page tells it beside the line, once.
      const again = now + 300;
      await recordedPrice(request, fill, again);
      await page.goto(url(locale, '/cart/checkout'));
      const summary = page.getByRole('list', { name: msg(locale, 'cart.lines') });
      await expect(summary.locator('del')).toBeVisible();
      await expectAccessible(page, 'checkout with a moved price', 375);
      await expect(
        summary.getByText(msg(locale, 'cart.priceMoved', { from: formatPrice(again), to: formatPrice(now) })),
      ).toBeVisible();
      await expect(summary.locator('del')).toHaveText(`${msg(locale, 'cart.priceWas')}${formatPrice(again)}`);
      await page.reload();
      await expect(summary.getByRole('listitem')).toHaveCount(1);
      await expect(summary.locator('del')).toHaveCount(0);
      await expect(
        page.getByText(msg(locale, 'cart.priceMoved', { from: formatPrice(again), to: formatPrice(now) })),
      ).toHaveCount(0);
    });
  });
}
