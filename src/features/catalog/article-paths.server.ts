/** Static paths of the article list pages and the articles. */
import { ARTICLES_PAGE_SIZE, type Locale } from '../../config.ts';
import { allArticles, article, articles } from '../../lib/api/build.server.ts';
import type { Article, ArticleSummary, Paged } from '../../lib/api/catalog.ts';
import { pageKey } from '../../lib/api/page-keys.server.ts';
import { laterPages } from '../../lib/static-paths.ts';

export interface ArticleListProps {
  list: Paged<ArticleSummary>;
  page: number;
}

export const articleListPage = (locale: Locale, page: number): Promise<Paged<ArticleSummary>> =>
  articles(locale, page, ARTICLES_PAGE_SIZE);

/** Pages 2..n of the article list. */
export async function laterArticlePaths(locale: Locale) {
  const first = await articleListPage(locale, 1);
  return Promise.all(
    laterPages(first.pageCount).map(async (page) => {
      const props = { page, list: await articleListPage(locale, page) } satisfies ArticleListProps;
      return { params: { page: String(page) }, props, cacheKey: await pageKey(locale, props) };
    }),
  );
}

export async function articlePaths(locale: Locale) {
  const all = await allArticles(locale);
  const loaded = await Promise.all(
    all.map((a) =>
      article(locale, a.slug).catch((error: Error) => {
        console.warn(`[build] no page for article ${a.slug} (${locale}):`, error.message);
        return null;
      }),
    ),
  );
  return Promise.all(
    loaded
      .filter((a): a is Article => a !== null)
      .map(async (a) => ({ params: { slug: a.slug }, props: { article: a }, cacheKey: await pageKey(locale, a) })),
  );
}
