import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { pageRequests } from './support/network.ts';
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

// Each page is its own test, spread over the workers: one long test per locale made this file the
// suite's last to finish.
test.describe.configure({ mode: 'parallel' });

/** The rules whose outcome depends on colours: all that the dark theme (a class on <html>) changes. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

const violationsOf = async (builder: AxeBuilder) =>
  (await builder.analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

for (const locale of LOCALES) {
  test.describe(`axe [${locale}]`, () => {
    test.use({ locale: browserLocale(locale) });

    for (const [name, pathOf] of PAGE_TYPES) {
      test(`${name} has no violations, light and dark`, async ({ page, request }) => {
        const path = pathOf(await sample(request, locale));
        const requests = pageRequests(page);
        await page.goto(url(locale, path));
        await requests.quiet();
        expect(await violationsOf(new AxeBuilder({ page })), `${path} (light)`).toEqual([]);

        // The dark theme as a shopper gets it: chosen, then the page loaded again with the choice.
        await page.evaluate(() => localStorage.setItem('theme', 'dark'));
        await page.reload();
        await requests.quiet();
        await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        expect(await violationsOf(new AxeBuilder({ page }).withRules(COLOUR_RULES)), `${path} (dark)`).toEqual([]);
      });
    }
  });
}
