import { describe, expect, it } from 'vitest';
import { checkSpeed, SPEED_ERROR } from '../../src/features/animation/speed.ts';
import { pagerHtml, pageWindow, productCardHtml } from '../../src/features/catalog/cards.ts';
import { isFiltered, listingQuery, listingSearch, parseListing } from '../../src/features/catalog/listing-query.ts';
import { stockState } from '../../src/features/catalog/stock.ts';
import type { ProductSummary, SiteMeta } from '../../src/lib/api/catalog.ts';
import { bodyText, isHtmlBody, safeBodyHtml } from '../../src/lib/body-html.ts';
import { resolveHead } from '../../src/lib/seo/head.ts';
import { productLd } from '../../src/lib/seo/jsonld.ts';
import { robotsTxt, sitemapXml } from '../../src/lib/seo/sitemap.ts';
import { firstParagraph, textBlocks } from '../../src/lib/text.ts';
import { expandCustomMedia, MEDIA, themeTokensCss } from '../../src/styles/tokens.ts';

const product: ProductSummary = {
  id: 1,
  uid: 'p1',
  slug: 'wh-1000xm6',
  name: 'WH-1000XM6 <Black>',
  summary: 'Quiet',
  brand: { slug: 'sony', name: 'Sony' },
  category: { slug: 'headphones', name: 'Headphones' },
  price: 12990,
  compareAtPrice: 14990,
  stock: 5,
  inStock: true,
  image: { src: '/images/p.svg', width: 800, height: 800, alt: 'WH-1000XM6' },
  createdAt: '2026-11-01T00:00:00.000Z',
};
const labels = { outOfStock: 'Out of stock', sale: 'Sale', compareAt: 'Was' };

describe('animation speed', () => {
  it('accepts speeds above 0 and refuses the rest with the spec’s message', () => {
    expect(checkSpeed()).toBe(1);
    expect(checkSpeed(0.5)).toBe(0.5);
    for (const bad of [0, -1, Number.NaN]) expect(() => checkSpeed(bad)).toThrow(SPEED_ERROR);
    expect(SPEED_ERROR).toBe('Speed must be greater than 0');
  });
});

describe('product card markup', () => {
  it('escapes text, carries image size and marks a sale', () => {
    const html = productCardHtml(product, { href: '/brands/sony/wh-1000xm6', labels, eager: true, priority: true });
    expect(html).toContain('WH-1000XM6 &lt;Black&gt;');
    expect(html).toContain('width="800" height="800"');
    expect(html).toContain('loading="eager" fetchpriority="high" elementtiming="lead">');
    expect(html).toContain('NT$12,990');
    expect(html).toContain('<span class="badge sale">Sale</span>');
  });

  it('loads lazily by default and marks an item out of stock', () => {
    const html = productCardHtml({ ...product, inStock: false, stock: 0 }, { href: '/x', labels });
    expect(html).toContain('loading="lazy" fetchpriority="low" decoding="async"');
    expect(html).toContain('<span class="badge">Out of stock</span>');
  });
});

describe('pager', () => {
  it('shows the ends and a window around the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, 0, 3, 4, 5, 6, 7, 0, 10]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
  });

  it('renders links with rel prev/next and nothing for a single page', () => {
    const l = { nav: 'Pages', prev: 'Previous', next: 'Next', page: 'Page {page}' };
    expect(pagerHtml(1, 1, String, l)).toBe('');
    const html = pagerHtml(2, 3, (p) => `/list/${p}`, l);
    expect(html).toContain('<a href="/list/1" rel="prev">Previous</a>');
    expect(html).toContain('<span aria-current="page" aria-label="Page 2">2</span>');
    expect(html).toContain('<a href="/list/3" rel="next">Next</a>');
  });
});

describe('listing query', () => {
  it('parses leniently and writes back canonically', () => {
    const s = parseListing(
      new URLSearchParams('category=dacs&sort=price_asc&in_stock=1&min_price=100&max_price=x&page=2&evil=<'),
      'category',
    );
    expect(s).toEqual({ filter: 'dacs', sort: 'price_asc', inStock: true, minPrice: 100, page: 2 });
    expect(listingSearch(s, 'category')).toBe('?category=dacs&sort=price_asc&in_stock=1&min_price=100&page=2');
    expect(parseListing(new URLSearchParams('sort=newest&page=1&category=Bad Slug'), 'category')).toEqual({});
    expect(isFiltered({})).toBe(false);
  });

  it('builds the API query of a brand listing', () => {
    expect(listingQuery({ filter: 'dacs', inStock: true }, 'category', { brand: 'fiio' }, 24)).toEqual({
      brand: 'fiio',
      category: 'dacs',
      sort: 'newest',
      inStock: true,
      page: 1,
      pageSize: 24,
    });
  });
});

describe('stock state', () => {
  it('is out, low at or below the threshold, else in', () => {
    expect(stockState(0, false)).toBe('out');
    expect(stockState(3, true)).toBe('low');
    expect(stockState(4, true)).toBe('in');
  });
});

describe('plain text blocks', () => {
  it('splits paragraphs on blank lines and reads ## headings', () => {
    expect(textBlocks('## Title\n\nFirst\nline.\n\n\nSecond.\n## Next\nThird.')).toEqual([
      { kind: 'heading', text: 'Title' },
      { kind: 'paragraph', text: 'First line.' },
      { kind: 'paragraph', text: 'Second.' },
      { kind: 'heading', text: 'Next' },
      { kind: 'paragraph', text: 'Third.' },
    ]);
  });
});

describe('head', () => {
  const metas = [
    { url: '/', title: 'Shop | Home', description: 'Home text', keywords: 'k', ogImage: '/og.svg' },
    { url: '/about', title: 'About us', description: 'About text', ogTitle: 'About OG' },
  ].map((m) => ({
    id: 1,
    uid: 'u',
    keywords: '',
    ogTitle: '',
    ogDescription: '',
    ogKeywords: '',
    ogImage: '',
    ogType: '',
    ...m,
  })) as SiteMeta[];

  it('prefers the site meta of the path and appends the shop name', () => {
    const h = resolveHead({ metas, path: '/about', siteName: 'Shop', title: 'Ignored' });
    expect(h.title).toBe('About us | Shop');
    expect(h.ogTitle).toBe('About OG');
    expect(h.description).toBe('About text');
    expect(h.ogImage).toBe('/og.svg');
  });

  it('falls back to the entity, then the home meta', () => {
    const h = resolveHead({
      metas,
      path: '/brands/sony',
      siteName: 'Shop',
      title: 'Sony',
      image: '/sony.svg',
      type: 'product',
    });
    expect(h.title).toBe('Sony | Shop');
    expect(h.description).toBe('Home text');
    expect(h.ogImage).toBe('/sony.svg');
    expect(h.ogType).toBe('product');
    expect(resolveHead({ metas, path: '/', siteName: 'Shop' }).title).toBe('Shop | Home');
  });
});

describe('structured data', () => {
  it('gives a product an offer in TWD with its availability', () => {
    const ld = productLd(
      {
        ...product,
        description: 'd',
        specs: [],
        images: [],
        variants: [],
        returnable: true,
        related: [],
        updatedAt: '',
      },
      '/brands/sony/wh-1000xm6',
      new URL('https://shop.example'),
    ) as { offers: Record<string, unknown>; image: string[] };
    expect(ld.offers).toMatchObject({ priceCurrency: 'TWD', price: 12990, availability: 'https://schema.org/InStock' });
    expect(ld.image).toEqual(['https://shop.example/images/p.svg']);
  });
});

describe('sitemap and robots', () => {
  const site = new URL('https://shop.example');
  it('lists each path in both locales with alternates', () => {
    const xml = sitemapXml(['/', '/brands/sony'], site);
    expect(xml.match(/<url>/g)).toHaveLength(4);
    expect(xml).toContain('<loc>https://shop.example/en/brands/sony</loc>');
    expect(xml).toContain('hreflang="x-default" href="https://shop.example/brands/sony"');
  });

  it('keeps private paths out', () => {
    const txt = robotsTxt(site);
    expect(txt).toContain('Disallow: /member\n');
    expect(txt).toContain('Disallow: /en/cart\n');
    expect(txt).toContain('Sitemap: https://shop.example/sitemap.xml');
  });
});

describe('design tokens', () => {
  it('turns the breakpoints into media queries and refuses unknown names', () => {
    expect(expandCustomMedia('(--tablet-sm)')).toBe('(min-width: 768px)');
    expect(expandCustomMedia('print and (--pc-lg)')).toBe('print and (min-width: 1920px)');
    expect(() => expandCustomMedia('(--huge)')).toThrow(/Unknown breakpoint/);
    expect(Object.keys(MEDIA)).toEqual([
      'mobile',
      'portrait',
      'tablet-sm',
      'tablet',
      'tablet-lg',
      'pc-sm',
      'pc',
      'pc-lg',
    ]);
  });

  it('exposes the theme colours and the 10px radius', () => {
    expect(themeTokensCss()).toContain('--c-primary:#63E2B7;');
    expect(themeTokensCss()).toContain('--radius:10px;');
  });
});

describe('product bodies (issue 28)', () => {
  it('renders an imported HTML body as HTML in its safe subset, and plain text as text', () => {
    const html = '<p>一段</p><ul><li>甲</li></ul><p onclick="x()">乙 <a href="https://example.tw">連結</a></p>';
    expect(isHtmlBody(html)).toBe(true);
    expect(safeBodyHtml(html)).toBe(
      '<p>一段</p><ul><li>甲</li></ul><p>乙 <a href="https://example.tw" rel="noopener nofollow">連結</a></p>',
    );
    // Sanitizing what is stored sanitized changes nothing (export and import again keep the body).
    expect(safeBodyHtml(safeBodyHtml(html))).toBe(safeBodyHtml(html));
    expect(bodyText(html)).toBe('一段\n\n甲\n\n乙 連結\n\n');
    expect(firstParagraph(bodyText('<p>A &amp; B</p><p>C</p>'))).toBe('A & B');
    // The demo's bodies are plain text: paragraphs and `## ` headings, shown escaped.
    const plain = '## 規格\n\n降噪 < 30 dB & 藍牙 5.3';
    expect(isHtmlBody(plain)).toBe(false);
    expect(safeBodyHtml(plain)).toBe(plain);
    expect(bodyText(plain)).toBe(plain);
  });
});
