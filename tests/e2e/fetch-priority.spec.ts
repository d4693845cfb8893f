/**
 * What a catalog page asks the server for while it loads, on a phone's screen (issue 43): its lead
 * image (the largest paint: the first card, the product's photo, the article's cover) is the one image
 * fetched at high priority; every other image, the first screen's cards, tiles and logos too, at low
 * priority (Chromium raises an image it finds in the viewport to high unless the page says low, and the
 * others then share a phone's network with the lead image); and no request for the shop's icon, which
 * is in the page itself. Reads the priorities Chromium gave each request (its DevTools protocol),
 * never the time. And no page is wider than the phone: a listing's filter row once pushed the page
 * sideways to 600–1,300 px (its hidden radios placed past the screen's edge), and the browser then laid
 * out and loaded every card of it.
 */
import { expect, test } from '@playwright/test';
import { pageRequests } from './support/network.ts';
import { browserLocale, LOCALES, sample, url } from './support/pages.ts';

interface Seen {
  url: string;
  type: string;
  priority: string;
}

for (const locale of LOCALES) {
  test.describe(`request priorities [${locale}]`, () => {
    // Lighthouse's phone: the first screen holds the tiles, logos and first cards this is about.
    test.use({ locale: browserLocale(locale), viewport: { width: 412, height: 823 } });

    test('one image at high priority, the others low, no icon request, nothing wider than the phone', async ({
      page,
      request,
    }) => {
      const s = await sample(request, locale);
      const pages: [string, string | null][] = [
        ['/', null],
        [`/brands/${s.brand.slug}`, '#main .grid .card img'],
        [`/categories/${s.category.slug}`, '#main .grid .card img'],
        [`/categories/${s.bigCategory.slug}`, '#main .grid .card img'],
        [`/brands/${s.product.brand.slug}/${s.product.slug}`, '[data-gallery-main]'],
        [`/articles/${s.article.slug}`, 'img.cover'],
      ];
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      const seen = new Map<string, Seen>();
      cdp.on('Network.requestWillBeSent', (e) =>
        seen.set(e.requestId, { url: e.request.url, type: e.type ?? '', priority: e.request.initialPriority }),
      );
      cdp.on('Network.resourceChangedPriority', (e) => {
        const r = seen.get(e.requestId);
        if (r) r.priority = e.newPriority;
      });
      let low = 0;
      const own = pageRequests(page);
      for (const [path, lead] of pages) {
        seen.clear();
        await page.goto(url(locale, path));
        await own.quiet();
        const requests = [...seen.values()];
        const images = requests.filter((r) => r.type === 'Image');
        const leadSrc = lead
          ? await page
              .locator(lead)
              .first()
              .evaluate((img: HTMLImageElement) => img.currentSrc)
          : null;
        const urgent = images.filter((r) => r.priority !== 'Low' && r.priority !== 'VeryLow').map((r) => r.url);
        expect(urgent, `${path}: images fetched above low priority`).toEqual(leadSrc ? [leadSrc] : []);
        low += images.length - urgent.length;
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path}: page width`).toBe(412);
        expect(
          requests.filter((r) => /\/favicon\b/.test(new URL(r.url).pathname)).map((r) => r.url),
          `${path}: icon requests`,
        ).toEqual([]);
      }
      // The pages' tiles, logos and other cards were fetched, at low priority.
      expect(low).toBeGreaterThan(10);
    });
  });
}
