/**
 * sitemap.xml with hreflang alternates: one <url> per page and locale, each listing the page in
 * every locale plus x-default (zh-TW); and robots.txt keeping private and development pages out.
 */
import { DEFAULT_LOCALE, LOCALES } from '../../config.ts';
import { HREFLANG, localePath } from '../i18n/locale.ts';
import { escapeHtml as esc } from '../not-found.ts';

/** Paths search engines should not crawl, in every locale. */
export const PRIVATE_PATHS = ['/member', '/cart', '/dev'];

export function sitemapXml(paths: string[], site: URL): string {
  const abs = (locale: (typeof LOCALES)[number], path: string) => esc(new URL(localePath(locale, path), site).href);
  const urls = paths.flatMap((path) => {
    const links = [
      ...LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${HREFLANG[l]}" href="${abs(l, path)}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${abs(DEFAULT_LOCALE, path)}"/>`,
    ].join('');
    return LOCALES.map((l) => `<url><loc>${abs(l, path)}</loc>${links}</url>`);
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    `${urls.join('\n')}\n</urlset>\n`
  );
}

export function robotsTxt(site: URL): string {
  const disallow = PRIVATE_PATHS.flatMap((p) => LOCALES.map((l) => `Disallow: ${localePath(l, p)}`));
  return ['User-agent: *', ...disallow, '', `Sitemap: ${new URL('/sitemap.xml', site).href}`, ''].join('\n');
}
