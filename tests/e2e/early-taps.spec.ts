import { expect, type Page, test } from '@playwright/test';
import { COOKIE } from '../../src/config.ts';
import { THEME_STORAGE_KEY } from '../../src/lib/theme.ts';
import { cartLink, cartProducts, productUrl } from './support/cart.ts';
import { holdRequests, msg, slowCpu } from './support/pages.ts';

/**
 * Issue 29, part 5: a tap on a control before its script has started is kept and replayed once the
 * script has bound its handlers, on a slow phone's CPU (four times slower, as Lighthouse's mobile).
 */

/** Counts every time the page turns dark and every write of the theme choice. */
async function watchTheme(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    const w = window as unknown as { turnedDark: number; themeWrites: string[] };
    w.turnedDark = 0;
    w.themeWrites = [];
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, k: string, v: string) {
      if (k === key) w.themeWrites.push(v);
      return setItem.call(this, k, v);
    };
    let dark = false;
    // The whole document: the root element the script starts with may not be the page's.
    new MutationObserver(() => {
      const now = document.documentElement.classList.contains('dark');
      if (now && !dark) w.turnedDark++;
      dark = now;
    }).observe(document, { attributes: true, attributeFilter: ['class'], subtree: true });
  }, THEME_STORAGE_KEY);
}

/** How many taps the head script keeps for controls whose script has not started. */
const keptTaps = (page: Page) =>
  page.evaluate(() => (window as unknown as { earlyTaps?: Element[] }).earlyTaps?.length ?? 0);

const RUNS = 20;

test.describe('a tap before the scripts start', () => {
  for (let run = 1; run <= RUNS; run++) {
    test(`on the theme toggle turns the page dark once the runtime starts, exactly once (run ${run} of ${RUNS})`, async ({
      page,
    }) => {
      await slowCpu(page);
      await watchTheme(page);
      // The scripts wait until the tap has been made: it comes before the runtime starts, every run.
      const release = await holdRequests(page, '**/_astro/*.js');
      await page.goto('/en/about', { waitUntil: 'commit' });
      const toggle = page.getByRole('button', { name: msg('en', 'theme.toggle') });
      await toggle.click();
      const html = page.locator('html');
      expect(await keptTaps(page)).toBe(1);
      await expect(html).not.toHaveClass(/dark/);
      await release();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await expect(html).toHaveClass(/dark/);
      await expect(toggle).not.toHaveAttribute('data-early');
      const seen = () =>
        page.evaluate(() => {
          const w = window as unknown as { turnedDark: number; themeWrites: string[]; earlyTaps: Element[] };
          return { turnedDark: w.turnedDark, themeWrites: w.themeWrites, kept: w.earlyTaps.length };
        });
      expect(await seen()).toEqual({ turnedDark: 1, themeWrites: ['dark'], kept: 0 });
      // The toggle's own handler takes the next tap: light again, nothing replayed twice.
      await toggle.click();
      await expect(html).not.toHaveClass(/dark/);
      expect(await seen()).toEqual({ turnedDark: 1, themeWrites: ['dark', 'light'], kept: 0 });
    });
  }
});

test.describe('a tap before the scripts start (other controls)', () => {
  test.use({ locale: 'en-US' });

  test('on add to cart adds the chosen option once, without the form reloading the page', async ({ page, request }) => {
    const { twoInStock: p } = await cartProducts(request, 'en');
    await slowCpu(page);
    const release = await holdRequests(page, '**/_astro/*.js');
    const address = productUrl('en', p);
    await page.goto(address, { waitUntil: 'commit' });
    await page.getByRole('button', { name: msg('en', 'product.addToCart') }).click();
    expect(await keptTaps(page)).toBe(1);
    await release();
    await expect(page.getByRole('status').getByText(msg('en', 'buy.added'))).toBeVisible();
    await expect(cartLink(page, 'en', 1)).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
  });

  test('on the language switch stores the choice and opens the page in the other language', async ({
    page,
    context,
  }) => {
    await slowCpu(page);
    const release = await holdRequests(page, '**/_astro/*.js');
    await page.goto('/about', { waitUntil: 'commit' });
    await page.getByRole('link', { name: msg('en', 'lang.name') }).click();
    expect(await keptTaps(page)).toBe(1);
    expect(page.url()).toMatch(/\/about$/);
    await release();
    await expect(page).toHaveURL('/en/about');
    expect((await context.cookies()).find((c) => c.name === COOKIE.locale)?.value).toBe('en');
  });
});
