import type { Art } from './kinds.ts';

/** One article in both languages. Bodies are plain text: paragraphs split by blank lines, "## " headings. */
export interface ArticleSeed {
  slug: string;
  /** Days before the seed epoch it was published. */
  daysAgo: number;
  art: Art;
  tint: string;
  title_zh: string;
  title_en: string;
  excerpt_zh: string;
  excerpt_en: string;
  body_zh: string;
  body_en: string;
}

/** Joins paragraphs with blank lines, so article sources stay readable. */
export const paras = (...parts: string[]) => parts.join('\n\n');
