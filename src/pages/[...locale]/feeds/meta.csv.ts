import type { APIRoute } from 'astro';
import type { Locale } from '../../../config.ts';
import { feedContext, feedPaths, ZH_ONLY } from '../../../features/feeds/feed-route.server.ts';
import { feedProducts } from '../../../lib/api/build.server.ts';
import { metaFeedCsv } from '../../../lib/seo/product-feeds.ts';

/** /feeds/meta.csv: the Meta (Facebook, Instagram) commerce catalog feed in zh-TW, one row a published variant. */
export const getStaticPaths = () => feedPaths('meta.csv', ZH_ONLY);

export const GET: APIRoute = async ({ props, site, url }) => {
  const { locale } = props as { locale: Locale };
  const ctx = await feedContext(locale, site ?? new URL(url.origin));
  return new Response(metaFeedCsv(await feedProducts(locale), ctx), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8' },
  });
};
