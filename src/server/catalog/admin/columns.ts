/**
 * The columns of Shopify's product CSV that the catalog tool reads and writes, and our own
 * optional columns for what Shopify lacks. Names are matched without regard to case or spacing
 * around them; any other column is ignored and listed in the report.
 */
export const COL = {
  handle: 'Handle',
  title: 'Title',
  body: 'Body (HTML)',
  vendor: 'Vendor',
  productCategory: 'Product Category',
  type: 'Type',
  tags: 'Tags',
  published: 'Published',
  sku: 'Variant SKU',
  grams: 'Variant Grams',
  qty: 'Variant Inventory Qty',
  price: 'Variant Price',
  compare: 'Variant Compare At Price',
  imageSrc: 'Image Src',
  imagePosition: 'Image Position',
  imageAlt: 'Image Alt Text',
  seoTitle: 'SEO Title',
  seoDescription: 'SEO Description',
  variantImage: 'Variant Image',
  status: 'Status',
  // Our own.
  titleEn: 'Title (en)',
  bodyEn: 'Body (HTML) (en)',
  summary: 'Summary',
  summaryEn: 'Summary (en)',
  vendorEn: 'Vendor (en)',
  typeEn: 'Type (en)',
  brandSlug: 'Brand Slug',
  categorySlug: 'Category Slug',
  imageAltEn: 'Image Alt Text (en)',
  side: 'Parcel Longest Side (cm)',
  /** FALSE: not returnable once opened (sealed media, software, in-ear); empty keeps what is set. */
  returnable: 'Returnable',
} as const;

export type ColKey = keyof typeof COL;

/** Option n (1 to 3): Shopify's name and value columns and our English twins. */
export const optionCols = (n: 1 | 2 | 3) => ({
  name: `Option${n} Name`,
  value: `Option${n} Value`,
  nameEn: `Option${n} Name (en)`,
  valueEn: `Option${n} Value (en)`,
});

export const OPTION_NUMBERS = [1, 2, 3] as const;

/** Shopify's single variant of a product without options. */
export const DEFAULT_OPTION_NAME = 'Title';
export const DEFAULT_OPTION_VALUE = 'Default Title';

/** Columns written by export, in Shopify's order, then ours. */
export const EXPORT_COLUMNS: string[] = [
  COL.handle,
  COL.title,
  COL.body,
  COL.vendor,
  COL.type,
  COL.tags,
  COL.published,
  ...OPTION_NUMBERS.flatMap((n) => [optionCols(n).name, optionCols(n).value]),
  COL.sku,
  COL.grams,
  'Variant Inventory Tracker',
  COL.qty,
  'Variant Inventory Policy',
  'Variant Fulfillment Service',
  COL.price,
  COL.compare,
  'Variant Requires Shipping',
  'Variant Taxable',
  COL.imageSrc,
  COL.imagePosition,
  COL.imageAlt,
  'Gift Card',
  COL.seoTitle,
  COL.seoDescription,
  COL.variantImage,
  'Variant Weight Unit',
  COL.status,
  COL.titleEn,
  COL.bodyEn,
  COL.summary,
  COL.summaryEn,
  COL.vendorEn,
  COL.typeEn,
  COL.brandSlug,
  COL.categorySlug,
  ...OPTION_NUMBERS.flatMap((n) => [optionCols(n).nameEn, optionCols(n).valueEn]),
  COL.imageAltEn,
  COL.side,
  COL.returnable,
];

export const normalizeHeader = (h: string) => h.trim().replace(/\s+/g, ' ').toLowerCase();

/** Every column the import reads (normalised). */
export const READ_COLUMNS = new Set(
  [...Object.values(COL), ...OPTION_NUMBERS.flatMap((n) => Object.values(optionCols(n)))].map(normalizeHeader),
);
