/**
 * Markup the first screen does not show (issue 43): on a phone, home's last product card is not laid
 * out while the page loads (content-visibility: auto: its text is neither shaped nor its image asked
 * for), and it is drawn, image and all, once scrolled to; nothing on the first screen moves. Checks
 * what is drawn, never the time.
 */
import { expect, type Page, test } from '@playwright/test';
import { layoutShifts } from './support/layout-shifts.ts';
import { browserLocale, LOCALES, url } from './support/pages.ts';

/** Whether the element's contents are laid out (false inside a content-visibility: auto subtree that is skipped). */
const rendered = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));

for (const locale of LOCALES) {
  test.describe(`below the first screen [${locale}]`, () => {
    test.use({ locale: browserLocale(locale), viewport: { width: 375, height: 667 } });

    test("home's last product card is laid out only when scrolled to, then drawn with its image", async ({ page }) => {
      await page.goto(url(locale, '/'));
      await page.waitForLoadState('load');
      const card = '#main .grid .card >> nth=-1';
      const name = `${card} >> :is(h2, h3)`;
      await expect(page.locator(card)).toBeAttached();
      expect(await rendered(page, name)).toBe(false);
      const image = page.locator(`${card} >> img`);
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(false);
      const moved = await layoutShifts(page);
      expect(moved.sum, moved.moved.join('; ')).toBe(0);

      await page.locator(card).scrollIntoViewIfNeeded();
      await expect(page.locator(name)).toBeVisible();
      // Whether a content-visibility: auto subtree is skipped is decided at the next frame after the scroll.
      await expect.poll(() => rendered(page, name)).toBe(true);
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    });
  });
}
