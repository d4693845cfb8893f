/**
 * The document head of one page: values from the site meta of its path first (spec section 1), then
 * the fallbacks the page gives from its entity (product, article, brand), then the site defaults.
 */
import type { SiteMeta } from '../api/catalog.ts';

export interface HeadInput {
  metas: SiteMeta[];
  /** Locale-neutral path of the page, e.g. `/about`. */
  path: string;
  siteName: string;
  /** Entity fallbacks; `title` is the bare page title without the site name. */
  title?: string;
  description?: string;
  keywords?: string;
  image?: string;
  type?: string;
}

export interface Head {
  title: string;
  description: string;
  keywords: string;
  ogTitle: string;
  ogDescription: string;
  ogImage: string;
  ogType: string;
}

const first = (...values: (string | undefined | null)[]): string => values.find((v) => v?.trim())?.trim() ?? '';

/** Resolves every head field; the title ends with the site name unless it already carries it. */
export function resolveHead(input: HeadInput): Head {
  const meta = input.metas.find((m) => m.url === input.path);
  const home = input.metas.find((m) => m.url === '/');
  const bare = first(meta?.title, input.title);
  const title = !bare ? input.siteName : bare.includes(input.siteName) ? bare : `${bare} | ${input.siteName}`;
  const description = first(meta?.description, input.description, home?.description);
  return {
    title,
    description,
    keywords: first(meta?.keywords, input.keywords, home?.keywords),
    ogTitle: first(meta?.ogTitle, title),
    ogDescription: first(meta?.ogDescription, description),
    ogImage: first(meta?.ogImage, input.image, home?.ogImage),
    ogType: first(meta?.ogType, input.type, 'website'),
  };
}
