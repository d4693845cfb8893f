/**
 * Pages fetched ahead (spec section 4's link prefetching): the links of the page's own content that
 * are in view, while the browser is idle; the header's links only when the shopper shows intent
 * (hover, focus, touch). Chromium has speculation rules: the runtime marks the links it chose and the
 * browser fetches their pages itself, off the page's main thread. Checks which pages were chosen and
 * that the browser got them ready, never the time.
 */
import { expect, type Page, test } from '@playwright/test';
import { browserLocale, LOCALES, url } from './support/pages.ts';

/** The paths the runtime chose: links marked for the speculation rules, or `<link rel=prefetch>` elements. */
const prefetched = (page: Page) =>
  page.evaluate(() => [
    ...[...document.querySelectorAll<HTMLAnchorElement>('a[data-prefetch]')].map((a) => new URL(a.href).pathname),
    ...[...document.querySelectorAll<HTMLLinkElement>('link[rel=prefetch]')].map((l) => new URL(l.href).pathname),
  ]);

/** Resolves once the browser has been idle twice over: the runtime's idle callbacks have run. */
const idle = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => requestIdleCallback(() => requestIdleCallback(() => done()))));

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
      // Every page chosen once the idle callbacks have run is of a link in <main>.
      await idle(page);
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

interface PrefetchStatus {
  prefetchUrl: string;
  status: string;
}

test('a chosen page is fetched by the browser through the speculation rules, which the page allows', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  const ready = new Set<string>();
  cdp.on('Preload.prefetchStatusUpdated', (e: PrefetchStatus) => {
    if (e.status === 'Ready') ready.add(new URL(e.prefetchUrl).pathname);
  });
  await cdp.send('Preload.enable');
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => ready.size, { timeout: 10_000 }).toBeGreaterThan(0);
  const chosen = await prefetched(page);
  expect([...ready].every((path) => chosen.includes(path))).toBe(true);
  expect(await page.locator('link[rel="prefetch"]').count()).toBe(0);
  expect(refused).toEqual([]);
});
