import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { formatPrice } from '../../src/lib/i18n/price.ts';
import { apiLogin, createMember, loginWithForm } from './support/auth.ts';
import { addFromProductPage, cartLine, cartLink, cartProducts, productUrl, quantityOf } from './support/cart.ts';
import { browserLocale, holdRequests, LOCALES, msg, url } from './support/pages.ts';

/** The API's sold-out answer in each locale. */
const SOLD_OUT_MESSAGE = {
  'zh-TW': '這個規格已售完，請選擇其他規格。',
  en: 'This option is sold out. Choose another one.',
} as const;

async function expectNoAxeViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, what).toEqual([]);
}

for (const locale of LOCALES) {
  test.describe(`cart [${locale}]`, () => {
    test.use({ locale: browserLocale(locale) });

    test('a guest chooses an option, adds it, sees the count in another tab, changes, removes, undoes and keeps the cart', async ({
      page,
      context,
      request,
    }) => {
      const { twoInStock: p } = await cartProducts(request, locale);
      const [first, second] = p.variants;
      // A shared link opens the option it names.
      await page.goto(productUrl(locale, p, second.sku));
      await expect(page.getByRole('button', { name: second.option_value, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByRole('main').getByText(formatPrice(second.price)).first()).toBeVisible();
      await expectNoAxeViolations(page, 'product page');

      const other = await context.newPage();
      await other.goto(url(locale, '/'));
      await expect(cartLink(other, locale, 0)).toBeVisible();

      await addFromProductPage(page, locale, first.option_value, 2);
      await expect(page).toHaveURL(new RegExp(`[?&]sku=${encodeURIComponent(first.sku)}`));
      await expect(cartLink(page, locale, 2)).toBeVisible();
      await expect(cartLink(other, locale, 2)).toBeVisible();
      await addFromProductPage(page, locale, second.option_value, 1);
      await expect(cartLink(other, locale, 3)).toBeVisible();

      await page.getByRole('link', { name: msg(locale, 'buy.viewCart') }).click();
      await expect(page).toHaveURL(url(locale, '/cart'));
      const lines = page.getByRole('list', { name: msg(locale, 'cart.lines') }).getByRole('listitem');
      await expect(lines).toHaveCount(2);
      const firstLine = lines.filter({ hasText: first.option_value });
      await expect(firstLine.getByRole('spinbutton')).toHaveValue('2');
      await expect(firstLine.getByText(formatPrice(first.price * 2))).toBeVisible();
      await expect(page.getByText(formatPrice(first.price * 2 + second.price))).toBeVisible();
      await expectNoAxeViolations(page, 'cart page');

      await firstLine.getByRole('button', { name: msg(locale, 'cart.increaseOf', { name: p.name }) }).click();
      await expect(firstLine.getByRole('spinbutton')).toHaveValue('3');
      await expect(page.getByText(formatPrice(first.price * 3 + second.price))).toBeVisible();
      await expect(cartLink(other, locale, 4)).toBeVisible();

      const secondLine = lines.filter({ hasText: second.option_value });
      await secondLine.getByRole('button', { name: msg(locale, 'cart.removeOf', { name: p.name }) }).click();
      await expect(lines).toHaveCount(1);
      await expect(page.getByText(msg(locale, 'cart.removed', { name: p.name }))).toBeVisible();
      await expect(cartLink(other, locale, 3)).toBeVisible();
      await page.getByRole('button', { name: msg(locale, 'cart.undo') }).click();
      await expect(lines).toHaveCount(2);
      await expect(cartLink(other, locale, 4)).toBeVisible();

      await page.reload();
      await expect(lines).toHaveCount(2);
      await expect(lines.filter({ hasText: first.option_value }).getByRole('spinbutton')).toHaveValue('3');
      const token = (await context.cookies()).find((c) => c.name === 'cartToken');
      expect(token).toMatchObject({ path: '/', sameSite: 'Lax' });
      expect(token!.expires - Date.now() / 1000).toBeGreaterThan(29 * 86_400);
    });

    test('a sold-out option cannot be chosen or added', async ({ page, request }) => {
      const { withSoldOut: p } = await cartProducts(request, locale);
      const soldOut = p.variants.find((v: { in_stock: boolean }) => !v.in_stock);
      await page.goto(productUrl(locale, p, soldOut.sku));
      await expect(page.getByRole('button', { name: new RegExp(`^${soldOut.option_value}`) })).toBeDisabled();
      await expect(page.getByRole('button', { name: msg(locale, 'product.addToCart') })).toBeDisabled();
      await expect(page.getByText(msg(locale, 'product.outOfStock')).first()).toBeVisible();
      const res = await page.request.post('/api/cart/items', {
        data: { sku: soldOut.sku, quantity: 1 },
        headers: { 'Accept-Language': locale },
      });
      expect(res.status()).toBe(409);
      expect((await res.json()).message).toBe(SOLD_OUT_MESSAGE[locale]);
    });

    test('a returning shopper sees the cart as last seen while it loads, and a changed or other cart is never painted', async ({
      page,
      request,
    }) => {
      const { twoInStock: p } = await cartProducts(request, locale);
      const [first, second] = p.variants;
      await page.goto(productUrl(locale, p));
      await addFromProductPage(page, locale, first.option_value, 1);
      await page.goto(url(locale, '/cart'));
      await expect(cartLine(page, locale, p.name)).toHaveCount(1);
      // The page has settled: its paint is kept. Held answers show what the page paints before them.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('lastPaint:cart') !== null)).toBe(true);
      const release = await holdRequests(page, '**/api/cart');
      await page.reload();
      const copy = page.locator('.last-paint');
      await expect(copy).toBeVisible();
      await expect(copy).toHaveAttribute('inert', '');
      await expect(copy.getByText(p.name)).toBeVisible();
      // Not in the accessibility tree, so the line is not there twice for a screen reader; axe agrees.
      await expect(cartLine(page, locale, p.name)).toHaveCount(0);
      await expectNoAxeViolations(page, 'cart page with its last paint');
      await release();
      await expect(cartLine(page, locale, p.name)).toHaveCount(1);
      await expect(copy).toHaveCount(0);
      await expect(page.locator('.sw-cart-line')).toHaveCount(1);

      // The cart changed on a product page: the old paint no longer matches its count.
      await page.goto(productUrl(locale, p));
      await addFromProductPage(page, locale, second.option_value, 1);
      await page.route('**/api/cart', async (route) => {
        await new Promise((r) => setTimeout(r, 1_500));
        await route.continue();
      });
      await page.goto(url(locale, '/cart'));
      await expect(page.locator('.sw-cart-loading')).toBeVisible();
      await expect(page.locator('.last-paint')).toHaveCount(0);
      await expect(cartLine(page, locale, p.name)).toHaveCount(2);

      // Another shopper in this browser (a new guest cart) never sees it.
      await page.context().clearCookies();
      await page.goto(url(locale, '/cart'));
      await expect(page.locator('.last-paint')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: msg(locale, 'cart.empty') })).toBeVisible();
    });

    test('logging in merges the guest cart into the member cart', async ({ page, request }) => {
      const { twoInStock: p } = await cartProducts(request, locale);
      const [first, second] = p.variants;
      const member = await createMember(request);
      const { token } = await apiLogin(request, member.phone, member.password);
      const add = await request.post('/api/cart/items', {
        data: { sku: first.sku, quantity: 1 },
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(add.ok()).toBe(true);

      await page.goto(productUrl(locale, p));
      await addFromProductPage(page, locale, first.option_value, 2);
      await addFromProductPage(page, locale, second.option_value, 1);
      await page.goto(url(locale, '/login'));
      await loginWithForm(page, locale, member.phone, member.password);
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto(url(locale, '/cart'));
      await expect(cartLine(page, locale, p.name)).toHaveCount(2);
      await expect(quantityOf(page, locale, p.name).first()).toHaveValue('3');
      await expect(cartLink(page, locale, 4)).toBeVisible();
      expect((await page.context().cookies()).find((c) => c.name === 'cartToken')).toBeUndefined();
    });

    test('the cart works on a 375 px screen with the keyboard alone, and its empty state leads back to shopping', async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(url(locale, '/cart'));
      await expect(page.getByRole('heading', { name: msg(locale, 'cart.empty') })).toBeVisible();
      await expect(page.getByRole('link', { name: msg(locale, 'cart.startShopping') })).toHaveAttribute(
        'href',
        url(locale, '/categories'),
      );
      await expectNoAxeViolations(page, 'empty cart');

      const { twoInStock: p } = await cartProducts(request, locale);
      const [first] = p.variants;
      await page.goto(productUrl(locale, p));
      const option = page.getByRole('button', { name: first.option_value, exact: true });
      await option.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: msg(locale, 'buy.increase') }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: msg(locale, 'product.addToCart') }).focus();
      await page.keyboard.press('Enter');
      const viewCart = page.getByRole('link', { name: msg(locale, 'buy.viewCart') });
      await expect(viewCart).toBeVisible();
      await viewCart.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(url(locale, '/cart'));

      const qty = quantityOf(page, locale, p.name);
      await expect(qty).toHaveValue('2');
      await qty.focus();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: msg(locale, 'cart.increaseOf', { name: p.name }) })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(qty).toHaveValue('3');
      const remove = page.getByRole('button', { name: msg(locale, 'cart.removeOf', { name: p.name }) });
      // A line cannot be removed while its quantity change is on its way.
      await expect(remove).toBeEnabled();
      await remove.focus();
      await page.keyboard.press('Enter');
      const undo = page.getByRole('button', { name: msg(locale, 'cart.undo') });
      await expect(undo).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(qty).toHaveValue('3');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expect(page.getByRole('link', { name: msg(locale, 'cart.checkout') })).toHaveAttribute(
        'href',
        url(locale, '/cart/checkout'),
      );
      await expectNoAxeViolations(page, 'cart at 375 px');
    });
  });
}
