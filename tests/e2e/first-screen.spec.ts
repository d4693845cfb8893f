/**
 * No element on a phone's first screen moves while a page arrives over a slow network: each page kind
 * is sent through a proxy that hands the browser its HTML 1.5 KB at a time, so the browser paints it
 * half-parsed, as a phone on a slow network does; then its islands fill in. The shifts a half-parsed
 * page showed: the header's buttons growing leftwards as they arrived, a listing's head image
 * recentred beside its heading, the gallery's thumbnails sized by their images; and after paint the
 * footer pushed down by search results, a sign-in form and the checkout's form. Words of a paragraph
 * whose end has not arrived yet may reflow when it does (any page painted while it arrives does that);
 * every element must stay where it was first painted. Checks what moved, never the time.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { dripProxy, recordedLayoutShifts, recordLayoutShifts } from './support/layout-shifts.ts';
import { browserLocale, LOCALES, msg, sample, url } from './support/pages.ts';

let proxy: Awaited<ReturnType<typeof dripProxy>>;
test.beforeAll(async ({ baseURL }) => {
  proxy = await dripProxy(baseURL ?? '');
});
test.afterAll(() => proxy.close());

for (const locale of LOCALES) {
  test.describe(`the first screen over a slow network [${locale}]`, () => {
    test.use({ locale: browserLocale(locale), viewport: { width: 375, height: 667 } });

    test('no page kind moves while it arrives and its islands fill in', async ({ page, request }) => {
      const s = await sample(request, locale);
      // Each page, and what shows once its islands have filled in (null: nothing to wait for).
      const pages: [string, (p: Page) => Locator | null][] = [
        ['/', () => null],
        [`/brands/${s.brand.slug}`, () => null],
        [`/categories/${s.category.slug}`, () => null],
        [
          `/brands/${s.product.brand.slug}/${s.product.slug}`,
          (p) => p.getByRole('button', { name: msg(locale, 'product.addToCart') }),
        ],
        [`/articles/${s.article.slug}`, () => null],
        [`/search?q=${encodeURIComponent(s.brand.name)}`, (p) => p.locator('[data-search] .grid .card').first()],
        ['/login', (p) => p.getByLabel(msg(locale, 'auth.login.account'))],
        ['/cart/checkout', (p) => p.getByRole('heading', { name: msg(locale, 'cart.empty') })],
      ];
      await recordLayoutShifts(page);
      const moved: string[] = [];
      for (const [path, ready] of pages) {
        await page.goto(`${proxy.origin}${url(locale, path)}`);
        await page.waitForLoadState('load');
        const shown = ready(page);
        if (shown) await expect(shown).toBeVisible();
        // Two frames: what the last change laid out is painted, and its shift recorded.
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        for (const shift of await recordedLayoutShifts(page))
          if (shift.elements.length > 0) moved.push(`${path}: ${shift.value.toFixed(4)}, ${shift.elements.join('; ')}`);
      }
      expect(moved, moved.join('\n')).toEqual([]);
    });
  });
}
