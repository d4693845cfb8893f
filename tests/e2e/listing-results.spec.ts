/**
 * What a shopper gets from a brand listing's filter, sort and search (issue 33): the cards shown are
 * the products the API answers for that query, in its order, in the page's language, and every card
 * is drawn when it is scrolled to (off-screen cards are laid out only when they come near the
 * viewport). Checks the result, never the time.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { PRODUCTS_PAGE_SIZE } from '../../src/config.ts';
import { api, browserLocale, type Json, LOCALES, msg, sample, url } from './support/pages.ts';

/** The product names the API lists for a query, in its order (the page's first page). */
async function apiNames(request: APIRequestContext, query: string, locale: (typeof LOCALES)[number]) {
  const list = await api(request, `/api/products?${query}&page=1&page_size=${PRODUCTS_PAGE_SIZE}`, locale);
  return (list.data as Json[]).map((p) => p.name as string);
}

/** The names on the cards of the page's grid, in order. */
const cardNames = (page: Page) => page.locator('[data-grid-wrap] .card :is(h2, h3)').allTextContents();

/** The last card is drawn (a box with its name on screen) once it is scrolled to. */
async function lastCardDrawn(page: Page): Promise<void> {
  const last = page.locator('[data-grid-wrap] .card').last();
  await last.scrollIntoViewIfNeeded();
  await expect(last.locator(':is(h2, h3)')).toBeVisible();
  await expect(last.locator('img')).toBeVisible();
}

for (const locale of LOCALES) {
  test.describe(`brand listing results [${locale}]`, () => {
    test.use({ locale: browserLocale(locale) });

    test('a filter, a sort and a search show the products the API lists, every card drawn', async ({
      page,
      request,
    }) => {
      const { brand } = await sample(request, locale);
      const tree = await api(request, `/api/product-brands/categories?uid=${brand.uid}`, locale);
      const category = tree.children[0];
      await page.goto(url(locale, `/brands/${brand.slug}`));
      // The prerendered first page: the brand's newest products.
      expect(await cardNames(page)).toEqual(await apiNames(request, `brand=${brand.slug}&sort=newest`, locale));
      await lastCardDrawn(page);

      // Filter: one category of the brand.
      const filtered = await apiNames(request, `brand=${brand.slug}&category=${category.slug}&sort=newest`, locale);
      await page.getByRole('radio', { name: category.name, exact: true }).check();
      await expect(page.locator('[data-count]')).toHaveText(msg(locale, 'listing.count', { count: filtered.length }));
      await expect.poll(() => cardNames(page)).toEqual(filtered);
      await expect(page.locator('[data-results]')).not.toHaveAttribute('aria-busy', 'true');
      await lastCardDrawn(page);

      // Sort: the whole brand by price, lowest first.
      await page.getByRole('radio', { name: msg(locale, 'listing.all'), exact: true }).check();
      await page.getByLabel(msg(locale, 'listing.sort')).selectOption('price_asc');
      await expect(page).toHaveURL(/\?sort=price_asc$/);
      const sorted = await apiNames(request, `brand=${brand.slug}&sort=price_asc`, locale);
      await expect.poll(() => cardNames(page)).toEqual(sorted);
      await lastCardDrawn(page);

      // Search from the listing's header: the search page lists what the API finds.
      const q = brand.name as string;
      const box = page.getByRole('searchbox', { name: msg(locale, 'search.label') }).first();
      await box.fill(q);
      await box.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${url(locale, '/search')}\\?q=`));
      const found = await apiNames(request, `q=${encodeURIComponent(q)}`, locale);
      expect(found.length).toBeGreaterThan(0);
      await expect.poll(() => cardNames(page)).toEqual(found);
      await lastCardDrawn(page);
    });
  });
}
