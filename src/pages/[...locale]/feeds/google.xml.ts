import type { APIRoute } from 'astro';
import { LOCALES, type Locale } from '../../../config.ts';
import { feedContext, feedPaths } from '../../../features/feeds/feed-route.server.ts';
import { feedProducts } from '../../../lib/api/build.server.ts';
import { googleFeedXml } from '../../../lib/seo/product-feeds.ts';

/** /feeds/google.xml and /en/feeds/google.xml: the Google Merchant Center feed, one item a published variant. */
export const getStaticPaths = () => feedPaths('google.xml', LOCALES);

export const GET: APIRoute = async ({ props, site, url }) => {
  const { locale } = props as { locale: Locale };
  const ctx = await feedContext(locale, site ?? new URL(url.origin));
  return new Response(googleFeedXml(await feedProducts(locale), ctx), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
