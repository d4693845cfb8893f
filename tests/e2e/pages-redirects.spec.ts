import { expect, test } from '@playwright/test';
import { browserLocale, LOCALES, msg, url } from './support/pages.ts';

test.describe('redirects', () => {
  const permanent: [string, string][] = [
    ['/member', '/member/profile'],
    ['/brands/bang&olufsen', '/brands/bangandolufsen'],
    ['/brands/bang%26olufsen', '/brands/bangandolufsen'],
    ['/brands/Bang%20%26%20Olufsen', '/brands/bangandolufsen'],
    ['/articles/index%20copy', '/articles'],
    ['/register', '/sign-up'],
  ];
  for (const locale of LOCALES) {
    for (const [from, to] of permanent) {
      test(`[${locale}] ${from} → ${to} (301)`, async ({ request }) => {
        const res = await request.get(url(locale, from), { maxRedirects: 0 });
        expect(res.status()).toBe(301);
        expect(res.headers().location).toBe(url(locale, to));
      });
    }
  }

  test('the Bang & Olufsen redirect lands on the brand page', async ({ page }) => {
    const res = await page.goto('/brands/bang&olufsen');
    expect(res?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/brands/bangandolufsen');
  });

  test('the root follows the i18n_redirected cookie, then the browser language, then zh-TW', async ({ request }) => {
    const byCookie = await request.get('/', { maxRedirects: 0, headers: { cookie: 'i18n_redirected=en' } });
    expect(byCookie.status()).toBe(302);
    expect(byCookie.headers().location).toBe('/en/');
    const byBrowser = await request.get('/', { maxRedirects: 0, headers: { 'accept-language': 'en-GB,en;q=0.8' } });
    expect(byBrowser.headers().location).toBe('/en/');
    const chosen = await request.get('/', {
      maxRedirects: 0,
      headers: { cookie: 'i18n_redirected=zh-TW', 'accept-language': 'en-US' },
    });
    expect(chosen.status()).toBe(200);
    const fallback = await request.get('/', { maxRedirects: 0, headers: { 'accept-language': 'ja-JP' } });
    expect(fallback.status()).toBe(200);
    expect(await fallback.text()).toContain('lang="zh-Hant-TW"');
  });
});

for (const locale of LOCALES) {
  test.describe(`unknown paths [${locale}]`, () => {
    test.use({ locale: browserLocale(locale) });

    test('show the 404 screen with the path, an animation and a way home', async ({ page }) => {
      const path = url(locale, '/no/such/page');
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(locale, 'error.notExist'));
      await expect(page.getByText(msg(locale, 'error.notFound', { path }))).toBeVisible();
      await expect(page.locator('[data-lottie] svg')).toBeVisible();
      await expect(page.getByText(msg(locale, 'error.details'))).toHaveCount(0);
      await page.getByRole('link', { name: msg(locale, 'error.backHome') }).click();
      await expect(page).toHaveURL(url(locale, '/'));
    });
  });
}
