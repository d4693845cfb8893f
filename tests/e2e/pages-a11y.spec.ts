import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { browserLocale, LOCALES, type Sample, sample, url } from './support/pages.ts';

/** One page of each type; the search pages cover both the results and the no-data state. */
const PAGE_TYPES: [string, (s: Sample) => string][] = [
  ['home', () => '/'],
  ['brands', () => '/brands'],
  ['a brand', (s) => `/brands/${s.brand.slug}`],
  ['a product under its brand', (s) => `/brands/${s.product.brand.slug}/${s.product.slug}`],
  ['categories', () => '/categories'],
  ['a category’s second page', (s) => `/categories/${s.bigCategory.slug}/page/2`],
  ['a product under its category', (s) => `/categories/${s.product.category.slug}/${s.product.slug}`],
  ['articles', () => '/articles'],
  ['an article', (s) => `/articles/${s.article.slug}`],
  ['about', () => '/about'],
  ['contact', () => '/contact'],
  ['privacy policy', () => '/privacy-policy'],
  ['search results', (s) => `/search?q=${encodeURIComponent(s.product.brand.name)}`],
  ['search without results', () => '/search?q=zzzz-no-such-thing'],
  ['the cart', () => '/cart'],
  ['the 404 screen', () => '/no/such/page'],
];

// Each page is its own test, spread over the workers: one long test per locale and theme made
// this file the suite's last to finish.
test.describe.configure({ mode: 'parallel' });

for (const locale of LOCALES) {
  for (const theme of ['light', 'dark'] as const) {
    test.describe(`axe [${locale}, ${theme}]`, () => {
      test.use({ locale: browserLocale(locale) });

      for (const [name, pathOf] of PAGE_TYPES) {
        test(`${name} has no violations`, async ({ page, request }) => {
          if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
          const path = pathOf(await sample(request, locale));
          await page.goto(url(locale, path));
          await page.waitForLoadState('networkidle');
          const { violations } = await new AxeBuilder({ page }).analyze();
          const summary = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
          expect(summary, path).toEqual([]);
        });
      }
    });
  }
}
