export interface AdminVariant {
  sku: string;
  optionZh: string;
  optionEn: string;
  price: number;
  compareAtPrice: number | null;
  stock: number;
  /** Restock alerts waiting for it. */
  waiting: number;
}

export interface AdminProduct {
  handle: string;
  nameZh: string;
  nameEn: string;
  brand: string;
  withdrawn: boolean;
  /** False: excluded from the seven-day return once opened. */
  returnable: boolean;
  variants: AdminVariant[];
}

export interface Change {
  id: number;
  at: number;
  by: string;
  action: string;
  subject: string;
  before: string | number | null;
  after: string | number | null;
}

export interface ImportReport {
  dryRun: boolean;
  applied: boolean;
  problems: { line: number; column: string; code: string; message: string }[];
  unknownColumns: string[];
  counts: Record<string, number>;
  lines: string[];
  pagesNotice?: string;
}

/** Products on sale the product feeds leave out for want of a photo (GET /api/admin/catalog/feed-gaps). */
export interface FeedGaps {
  products: number;
  variants: number;
  list: { handle: string; nameZh: string; nameEn: string; skus: string[] }[];
}
