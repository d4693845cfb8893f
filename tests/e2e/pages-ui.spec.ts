import { expect, test } from '@playwright/test';
import { COOKIE, LOCALE_COOKIE_DAYS } from '../../src/config.ts';
import { browserLocale, LOCALES, msg, sample, slowCpu, url } from './support/pages.ts';

const SECONDS_PER_DAY = 86_400;

test.describe('language switch', () => {
  test.use({ locale: 'zh-TW' });

  test('stores the choice for 365 days and lands on the same page in the other language', async ({
    page,
    context,
    request,
  }) => {
    const { product: p } = await sample(request, 'zh-TW');
    const path = `/brands/${p.brand.slug}/${p.slug}`;
    await page.goto(`${path}?from=test#product-specs`);
    const before = Date.now() / 1000;
    await page.getByRole('link', { name: msg('en', 'lang.name') }).click();
    await expect(page).toHaveURL(`/en${path}?from=test#product-specs`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const cookie = (await context.cookies()).find((c) => c.name === COOKIE.locale);
    expect(cookie?.value).toBe('en');
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    expect((cookie?.expires ?? 0) - before).toBeGreaterThan((LOCALE_COOKIE_DAYS - 1) * SECONDS_PER_DAY);

    // The root now follows the cookie; switching back stores zh-TW and the root stays Chinese.
    await page.goto('/');
    await expect(page).toHaveURL('/en/');
    await page.getByRole('link', { name: msg('zh-TW', 'lang.name') }).click();
    await expect(page).toHaveURL('/');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
  });
});

test.describe('theme', () => {
  test('starts light, toggles dark and stays dark after a reload, from the first paint', async ({ page }) => {
    // On a slow phone's CPU the click can come before the page's scripts have started: it is kept
    // and replayed once they have (src/lib/runtime/early-taps.ts).
    await slowCpu(page);
    // Records the root's class the moment <body> is inserted, before anything is painted.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        (window as unknown as { firstPaintDark: boolean }).firstPaintDark =
          document.documentElement.classList.contains('dark');
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/en/about');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    const toggle = page.getByRole('button', { name: msg('en', 'theme.toggle') });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(html).toHaveClass(/dark/);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { firstPaintDark: boolean }).firstPaintDark)).toBe(true);
    await expect(html).toHaveClass(/dark/);
    await page.goto('/brands');
    expect(await page.evaluate(() => (window as unknown as { firstPaintDark: boolean }).firstPaintDark)).toBe(true);
    const zhToggle = page.getByRole('button', { name: msg('zh-TW', 'theme.toggle') });
    await zhToggle.click();
    await expect(zhToggle).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    await expect(html).not.toHaveClass(/dark/);
  });
});

for (const locale of LOCALES) {
  test.describe(`catalog interactions [${locale}]`, () => {
    test.use({ locale: browserLocale(locale) });

    test('the header search finds products, and shows the no-data state when nothing matches', async ({
      page,
      request,
    }) => {
      const { product: p } = await sample(request, locale);
      await page.goto(url(locale, '/'));
      const box = page.getByRole('searchbox', { name: msg(locale, 'search.label') }).first();
      await box.fill(p.brand.name);
      await box.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${url(locale, '/search')}\\?q=`));
      await expect(page.locator('[data-grid-wrap] .card').first()).toBeVisible();
      await expect(page.locator('[data-summary]')).toContainText(p.brand.name);

      await page.goto(url(locale, '/search?q=zzzz-no-such-thing'));
      await expect(page.getByText(msg(locale, 'noData.message'))).toBeVisible();
      await expect(page.locator('[data-no-data] [data-lottie] svg')).toBeVisible();
      await expect(page.locator('[data-grid-wrap] .card')).toHaveCount(0);
    });

    test('brand filters, sort and the no-data state work in place', async ({ page, request }) => {
      const { brand } = await sample(request, locale);
      const tree = await (
        await request.get(`/api/product-brands/categories?uid=${brand.uid}`, { headers: { 'Accept-Language': locale } })
      ).json();
      const category = tree.result.children[0];
      await page.goto(url(locale, `/brands/${brand.slug}`));
      await page.getByRole('radio', { name: category.name, exact: true }).check();
      await expect(page).toHaveURL(new RegExp(`\\?category=${category.slug}$`));
      const filtered = await (
        await request.get(`/api/products?brand=${brand.slug}&category=${category.slug}&page_size=1`)
      ).json();
      await expect(page.locator('[data-count]')).toHaveText(
        msg(locale, 'listing.count', { count: filtered.result.total }),
      );
      await page.getByLabel(msg(locale, 'listing.sort')).selectOption('price_asc');
      await expect(page).toHaveURL(/sort=price_asc/);
      const prices = await page
        .locator('[data-grid-wrap] .price')
        .evaluateAll((els) => els.map((e) => Number((e.firstChild?.textContent ?? '').replace(/\D/g, ''))));
      expect(prices).toEqual([...prices].sort((a, b) => a - b));

      // A reload keeps the filters (they live in the URL).
      await page.reload();
      await expect(page.getByLabel(msg(locale, 'listing.sort'))).toHaveValue('price_asc');
      const min = page.getByLabel(msg(locale, 'listing.minPrice'));
      const max = page.getByLabel(msg(locale, 'listing.maxPrice'));
      await min.fill('5000');
      await max.fill('1000');
      await page.getByRole('button', { name: msg(locale, 'listing.apply') }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await max.fill('');
      await min.fill('9999999');
      await page.getByRole('button', { name: msg(locale, 'listing.apply') }).click();
      await expect(page.getByText(msg(locale, 'noData.message'))).toBeVisible();
      await expect(page.getByRole('alert')).toBeHidden();
      await page.getByRole('button', { name: msg(locale, 'listing.reset') }).click();
      await expect(page.locator('[data-count]')).toHaveText(
        msg(locale, 'listing.count', { count: brand.product_count }),
      );
    });

    test('the contact form shows field errors in the page language, then sends', async ({ page }) => {
      await page.goto(url(locale, '/contact'));
      await page.getByRole('button', { name: msg(locale, 'contact.submit') }).click();
      await expect(page.getByText(msg(locale, 'contact.fixFields'))).toBeVisible();
      const name = page.getByLabel(msg(locale, 'contact.name'));
      await expect(name).toHaveAttribute('aria-invalid', 'true');
      const error = page.locator('#contact-name-error');
      await expect(error).toBeVisible();
      const text = (await error.textContent()) ?? '';
      expect(/[\u4e00-\u9fff]/.test(text)).toBe(locale === 'zh-TW');

      await name.fill('王小明');
      await page.getByLabel(msg(locale, 'contact.email')).fill('ming@example.com');
      await page.getByLabel(msg(locale, 'contact.subject')).fill('試聽預約 listening');
      await page
        .getByLabel(msg(locale, 'contact.message'))
        .fill('想預約週六下午試聽耳機。I would like a listening session.');
      await page.getByRole('button', { name: msg(locale, 'contact.submit') }).click();
      await expect(page.getByText(msg(locale, 'contact.sent'))).toBeVisible();
      await expect(name).toHaveValue('');
    });
  });
}
