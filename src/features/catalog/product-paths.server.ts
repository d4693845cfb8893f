/**
 * Static paths of the product views: every product under its brand (the canonical URL) or under its
 * category. A product whose detail fails to load gets no page (404).
 */
import type { Locale } from '../../config.ts';
import { allProducts, product } from '../../lib/api/build.server.ts';
import type { ProductDetail } from '../../lib/api/catalog.ts';

export interface ProductProps {
  product: ProductDetail;
  via: 'brand' | 'category';
}

/** Every product's detail in one locale, fetched once per build. */
async function details(locale: Locale): Promise<ProductDetail[]> {
  const all = await allProducts(locale);
  const loaded = await Promise.all(
    all.map((p) =>
      product(locale, p.slug).catch((error: Error) => {
        console.warn(`[build] no page for product ${p.slug} (${locale}):`, error.message);
        return null;
      }),
    ),
  );
  return loaded.filter((p) => p !== null);
}

export async function productPaths(via: 'brand' | 'category', locale: Locale) {
  return (await details(locale)).map((p) => ({
    params: { name: via === 'brand' ? p.brand.slug : p.category.slug, slug: p.slug },
    props: { product: p, via } satisfies ProductProps,
  }));
}
