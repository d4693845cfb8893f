import type { Locale } from '../config.ts';

/** One entry of the breadcrumb trail; `path` is locale-neutral (`/brands`), the last entry may omit it. */
export interface Crumb {
  name: string;
  path?: string;
}

/**
 * Props of DefaultLayout and CustomLayout (a stable contract: pages of every engineer use it).
 * Every prop is optional: locale and path are read from the URL when left out, head values fall
 * back to the site meta of the path, then to the site defaults.
 */
export interface LayoutProps {
  /** Page locale; default: from the URL (`/en/...` is English). */
  locale?: Locale;
  /** Locale-neutral path of this page (`/about`, `/brands/sony`); default: from the URL. */
  path?: string;
  /** Bare page title (the site name is appended); the site meta of the path wins when it has one. */
  title?: string;
  /** Description, keywords and Open Graph fallbacks from the page's entity. */
  description?: string;
  keywords?: string;
  /** Open Graph image path or URL. */
  image?: string;
  /** Open Graph type: website (default), article, product. */
  type?: string;
  /** Locale-neutral path of the canonical page when it differs from `path`. */
  canonical?: string;
  /** Keep the page out of search engines (cart, member, search pages). */
  noindex?: boolean;
  /** Extra JSON-LD objects for <head>. */
  jsonLd?: Record<string, unknown>[];
  /** Breadcrumb trail after Home (DefaultLayout shows it and emits BreadcrumbList JSON-LD). */
  breadcrumbs?: Crumb[];
}
