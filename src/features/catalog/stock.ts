import { LOW_STOCK_THRESHOLD, type Locale } from '../../config.ts';
import { t } from '../../lib/i18n/messages/index.ts';

export type StockState = 'in' | 'low' | 'out';

/** In stock, low (at or below the threshold) or out. */
export const stockState = (stock: number, inStock: boolean): StockState =>
  !inStock || stock <= 0 ? 'out' : stock <= LOW_STOCK_THRESHOLD ? 'low' : 'in';

export function stockLabel(stock: number, inStock: boolean, locale: Locale): string {
  const state = stockState(stock, inStock);
  if (state === 'out') return t(locale, 'product.outOfStock');
  if (state === 'low') return t(locale, 'product.lowStock', { count: stock });
  return t(locale, 'product.inStock');
}
