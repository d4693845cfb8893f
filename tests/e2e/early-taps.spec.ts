import { expect, type Page, test } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/lib/theme.ts';
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
      const kept = () => page.evaluate(() => (window as unknown as { earlyTaps?: Element[] }).earlyTaps?.length ?? 0);
      expect(await kept()).toBe(1);
      await expect(html).not.toHaveClass(/dark/);
      release();
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
