/**
 * Every public, indexable page as a locale-neutral path, from the same builders as the pages
 * themselves, so the sitemap lists exactly what the build prerenders (product views under their
 * brand only: the category URLs point their canonical link there).
 */
import type { Locale } from '../../config.ts';
import { productRoutes } from '../../lib/api/build.server.ts';
import { articlePaths, laterArticlePaths } from './article-paths.server.ts';
import { laterListingPaths, listingPaths } from './listing-paths.server.ts';
import { brandPath, categoryPath, listPagePath, productPath } from './paths.ts';

/** Information and list pages that exist once per locale. */
export const STATIC_PAGES = [
  '/',
  '/about',
  '/contact',
  '/cookie',
  '/fraud-prevention',
  '/privacy-policy',
  '/return-policy',
  '/terms-of-user',
  '/articles',
  '/brands',
  '/categories',
];

export async function indexablePaths(locale: Locale): Promise<string[]> {
  const [brands, brandPages, categories, categoryPages, products, articles, articlePages] = await Promise.all([
    listingPaths('brand', locale),
    laterListingPaths('brand', locale),
    listingPaths('category', locale),
    laterListingPaths('category', locale),
    productRoutes(locale),
    articlePaths(locale),
    laterArticlePaths(locale),
  ]);
  return [
    ...STATIC_PAGES,
    ...articlePages.map((p) => listPagePath('/articles', p.props.page)),
    ...articles.map((a) => `/articles/${a.params.slug}`),
    ...brands.map((b) => brandPath(b.params.name)),
    ...brandPages.map((b) => listPagePath(brandPath(b.params.name), b.props.page)),
    ...categories.map((c) => categoryPath(c.params.name)),
    ...categoryPages.map((c) => listPagePath(categoryPath(c.params.name), c.props.page)),
    ...products.map((p) => productPath(p, 'brand')),
  ];
}
