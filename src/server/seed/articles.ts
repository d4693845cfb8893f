import type { ArticleSeed } from './article.ts';
import { CARE_ARTICLES } from './articles-care.ts';
import { GUIDE_ARTICLES } from './articles-guides.ts';
import { NEWS_ARTICLES } from './articles-news.ts';

/** Every demo article, newest first. */
export const ARTICLES: ArticleSeed[] = [...GUIDE_ARTICLES, ...CARE_ARTICLES, ...NEWS_ARTICLES].sort(
  (a, b) => a.daysAgo - b.daysAgo,
);
