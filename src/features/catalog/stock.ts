import type { Locale } from '../../config.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { stockState } from './stock-state.ts';

export { type StockState, stockState } from './stock-state.ts';

export function stockLabel(stock: number, inStock: boolean, locale: Locale): string {
  const state = stockState(stock, inStock);
  if (state === 'out') return t(locale, 'product.outOfStock');
  if (state === 'low') return t(locale, 'product.lowStock', { count: stock });
  return t(locale, 'product.inStock');
}
