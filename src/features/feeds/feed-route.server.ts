/**
 * What the feed routes share: their paths keyed for the incremental build, and the context the
 * writers need. A feed's key is a digest of the site's data (its name is the channel title) and of
 * every item exactly as the feed reads it, so a price, stock, name or image change renders it again,
 * and an unchanged catalogue copies it from Astro's cache like any other page.
 */
import { DEFAULT_LOCALE, type Locale } from '../../config.ts';
import { feedProducts, shopName } from '../../lib/api/build.server.ts';
import { pageKey } from '../../lib/api/page-keys.server.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import type { FeedContext } from '../../lib/seo/product-feeds.ts';
import { perLocale } from '../../lib/static-paths.ts';

/** The feed's one path in each locale of `locales` (the Meta CSV is published in zh-TW only). */
export function feedPaths(feed: string, locales: readonly Locale[]) {
  return perLocale(async (locale) =>
    locales.includes(locale)
      ? [{ params: {}, props: {}, cacheKey: await pageKey(locale, feed, await feedProducts(locale)) }]
      : [],
  );
}

export const ZH_ONLY: readonly Locale[] = [DEFAULT_LOCALE];

export async function feedContext(locale: Locale, site: URL): Promise<FeedContext> {
  return { site, locale, shopName: await shopName(locale), shopDescription: t(locale, 'site.tagline') };
}
