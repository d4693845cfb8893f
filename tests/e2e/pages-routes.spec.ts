import { expect, test } from '@playwright/test';
import { PRODUCTS_PAGE_SIZE } from '../../src/config.ts';
import { pageRequests } from './support/network.ts';
import { browserLocale, escapeRegExp, LOCALES, msg, type Sample, sample, url, watchConsole } from './support/pages.ts';

interface RouteCase {
  path: string;
  heading: string;
  title: string;
}

/** Every route of the spec's table that this issue builds, with its expected title and heading. */
function routes(locale: (typeof LOCALES)[number], s: Sample): RouteCase[] {
  const meta = (path: string, fallback: string) => s.meta(path)?.title ?? fallback;
  const m = (key: Parameters<typeof msg>[1]) => msg(locale, key);
  const p = s.product;
  return [
    { path: '/', heading: m('home.heroTitle'), title: meta('/', '') },
    { path: '/about', heading: m('about.title'), title: meta('/about', m('about.title')) },
    { path: '/contact', heading: m('contact.title'), title: meta('/contact', m('contact.title')) },
    { path: '/cookie', heading: m('cookie.title'), title: meta('/cookie', m('cookie.title')) },
    { path: '/fraud-prevention', heading: m('fraud.title'), title: meta('/fraud-prevention', m('fraud.title')) },
    { path: '/privacy-policy', heading: m('privacy.title'), title: meta('/privacy-policy', m('privacy.title')) },
    { path: '/terms-of-user', heading: m('terms.title'), title: meta('/terms-of-user', m('terms.title')) },
    { path: '/articles', heading: m('articles.title'), title: meta('/articles', m('articles.title')) },
    { path: `/articles/${s.article.slug}`, heading: s.article.title, title: s.article.title },
    { path: '/brands', heading: m('brands.title'), title: meta('/brands', m('brands.title')) },
    { path: `/brands/${s.brand.slug}`, heading: s.brand.name, title: s.brand.name },
    { path: `/brands/${p.brand.slug}/${p.slug}`, heading: p.name, title: p.name },
    { path: '/categories', heading: m('categories.title'), title: meta('/categories', m('categories.title')) },
    { path: `/categories/${s.category.slug}`, heading: s.category.name, title: s.category.name },
    { path: `/categories/${s.bigCategory.slug}/page/2`, heading: s.bigCategory.name, title: s.bigCategory.name },
    { path: `/categories/${p.category.slug}/${p.slug}`, heading: p.name, title: p.name },
    { path: '/search', heading: m('search.title'), title: meta('/search', m('search.title')) },
    { path: '/cart', heading: m('cart.title'), title: meta('/cart', m('cart.title')) },
    { path: '/cart/checkout', heading: m('checkout.title'), title: meta('/cart/checkout', m('checkout.title')) },
    { path: '/cart/payment', heading: m('payment.title'), title: meta('/cart/payment', m('payment.title')) },
    { path: '/cart/result', heading: m('result.title'), title: meta('/cart/result', m('result.title')) },
  ];
}

for (const locale of LOCALES) {
  test.describe(`routes [${locale}]`, () => {
    test.use({ locale: browserLocale(locale) });
    test('every page answers 200 with its title and main heading, without console errors', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const s = await sample(request, locale);
      expect(s.bigCategory.product_count).toBeGreaterThan(PRODUCTS_PAGE_SIZE);
      const errors = watchConsole(page);
      const own = pageRequests(page);
      for (const r of routes(locale, s)) {
        const res = await page.goto(url(locale, r.path));
        expect(res?.status(), r.path).toBe(200);
        await expect(page, r.path).toHaveTitle(new RegExp(escapeRegExp(r.title)));
        await expect(page.getByRole('heading', { level: 1 }), r.path).toHaveText(r.heading);
        await own.quiet();
        expect(errors, r.path).toEqual([]);
      }
    });

    test('brand and category pages that do not exist give the 404 screen', async ({ page }) => {
      for (const path of ['/brands/no-such-brand', '/categories/no-such-category', '/brands/sony/no-such-product']) {
        const res = await page.goto(url(locale, path));
        expect(res?.status(), path).toBe(404);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(locale, 'error.notExist'));
        await expect(page.getByText(msg(locale, 'error.notFound', { path: url(locale, path) }))).toBeVisible();
      }
    });
  });
}
