/**
 * The outdated-build check (spec section 7; src/lib/runtime/build-check.ts): a page knows the build
 * it was served from by the site server's `Server-Timing: build;desc="<id>"`, so loading it asks
 * nothing more of the server (before, every page view fetched builds/latest.json once the browser was
 * idle). Once the manifest names another build (read when the tab becomes visible, and hourly), the
 * check cancels the next client-side navigation, so that Astro's router loads the page in full and
 * the new build's scripts run. The shop's links are plain page loads today (BaseLayout.astro), so the
 * test asks the check as the router would: a cancelable `astro:before-preparation` event.
 */
import { expect, type Page, test } from '@playwright/test';
import { pageRequests } from './support/network.ts';
import { browserLocale, LOCALES, url } from './support/pages.ts';

const MANIFEST = '**/builds/latest.json';

/** Whether the check cancels a client-side navigation (as the router's event would carry it). */
const cancelsNavigation = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('astro:before-preparation', { cancelable: true });
    document.dispatchEvent(event);
    return event.defaultPrevented;
  });

for (const locale of LOCALES) {
  test.describe(`outdated build [${locale}]`, () => {
    test.use({ locale: browserLocale(locale) });

    test('a page knows its build without asking; a newer build in the manifest cancels client-side navigation', async ({
      page,
      request,
    }) => {
      const live = (await (await request.get('/builds/latest.json')).json()) as { id: string };
      const asked: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/builds/latest.json') asked.push(r.url());
      });
      const own = pageRequests(page);
      await page.goto(url(locale, '/brands'));
      await own.quiet();
      const served = await page.evaluate(
        () =>
          (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).serverTiming.find(
            (t) => t.name === 'build',
          )?.description,
      );
      expect(served).toBe(live.id);
      expect(asked).toEqual([]);

      // The same build: nothing to cancel, even after the manifest is read again.
      const first = page.waitForResponse((r) => new URL(r.url()).pathname === '/builds/latest.json');
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await first;
      expect(await cancelsNavigation(page)).toBe(false);

      // The manifest now names another build, read when the tab comes back.
      await page.route(MANIFEST, (route) =>
        route.fulfill({ contentType: 'application/json', body: JSON.stringify({ id: `${live.id}-next` }) }),
      );
      const read = page.waitForResponse((r) => new URL(r.url()).pathname === '/builds/latest.json');
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await read;
      await expect.poll(() => cancelsNavigation(page)).toBe(true);
    });
  });
}
