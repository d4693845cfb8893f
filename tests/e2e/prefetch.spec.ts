/**
 * Pages fetched ahead (spec section 4's link prefetching): the links of the page's own content that
 * are in view, while the browser is idle; the header's links only when the shopper shows intent
 * (hover, focus, touch). Checks which pages were asked for, never the time.
 */
import { expect, type Page, test } from '@playwright/test';
import { browserLocale, LOCALES, url } from './support/pages.ts';

/** The paths of the page's `<link rel=prefetch>` elements. */
const prefetched = (page: Page) =>
  page
    .locator('link[rel=prefetch]')
    .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));

for (const locale of LOCALES) {
  test.describe(`prefetching [${locale}]`, () => {
    test.use({ locale: browserLocale(locale), viewport: { width: 375, height: 667 } });

    test("the content's links in view are fetched ahead; the header's cart link only when pointed at", async ({
      page,
    }) => {
      await page.goto(url(locale, '/'));
      await page.waitForLoadState('load');
      // Home's first screen on a phone: its hero's and first tiles' links.
      const inView = await page.locator('main a[href]').evaluateAll((as) =>
        as
          .filter((a) => {
            const r = a.getBoundingClientRect();
            return r.width > 0 && r.bottom > 0 && r.top < innerHeight;
          })
          .map((a) => new URL((a as HTMLAnchorElement).href).pathname),
      );
      expect(inView.length).toBeGreaterThan(0);
      await expect.poll(() => prefetched(page)).toEqual(expect.arrayContaining(inView));
      // Every prefetch once the queue has drained (the network quiet) is of a link in <main>.
      await page.waitForLoadState('networkidle');
      const inMain = await page
        .locator('main a[href]')
        .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      const cart = new URL(url(locale, '/cart'), page.url()).pathname;
      const before = await prefetched(page);
      expect(before.filter((path) => !inMain.includes(path))).toEqual([]);
      expect(before).not.toContain(cart);

      await page.locator('header a.cart-link').hover();
      await expect.poll(() => prefetched(page)).toContain(cart);
    });
  });
}
