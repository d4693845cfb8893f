/**
 * Static paths of the brand and category listings: every page of every brand and category that
 * loads. One whose tree or products fail to load gets no page, so the server answers 404 for it
 * (spec section 5).
 *
 * A later page (2..n) is keyed by the products it shows and their own rows, from the in-process
 * shop's database (`listingVersions`), and loads its cards only when it is rendered: an edit's
 * rebuild of a 10,000-product shop read some 1,800 pages of cards through the API only to key them.
 * The database's order is checked against the first page the API gives; where they differ, or with
 * API_BASE, a later page loads its cards here and is keyed by them, as page 1 is.
 */
import { type Locale, PRODUCTS_PAGE_SIZE } from '../../config.ts';
import { brandTree, categoryTree, listingVersions, products, siteData } from '../../lib/api/build.server.ts';
import type { Brand, Paged, ProductSummary, TreeNode } from '../../lib/api/catalog.ts';
import { pageKey } from '../../lib/api/page-keys.server.ts';
import { laterPages } from '../../lib/static-paths.ts';

export type ListingKind = 'brand' | 'category';

export interface ListingProps {
  kind: ListingKind;
  entity: Brand;
  tree: TreeNode;
  /** The page's cards; absent on a later page keyed from the database (`listingCards` loads them). */
  list?: Paged<ProductSummary>;
  page: number;
}

const firstPage = (kind: ListingKind, slug: string, locale: Locale, page = 1) =>
  products(locale, { [kind]: slug, page, pageSize: PRODUCTS_PAGE_SIZE, sort: 'newest' });

/** The cards of the listing page `props` stands for: given, or loaded now (a page being rendered). */
export const listingCards = (props: ListingProps & { locale: Locale }): Promise<Paged<ProductSummary>> =>
  props.list ? Promise.resolve(props.list) : firstPage(props.kind, props.entity.slug, props.locale, props.page);

/** Whether the database's order of a listing is the API's: the same total and the same first page. */
function sameOrder(order: { ids: number[] }, first: Paged<ProductSummary>): boolean {
  if (order.ids.length !== first.total) return false;
  return first.data.every((p, i) => order.ids[i] === p.id) && first.data.length === Math.min(first.total, first.limit);
}

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
  const [firsts, versions] = await Promise.all([listingPaths(kind, locale), listingVersions()]);
  const pages = await Promise.all(
    firsts.flatMap(({ props }) => {
      const order = versions?.get(`${kind}:${props.entity.slug}`);
      const first = props.list;
      const keyed = order && first && sameOrder(order, first) ? order : null;
      return laterPages(first?.pageCount ?? 0).map(async (page) => {
        const params = { name: props.entity.slug, page: String(page) };
        if (keyed && first) {
          const start = (page - 1) * first.limit;
          const shown = keyed.ids
            .slice(start, start + first.limit)
            .map((id, i) => `${id}:${keyed.versions[start + i]}`);
          const later: ListingProps = { ...props, page, list: undefined };
          return {
            params,
            props: later,
            cacheKey: await pageKey(locale, { ...later, total: first.total, pageCount: first.pageCount }, shown),
          };
        }
        const later: ListingProps = { ...props, page, list: await firstPage(kind, props.entity.slug, locale, page) };
        return { params, props: later, cacheKey: await pageKey(locale, later) };
      });
    }),
  );
  return pages;
}
