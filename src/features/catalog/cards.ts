/**
 * Product card and pager markup as plain strings, so that the prerendered pages and the browser
 * scripts (filtered listings, search) draw exactly the same thing from the same code.
 */
import type { ProductSummary } from '../../lib/api/catalog.ts';
import { formatPrice } from '../../lib/i18n/price.ts';
import { mediaAttrs } from '../../lib/media.ts';
import { escapeHtml as esc } from '../../lib/not-found.ts';

/** Strings a card needs, in the page's language. */
export interface CardLabels {
  outOfStock: string;
  sale: string;
  compareAt: string;
  /** The wishlist heart's label (issue 32); without it the card has no heart. */
  wish?: string;
  /** The stars' text, with `{average}` and `{count}` ("4.5 out of 5, 12 reviews"), and for one review. */
  rating?: string;
  ratingOne?: string;
}

/** The stars of an average of 0 to 5, drawn in CSS (global.css .rating-stars): hidden from screen readers. */
export const starsHtml = (average: number): string =>
  `<span class="rating-stars" aria-hidden="true" style="--r:${Math.round((Math.min(Math.max(average, 0), 5) / 5) * 100)}%"></span>`;

/** The text alternative of a product's stars: "4.5 out of 5, 12 reviews". */
export function ratingText(r: { average: number; count: number }, l: Pick<CardLabels, 'rating' | 'ratingOne'>): string {
  const text = (r.count === 1 ? l.ratingOne : l.rating) ?? '';
  return text.replace('{average}', r.average.toFixed(1)).replace('{count}', String(r.count));
}

/** A card's stars and count, with their text for screen readers; '' for a product without reviews. */
function ratingHtml(p: ProductSummary, l: CardLabels): string {
  const r = p.rating;
  if (!r?.count || !l.rating) return '';
  return (
    `<p class="card-rating">${starsHtml(r.average)}<span aria-hidden="true"> ${r.average.toFixed(1)} (${r.count})</span>` +
    `<span class="sr-only">${esc(ratingText(r, l))}</span></p>`
  );
}

export interface CardOptions {
  /** The product page URL this card links to. */
  href: string;
  labels: CardLabels;
  /** Above the fold: load the image eagerly (the first one also with high fetch priority). */
  eager?: boolean;
  priority?: boolean;
  /** Heading level of the product name inside the card. */
  level?: 2 | 3;
}

/** A card's image spans a column of the grid: 2, 3 from 768 px, 4 from 1024 px. */
const CARD_SIZES = '(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw';

/** The card's `<img>`, in a `<picture>` with AVIF and three widths when it is one of the shop's own photos. */
function cardImage(src: string, rest: string): string {
  const m = mediaAttrs(src, CARD_SIZES);
  if (!m) return `<img src="${esc(src)}" ${rest}>`;
  return (
    `<picture><source type="image/avif" srcset="${esc(m.avif)}" sizes="${m.sizes}">` +
    `<img src="${esc(src)}" srcset="${esc(m.srcset)}" sizes="${m.sizes}" ${rest}></picture>`
  );
}

/** The wishlist heart over a card's corner: its box is in the markup, its state comes after paint (wishlist/hearts.ts). */
const heart = (slug: string, label: string | undefined) =>
  label
    ? `<button type="button" class="wish" data-wish="${esc(slug)}" aria-pressed="false" aria-label="${esc(label)}"></button>`
    : '';

/** One `<li class="card">` for a product grid (`<ul class="grid">`). */
export function productCardHtml(p: ProductSummary, o: CardOptions): string {
  const img = p.image;
  const loading = o.eager ? 'eager' : 'lazy';
  // The page's largest paint: fetched first and decoded in step with the page. Every other image of a
  // page is fetched at low priority, the first screen's too: Chromium raises an image it finds in the
  // viewport to high, and on a phone's connection the other cards, tiles and logos then share the
  // network with the one that is the largest paint (each on a connection of its own over HTTP/1.1).
  const hints = o.priority ? ' fetchpriority="high" elementtiming="lead"' : ' fetchpriority="low" decoding="async"';
  const onSale = p.compareAtPrice !== null && p.compareAtPrice > p.price;
  const badge = !p.inStock
    ? `<span class="badge">${esc(o.labels.outOfStock)}</span>`
    : onSale
      ? `<span class="badge sale">${esc(o.labels.sale)}</span>`
      : '';
  const was = onSale
    ? ` <s><span class="sr-only">${esc(o.labels.compareAt)} </span>${formatPrice(p.compareAtPrice ?? 0)}</s>`
    : '';
  const h = o.level ?? 3;
  return (
    `<li class="card"><a href="${esc(o.href)}">` +
    cardImage(img.src, `width="${img.width}" height="${img.height}" alt="" loading="${loading}"${hints}`) +
    `<div class="card-body"><p class="card-meta">${esc(p.brand.name)}</p><h${h}>${esc(p.name)}</h${h}>` +
    `${ratingHtml(p, o.labels)}<p class="price">${formatPrice(p.price)}${was}</p></div>${badge}</a>${heart(p.slug, o.labels.wish)}</li>`
  );
}

export interface PagerLabels {
  nav: string;
  prev: string;
  next: string;
  /** With `{page}`: 'Page {page}'. */
  page: string;
}

/** Page numbers to show: first, last, and a window around the current page; 0 marks a gap. */
export function pageWindow(current: number, pageCount: number, radius = 2): number[] {
  const pages: number[] = [];
  for (let p = 1; p <= pageCount; p++) {
    if (p === 1 || p === pageCount || Math.abs(p - current) <= radius) pages.push(p);
    else if (pages.at(-1) !== 0) pages.push(0);
  }
  return pages;
}

/** A `<nav>` pager; empty when there is one page. `hrefFor(page)` builds each link. */
export function pagerHtml(current: number, pageCount: number, hrefFor: (page: number) => string, l: PagerLabels) {
  if (pageCount <= 1) return '';
  const label = (page: number) => esc(l.page.replace('{page}', String(page)));
  const link = (page: number, text: string, attrs: string) =>
    `<li><a href="${esc(hrefFor(page))}"${attrs}>${text}</a></li>`;
  const items = pageWindow(current, pageCount).map((p) =>
    p === 0
      ? '<li><span aria-hidden="true">…</span></li>'
      : p === current
        ? `<li><span aria-current="page" aria-label="${label(p)}">${p}</span></li>`
        : link(p, String(p), ` aria-label="${label(p)}"`),
  );
  const prev = current > 1 ? [link(current - 1, esc(l.prev), ' rel="prev"')] : [];
  const next = current < pageCount ? [link(current + 1, esc(l.next), ' rel="next"')] : [];
  return `<nav aria-label="${esc(l.nav)}"><ul class="pager">${[...prev, ...items, ...next].join('')}</ul></nav>`;
}
