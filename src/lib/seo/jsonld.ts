/**
 * Structured data (schema.org JSON-LD) for the page types: Organization, BreadcrumbList, Product with
 * Offer (and, when it has reviews, its AggregateRating and the Reviews its page shows), Article. URLs
 * are absolute; prices are whole TWD.
 */
import type { Article, ProductDetail, SysVars } from '../api/catalog.ts';
import { bodyText } from '../body-html.ts';
import { isoDateInTaipei } from '../i18n/format.ts';

type Json = Record<string, unknown>;
const CONTEXT = 'https://schema.org';

const abs = (path: string, site: URL): string => new URL(path, site).href;

export function organizationLd(sysVars: SysVars, siteName: string, site: URL): Json {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: sysVars.name || siteName,
    url: site.href,
    logo: abs('/favicon.svg', site),
    ...(sysVars.email ? { email: sysVars.email } : {}),
    ...(sysVars.phone ? { telephone: sysVars.phone } : {}),
    ...(sysVars.addr
      ? { address: { '@type': 'PostalAddress', streetAddress: sysVars.addr, addressCountry: 'TW' } }
      : {}),
  };
}

/** Breadcrumb items are {name, url} with locale URLs (e.g. `/en/brands`). */
export function breadcrumbLd(items: { name: string; url: string }[], site: URL): Json {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: abs(item.url, site),
    })),
  };
}

export function productLd(p: ProductDetail, url: string, site: URL): Json {
  const images = (p.images.length ? p.images : [p.image]).map((img) => abs(img.src, site));
  const inStock = p.variants.length ? p.variants.some((v) => v.inStock) : p.inStock;
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: p.name,
    description: p.summary || bodyText(p.description),
    image: images,
    sku: p.variants[0]?.sku ?? p.uid,
    brand: { '@type': 'Brand', name: p.brand.name },
    category: p.category.name,
    offers: {
      '@type': 'Offer',
      url: abs(url, site),
      priceCurrency: 'TWD',
      price: p.price,
      availability: `${CONTEXT}/${inStock ? 'InStock' : 'OutOfStock'}`,
      itemCondition: `${CONTEXT}/NewCondition`,
    },
    ...reviewsLd(p),
  };
}

/**
 * A product's ratings as Google's review and product snippets take them: the average of the published
 * reviews on a 1 to 5 scale with their count, and the reviews the page shows (only those), each with
 * its writer's display name (masked: never the full name), its stars, its date in Taipei and its text.
 * Nothing without reviews. The shop's own Organization carries none (its reviews would be self-serving).
 */
function reviewsLd(p: ProductDetail): Json {
  const r = p.reviews;
  if (!r || r.summary.count === 0) return {};
  const scale = { bestRating: 5, worstRating: 1 };
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: r.summary.average,
      reviewCount: r.summary.count,
      ...scale,
    },
    review: r.first.map((x) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: x.author },
      datePublished: isoDateInTaipei(x.createdAt),
      reviewRating: { '@type': 'Rating', ratingValue: x.stars, ...scale },
      ...(x.title ? { name: x.title } : {}),
      ...(x.body ? { reviewBody: x.body } : {}),
    })),
  };
}

export function articleLd(a: Article, url: string, siteName: string, site: URL): Json {
  return {
    '@context': CONTEXT,
    '@type': 'Article',
    headline: a.title,
    description: a.excerpt,
    image: [abs(a.image.src, site)],
    datePublished: a.publishedAt,
    dateModified: a.updatedAt || a.publishedAt,
    mainEntityOfPage: abs(url, site),
    author: { '@type': 'Organization', name: siteName },
    publisher: {
      '@type': 'Organization',
      name: siteName,
      logo: { '@type': 'ImageObject', url: abs('/favicon.svg', site) },
    },
  };
}

/** Serializes JSON-LD for a `<script type="application/ld+json">` body; `<` is escaped. */
export const ldJson = (data: Json): string => JSON.stringify(data).replace(/</g, '\\u003c');
