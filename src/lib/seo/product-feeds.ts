/**
 * The product feeds (issue 32), written from the published variants (one item a variant):
 * - Google Merchant Center: RSS 2.0 with the `g:` namespace (support.google.com/merchants, "RSS 2.0
 *   specification" and "Product data specification");
 * - Meta commerce catalog: CSV with a header row (developers.facebook.com, "Catalog fields",
 *   "Supported feed formats").
 * Pure: the build's routes (src/pages/[...locale]/feeds/) pass the items, the site's origin and names.
 */
import type { Locale } from '../../config.ts';
import type { FeedProduct } from '../api/build.server.ts';
import { escapeCell } from '../csv-cells.ts';
import { localePath } from '../i18n/locale.ts';

export const GOOGLE_NS = 'http://base.google.com/ns/1.0';
/** Google's limits: title 150 characters, description 5,000. */
export const TITLE_MAX = 150;
export const DESCRIPTION_MAX = 5000;
/** Meta's longest description: 9,999 characters. */
export const META_DESCRIPTION_MAX = 9999;
/** ISO 4217: the shop sells in New Taiwan dollars. */
export const CURRENCY = 'TWD';
/** The country the shop ships to (ISO 3166-1 alpha-2). */
export const SHIP_COUNTRY = 'TW';
/** The columns of the Meta catalog CSV, in order (its required fields first). */
export const META_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
  'item_group_id',
  'sale_price',
] as const;

export interface FeedContext {
  /** The site's origin (SITE_URL): links and images are absolute. */
  site: URL;
  locale: Locale;
  /** The shop's name (channel title). */
  shopName: string;
  /** One sentence about the shop (channel description). */
  shopDescription: string;
}

/** One feed entry, the same facts for both feeds. */
export interface FeedEntry {
  id: string;
  groupId: string;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  inStock: boolean;
  /** The price a shopper compares with: the compare-at price when the variant is on sale. */
  price: number;
  /** The price paid when the variant is on sale (below the compare-at price), else null. */
  salePrice: number | null;
  brand: string;
  shippingFee: number;
}

/** Text without control characters (XML 1.0 forbids most) and with runs of whitespace as one space. */
export function plainText(text: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ' ');
  const flat = clean.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

export const money = (amount: number): string => `${amount} ${CURRENCY}`;

/**
 * The entries of the variants that can be listed: one without any image cannot (image_link is
 * required). Descriptions (plain text from the API) are cut at the feed's `descriptionMax`.
 */
export function feedEntries(products: FeedProduct[], ctx: FeedContext, descriptionMax: number): FeedEntry[] {
  const out: FeedEntry[] = [];
  for (const p of products) {
    const path = localePath(ctx.locale, `/brands/${p.brandSlug}/${p.slug}`);
    const description = plainText(p.description || p.name, descriptionMax);
    const brand = plainText(p.brand, TITLE_MAX);
    for (const v of p.variants) {
      if (v.image === '') continue;
      const named = p.variants.length > 1 && v.optionValue.trim() !== '';
      const onSale = v.compareAtPrice !== null && v.compareAtPrice > v.price;
      const link = new URL(path, ctx.site);
      link.searchParams.set('sku', v.sku);
      out.push({
        id: v.sku,
        groupId: p.uid,
        title: plainText(named ? `${p.name} ${v.optionValue}` : p.name, TITLE_MAX),
        description,
        link: link.href,
        imageLink: new URL(v.image, ctx.site).href,
        inStock: v.stock > 0,
        price: onSale ? (v.compareAtPrice as number) : v.price,
        salePrice: onSale ? v.price : null,
        brand,
        shippingFee: v.shippingFee,
      });
    }
  }
  return out;
}

/** The products on sale whose variants have no photo (each left out of the feeds), with those SKUs. */
export function withoutPhoto(products: FeedProduct[]): { slug: string; skus: string[] }[] {
  return products
    .map((p) => ({ slug: p.slug, skus: p.variants.filter((v) => v.image === '').map((v) => v.sku) }))
    .filter((p) => p.skus.length > 0);
}

/**
 * The build's one warning line about the variants the feeds leave out for want of a photo: how
 * many, and the first `max` products by handle with their SKUs; null when every variant has one.
 */
export function feedGapsWarning(products: FeedProduct[], max: number): string | null {
  const gaps = withoutPhoto(products);
  if (gaps.length === 0) return null;
  const variants = gaps.reduce((n, g) => n + g.skus.length, 0);
  const named = gaps.slice(0, max).map((g) => `${g.slug} (${g.skus.join(', ')})`);
  const more = gaps.length > max ? `, and ${gaps.length - max} more` : '';
  return (
    `Warning: ${gaps.length} product(s) on sale (${variants} variant(s)) have no photo and are left out of the ` +
    `product feeds (/feeds/google.xml, /feeds/meta.csv): ${named.join('; ')}${more}. ` +
    'Add a photo (Image Src) by import; the console’s catalog page lists them too.'
  );
}

const xml = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');

const tag = (name: string, value: string): string => `<g:${name}>${xml(value)}</g:${name}>`;

/** The Google Merchant Center feed (RSS 2.0, `g:` attributes). */
export function googleFeedXml(products: FeedProduct[], ctx: FeedContext): string {
  const home = new URL(localePath(ctx.locale, '/'), ctx.site).href;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NS}">`,
    '<channel>',
    `<title>${xml(plainText(ctx.shopName, TITLE_MAX))}</title>`,
    `<link>${xml(home)}</link>`,
    `<description>${xml(plainText(ctx.shopDescription, DESCRIPTION_MAX))}</description>`,
  ];
  for (const e of feedEntries(products, ctx, DESCRIPTION_MAX)) {
    out.push(
      [
        '<item>',
        tag('id', e.id),
        tag('item_group_id', e.groupId),
        tag('title', e.title),
        tag('description', e.description),
        tag('link', e.link),
        tag('image_link', e.imageLink),
        tag('availability', e.inStock ? 'in_stock' : 'out_of_stock'),
        tag('price', money(e.price)),
        ...(e.salePrice === null ? [] : [tag('sale_price', money(e.salePrice))]),
        tag('brand', e.brand),
        // The catalogue keeps no GTIN or MPN: Google asks for identifier_exists no then.
        tag('identifier_exists', 'no'),
        tag('condition', 'new'),
        `<g:shipping>${tag('country', SHIP_COUNTRY)}${tag('price', money(e.shippingFee))}</g:shipping>`,
        '</item>',
      ].join(''),
    );
  }
  out.push('</channel>', '</rss>', '');
  return out.join('\n');
}

/**
 * A CSV field, always quoted (Meta: fields with whitespace or commas in double quotes, quotes
 * doubled), and never a formula when the file is opened in a spreadsheet: text beginning with
 * `=`, `+`, `-` or `@` is written after an apostrophe, as the owner's catalog export does.
 */
const csv = (value: string): string => `"${String(escapeCell(value)).replaceAll('"', '""')}"`;

/** The Meta commerce catalog feed (CSV, header row first). */
export function metaFeedCsv(products: FeedProduct[], ctx: FeedContext): string {
  const rows = [META_COLUMNS.join(',')];
  for (const e of feedEntries(products, ctx, META_DESCRIPTION_MAX)) {
    const row: Record<(typeof META_COLUMNS)[number], string> = {
      id: e.id,
      title: e.title,
      description: e.description,
      availability: e.inStock ? 'in stock' : 'out of stock',
      condition: 'new',
      price: money(e.price),
      link: e.link,
      image_link: e.imageLink,
      brand: e.brand,
      item_group_id: e.groupId,
      sale_price: e.salePrice === null ? '' : money(e.salePrice),
    };
    rows.push(META_COLUMNS.map((c) => csv(row[c])).join(','));
  }
  return `${rows.join('\r\n')}\r\n`;
}
