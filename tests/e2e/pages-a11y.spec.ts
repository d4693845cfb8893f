import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { browserLocale, LOCALES, sample, url } from './support/pages.ts';

/** One page of each type; the search pages cover both the results and the no-data state. */
async function pageTypes(request: Parameters<typeof sample>[0], locale: (typeof LOCALES)[number]) {
  const s = await sample(request, locale);
  const p = s.product;
  return [
    '/',
    '/brands',
    `/brands/${s.brand.slug}`,
    `/brands/${p.brand.slug}/${p.slug}`,
    '/categories',
    `/categories/${s.bigCategory.slug}/page/2`,
    `/categories/${p.category.slug}/${p.slug}`,
    '/articles',
    `/articles/${s.article.slug}`,
    '/about',
    '/contact',
    '/privacy-policy',
    `/search?q=${encodeURIComponent(p.brand.name)}`,
    '/search?q=zzzz-no-such-thing',
    '/cart',
    '/no/such/page',
  ];
}

for (const locale of LOCALES) {
  for (const theme of ['light', 'dark'] as const) {
    test.describe(`axe [${locale}, ${theme}]`, () => {
      test.use({ locale: browserLocale(locale) });

      test('every page type has no violations', async ({ page, request }) => {
        test.setTimeout(180_000);
        if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
        for (const path of await pageTypes(request, locale)) {
          await page.goto(url(locale, path));
          await page.waitForLoadState('networkidle');
          const { violations } = await new AxeBuilder({ page }).analyze();
          const summary = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
          expect(summary, path).toEqual([]);
        }
      });
    });
  }
}
