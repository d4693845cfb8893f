import type { APIRoute } from 'astro';
import { DEFAULT_LOCALE } from '../config.ts';
import { indexablePaths } from '../features/catalog/site-paths.server.ts';
import { sitemapXml } from '../lib/seo/sitemap.ts';

/** sitemap.xml: every catalog page in both locales with hreflang alternates. */
export const GET: APIRoute = async ({ site, url }) => {
  const paths = await indexablePaths(DEFAULT_LOCALE);
  return new Response(sitemapXml(paths, site ?? new URL(url.origin)), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
