/**
 * Static paths of the brand and category listings: every page of every brand and category that
 * loads. One whose tree or products fail to load gets no page, so the server answers 404 for it
 * (spec section 5).
 */
import { type Locale, PRODUCTS_PAGE_SIZE } from '../../config.ts';
import { brandTree, categoryTree, products, siteData } from '../../lib/api/build.server.ts';
import type { Brand, Paged, ProductSummary, TreeNode } from '../../lib/api/catalog.ts';
import { pageKey } from '../../lib/api/page-keys.server.ts';
import { laterPages } from '../../lib/static-paths.ts';

export type ListingKind = 'brand' | 'category';

export interface ListingProps {
  kind: ListingKind;
  entity: Brand;
  tree: TreeNode;
  list: Paged<ProductSummary>;
  page: number;
}

const firstPage = (kind: ListingKind, slug: string, locale: Locale, page = 1) =>
  products(locale, { [kind]: slug, page, pageSize: PRODUCTS_PAGE_SIZE, sort: 'newest' });

async function load(kind: ListingKind, locale: Locale, entity: Brand): Promise<Omit<ListingProps, 'page'> | null> {
  try {
    const [tree, list] = await Promise.all([
      kind === 'brand' ? brandTree(locale, entity.uid) : categoryTree(locale, entity.uid),
      firstPage(kind, entity.slug, locale),
    ]);
    return { kind, entity, tree, list };
  } catch (error) {
    console.warn(`[build] no page for ${kind} ${entity.slug} (${locale}):`, (error as Error).message);
    return null;
  }
}

async function entities(kind: ListingKind, locale: Locale): Promise<Brand[]> {
  const data = await siteData(locale);
  return kind === 'brand' ? data.brands : data.categories;
}

/** Page 1 of every brand or category listing in one locale. */
export async function listingPaths(kind: ListingKind, locale: Locale) {
  const loaded = await Promise.all((await entities(kind, locale)).map((e) => load(kind, locale, e)));
  return Promise.all(
    loaded
      .filter((x) => x !== null)
      .map(async (x) => {
        const props = { ...x, page: 1 } satisfies ListingProps;
        return { params: { name: x.entity.slug }, props, cacheKey: await pageKey(locale, props) };
      }),
  );
}

/** Pages 2..n of every brand or category listing in one locale. */
export async function laterListingPaths(kind: ListingKind, locale: Locale) {
  const firsts = await listingPaths(kind, locale);
  const pages = await Promise.all(
    firsts.flatMap(({ props }) =>
      laterPages(props.list.pageCount).map(async (page) => {
        const later = {
          ...props,
          page,
          list: await firstPage(kind, props.entity.slug, locale, page),
        } satisfies ListingProps;
        return {
          params: { name: props.entity.slug, page: String(page) },
          props: later,
          cacheKey: await pageKey(locale, later),
        };
      }),
    ),
  );
  return pages;
}
