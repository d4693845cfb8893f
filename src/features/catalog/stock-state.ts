import { LOW_STOCK_THRESHOLD } from '../../config.ts';

export type StockState = 'in' | 'low' | 'out';

/** In stock, low (at or below the threshold) or out. */
export const stockState = (stock: number, inStock: boolean): StockState =>
  !inStock || stock <= 0 ? 'out' : stock <= LOW_STOCK_THRESHOLD ? 'low' : 'in';
