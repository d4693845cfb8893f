/**
 * Static paths of the product views: every product under its brand (the canonical URL) or under its
 * category. The paths come from the products' routes (`productRoutes`); each page loads its product's detail when it
 * is rendered (`productForPage`), kept as text only until the product's other page has read it: with
 * 10,000 products the details of both languages, held as page props for the whole build, took some
 * 500 MB of the build's memory.
 */
import type { Locale } from '../../config.ts';
import { productDetailText, productForPages, productPageVersions, productRoutes } from '../../lib/api/build.server.ts';
import type { ProductDetail } from '../../lib/api/catalog.ts';
import { pageKey } from '../../lib/api/page-keys.server.ts';

export interface ProductProps {
  slug: string;
  via: 'brand' | 'category';
}

/**
 * Each page is keyed by the rows it is made from, its related products' included (read in one pass
 * of the in-process database), or else by the product's detail as the page receives it.
 */
export async function productPaths(via: 'brand' | 'category', locale: Locale) {
  const versions = await productPageVersions();
  return Promise.all(
    (await productRoutes(locale)).map(async (p) => ({
      params: { name: via === 'brand' ? p.brand.slug : p.category.slug, slug: p.slug },
      props: { slug: p.slug, via } satisfies ProductProps,
      cacheKey: await pageKey(locale, via, versions?.get(p.slug) ?? (await detailText(locale, p.slug))),
    })),
  );
}

async function detailText(locale: Locale, slug: string): Promise<string> {
  try {
    return await productDetailText(locale, slug);
  } catch (error) {
    throw new Error(`[build] the product ${slug} (${locale}) is listed but its page data failed to load`, {
      cause: error,
    });
  }
}

/**
 * The detail a product page is rendered from. A product listed but unreadable fails the build with
 * its name: the release is then not put live, and the previous build keeps being served.
 */
export async function productForPage(locale: Locale, slug: string): Promise<ProductDetail> {
  try {
    return await productForPages(locale, slug);
  } catch (error) {
    throw new Error(`[build] the product ${slug} (${locale}) is listed but its page data failed to load`, {
      cause: error,
    });
  }
}
