/** The strings the card and pager markup need, in one locale (also handed to browser scripts). */
import type { Locale } from '../../config.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import type { CardLabels, PagerLabels } from './cards.ts';

export const cardLabels = (locale: Locale): CardLabels => ({
  outOfStock: t(locale, 'product.outOfStock'),
  sale: t(locale, 'product.sale'),
  compareAt: t(locale, 'product.compareAt'),
  wish: t(locale, 'wishlist.save'),
  rating: t(locale, 'reviews.summary'),
  ratingOne: t(locale, 'reviews.summaryOne'),
});

export const pagerLabels = (locale: Locale): PagerLabels => ({
  nav: t(locale, 'pagination.label'),
  prev: t(locale, 'pagination.prev'),
  next: t(locale, 'pagination.next'),
  page: t(locale, 'pagination.page'),
});
