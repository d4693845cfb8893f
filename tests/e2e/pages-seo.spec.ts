import { expect, type Page, test } from '@playwright/test';
import { api, apiAll, browserLocale, type Json, LOCALES, sample, url } from './support/pages.ts';

async function headLinks(page: Page) {
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  const alternates = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]));
  return { canonical, alternates: Object.fromEntries(alternates) };
}

async function jsonLd(page: Page): Promise<Json[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t));
}

for (const locale of LOCALES) {
  test.describe(`head: canonical and hreflang [${locale}]`, () => {
    test.use({ locale: browserLocale(locale) });

    test('every page type links itself and its twin', async ({ page, request }) => {
      const s = await sample(request, locale);
      const cases = ['/', '/about', '/brands', `/brands/${s.brand.slug}`, `/articles/${s.article.slug}`];
      for (const path of cases) {
        await page.goto(url(locale, path));
        const { canonical, alternates } = await headLinks(page);
        const site = new URL(canonical ?? '').origin;
        expect(canonical, path).toBe(`${site}${url(locale, path)}`);
        expect(alternates, path).toEqual({
          'zh-TW': `${site}${url('zh-TW', path)}`,
          en: `${site}${url('en', path)}`,
          'x-default': `${site}${url('zh-TW', path)}`,
        });
      }
    });
  });
}

test.describe('head: canonical of category product views', () => {
  test('a product seen under its category points its canonical link at the brand URL', async ({ page, request }) => {
    const { product: p } = await sample(request, 'en');
    await page.goto(url('en', `/categories/${p.category.slug}/${p.slug}`));
    const { canonical, alternates } = await headLinks(page);
    expect(new URL(canonical ?? '').pathname).toBe(`/en/brands/${p.brand.slug}/${p.slug}`);
    expect(new URL(alternates['zh-TW'] ?? '').pathname).toBe(`/brands/${p.brand.slug}/${p.slug}`);
  });
});

test.describe('structured data', () => {
  test('home, listing, product and article pages carry JSON-LD that parses', async ({ page, request }) => {
    const s = await sample(request, 'zh-TW');
    await page.goto('/');
    expect((await jsonLd(page)).map((d) => d['@type'])).toContain('Organization');

    await page.goto(`/brands/${s.brand.slug}`);
    const crumbs = (await jsonLd(page)).find((d) => d['@type'] === 'BreadcrumbList');
    expect(crumbs?.itemListElement).toHaveLength(3);

    await page.goto(`/brands/${s.product.brand.slug}/${s.product.slug}`);
    const product = (await jsonLd(page)).find((d) => d['@type'] === 'Product');
    expect(product.name).toBe(s.product.name);
    expect(product.offers.priceCurrency).toBe('TWD');
    expect(product.offers.price).toBe(s.product.price);
    expect(product.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);

    await page.goto(`/articles/${s.article.slug}`);
    const article = (await jsonLd(page)).find((d) => d['@type'] === 'Article');
    expect(article.headline).toBe(s.article.title);
    expect(Date.parse(article.datePublished)).not.toBeNaN();
  });
});

test.describe('sitemap and robots', () => {
  test('sitemap.xml lists every catalog page in both locales with alternates', async ({ request }) => {
    const res = await request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('xml');
    const xml = await res.text();
    const locs = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname));
    const [brands, categories, products, articles] = await Promise.all([
      api(request, '/api/product-brands/all'),
      api(request, '/api/product-categories/all'),
      apiAll(request, '/api/products?sort=newest'),
      apiAll(request, '/api/articles'),
    ]);
    const expected = [
      '/',
      '/about',
      '/contact',
      '/brands',
      '/categories',
      '/articles',
      ...brands.map((b: { slug: string }) => `/brands/${b.slug}`),
      ...categories.map((c: { slug: string }) => `/categories/${c.slug}`),
      ...products.map((p: { slug: string; brand: { slug: string } }) => `/brands/${p.brand.slug}/${p.slug}`),
      ...articles.map((a: { slug: string }) => `/articles/${a.slug}`),
    ];
    for (const locale of LOCALES) for (const path of expected) expect(locs, path).toContain(url(locale, path));
    for (const path of locs) expect(path).not.toMatch(/^(\/en)?\/(member|cart|dev)\b/);
    expect(xml.match(/hreflang="x-default"/g)?.length).toBe(locs.size);
  });

  test('robots.txt keeps /member, /cart and /dev out and names the sitemap', async ({ request }) => {
    const text = await (await request.get('/robots.txt')).text();
    for (const path of ['/member', '/cart', '/dev', '/en/member', '/en/cart'])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });
});
