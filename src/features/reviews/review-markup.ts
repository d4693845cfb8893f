/**
 * A product's reviews as plain HTML strings (issue 42), so that the prerendered product page and the
 * script that loads more of them (reviews-more.ts) draw exactly the same thing. Every text a shopper
 * or the shop wrote is escaped: a review is plain text wherever it shows.
 */
import type { Locale } from '../../config.ts';
import type { PublicReview } from '../../lib/api/catalog.ts';
import { escapeHtml as esc } from '../../lib/not-found.ts';
import { starsHtml } from '../catalog/cards.ts';

/** The strings a review needs, in the page's language (placeholders kept). */
export interface ReviewLabels {
  /** '{n} out of 5 stars' */
  starsOf: string;
  /** '{variant}, bought {month}' and 'Bought {month}' */
  bought: string;
  boughtMonth: string;
  /** '{author}, {date}' */
  writtenOn: string;
  reply: string;
  helpful: string;
  /** 'Helpful ({count})' */
  helpfulCount: string;
  report: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const TAIPEI_MS = 8 * 3_600_000;

/** `at` (ms) as a date on Taipei's wall clock: `2026年11月1日` or `Nov 1, 2026` (as lib/i18n/format.ts writes it). */
export function reviewDate(at: number, locale: Locale): { text: string; iso: string } {
  const d = new Date(at + TAIPEI_MS);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
  const iso = d.toISOString().slice(0, 10);
  return { text: locale === 'en' ? `${MONTHS[m]} ${day}, ${y}` : `${y}年${m + 1}月${day}日`, iso };
}

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));

/** Text as a paragraph: its lines kept (CSS white-space), escaped. */
const paragraph = (cls: string, text: string) => (text ? `<p class="${cls}">${esc(text)}</p>` : '');

/** One `<li class="review">` of a review list (`<ol class="review-list">`). */
export function reviewHtml(r: PublicReview, l: ReviewLabels, locale: Locale): string {
  const date = reviewDate(r.createdAt, locale);
  const bought = r.variant
    ? fill(l.bought, { variant: r.variant, month: r.bought })
    : fill(l.boughtMonth, { month: r.bought });
  const by = fill(esc(l.writtenOn), {
    author: esc(r.author),
    date: `<time datetime="${date.iso}">${esc(date.text)}</time>`,
  });
  const reply = r.reply
    ? `<div class="review-reply"><p class="review-reply-by">${esc(l.reply)}</p>${paragraph('review-body', r.reply.body)}</div>`
    : '';
  return (
    `<li class="review" data-review="${r.id}"><p class="review-stars">${starsHtml(r.stars)}` +
    `<span class="sr-only">${esc(fill(l.starsOf, { n: r.stars }))}</span></p>` +
    (r.title ? `<h3 class="review-title">${esc(r.title)}</h3>` : '') +
    `<p class="review-meta">${by} · ${esc(bought)}</p>${paragraph('review-body', r.body)}${reply}` +
    `<p class="review-actions"><button type="button" class="link-button" data-review-action="helpful">${esc(l.helpful)}</button>` +
    `<button type="button" class="link-button" data-review-action="report">${esc(l.report)}</button>` +
    `<span class="review-said" role="status"></span></p></li>`
  );
}
