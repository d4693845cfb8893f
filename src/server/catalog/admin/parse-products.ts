import { safeBodyHtml } from '../../../lib/body-html.ts';
import { FORMULA_SKU } from '../../../lib/csv-cells.ts';
import { textProblem } from '../../common/text-rules.ts';
import { COL, DEFAULT_OPTION_NAME, DEFAULT_OPTION_VALUE, OPTION_NUMBERS, optionCols } from './columns.ts';
import type { Problem } from './messages.ts';
import type { CsvRow } from './read-csv.ts';

/** What the file says of one variant; `undefined`: the file does not say (its column is absent or empty). */
export interface DraftVariant {
  line: number;
  sku: string | undefined;
  values: string[];
  /** Empty where the file gives no English value. */
  valuesEn: string[];
  price: number;
  compare: number | null | undefined;
  stock: number | undefined;
  grams: number | undefined;
  image: string | undefined;
}

export interface DraftImage {
  line: number;
  src: string;
  position: number | undefined;
  alt: string;
  altEn: string | undefined;
}

/** What the file says of one product; `undefined` fields are left as they are on an existing product. */
export interface DraftProduct {
  handle: string;
  line: number;
  title: string;
  titleEn: string | undefined;
  body: string | undefined;
  bodyEn: string | undefined;
  summary: string | undefined;
  summaryEn: string | undefined;
  vendor: string | undefined;
  vendorEn: string | undefined;
  brandSlug: string | undefined;
  category: string | undefined;
  categoryEn: string | undefined;
  categorySlug: string | undefined;
  tags: string | undefined;
  published: boolean | undefined;
  returnable: boolean | undefined;
  seoTitle: string | undefined;
  seoDescription: string | undefined;
  side: number | undefined;
  optionNames: string[];
  /** Empty where the file gives no English name. */
  optionNamesEn: string[];
  variants: DraftVariant[];
  images: DraftImage[];
}

export const SLUG = /^[a-z0-9][a-z0-9-]{0,149}$/;
/** Shopify writes money with two decimals: 1200 and 1200.00 are whole NT$, 1200.50 is not. */
const WHOLE_NTD = /^\d{1,9}(\.0{1,2})?$/;
const COUNT = /^\d{1,9}$/;
const TRUE = ['true', 'yes', '1'];
const FALSE = ['false', 'no', '0'];
const STATUSES = ['active', 'draft', 'archived'];

/** Limits of the columns they land in (001_init, 012_catalog_admin). */
export const MAX = {
  title: 200,
  sku: 64,
  tags: 1000,
  seoTitle: 200,
  seoDescription: 500,
  summary: 500,
  name: 100,
  src: 300,
  alt: 200,
  optionName: 50,
  optionValue: 100,
};

/** Every column of text the import reads; the bodies and summaries may run over several lines. */
const TEXT_COLUMNS = [
  ...Object.values(COL),
  ...OPTION_NUMBERS.flatMap((n) => Object.values(optionCols(n))),
] as string[];
const MULTILINE_COLUMNS = new Set<string>([COL.body, COL.bodyEn, COL.summary, COL.summaryEn]);

/** A body as stored: HTML cut down to its safe subset, plain text as it is (see body-html.ts). */
const bodyOf = (v: string | undefined) => (v === undefined ? undefined : safeBodyHtml(v.normalize('NFC')));

/** The joined form of Option1–3 as the variants table keeps it (one name and one value). */
export const OPTION_JOIN = ' / ';

/**
 * Groups a file's rows by Handle into products (a first row with a Title, then continuation rows
 * with the same Handle and no Title, each carrying a variant, an image or both) and checks every
 * field. Problems are collected, never thrown.
 */
export class ProductCollector {
  readonly products = new Map<string, DraftProduct>();
  readonly problems: Problem[] = [];
  private readonly skuLines = new Map<string, number>();
  private readonly comboLines = new Map<string, number>();

  add(row: CsvRow): void {
    const problem = (column: string, code: Problem['code'], args?: Problem['args']): void => {
      this.problems.push({ line: row.line, column, code, ...(args ? { args } : {}) });
    };
    // The API's text rules (text-rules.ts): no control characters, no bidi overrides, NFC.
    let unsafe = false;
    for (const col of TEXT_COLUMNS) {
      const v = row.get(col);
      if (v && textProblem(v, MULTILINE_COLUMNS.has(col))) {
        problem(col, 'text_unsafe');
        unsafe = true;
      }
    }
    if (unsafe) return;
    const text = (col: string) => row.get(col)?.normalize('NFC').trim();
    const present = (col: string) => {
      const v = text(col);
      return v === undefined || v === '' ? undefined : v;
    };
    const limited = (col: string, max: number, value = present(col)) => {
      if (value !== undefined && value.length > max) problem(col, 'too_long', { max });
      return value;
    };
    const money = (col: string): number | undefined | null => {
      const v = present(col);
      if (v === undefined) return undefined;
      if (!WHOLE_NTD.test(v)) {
        problem(col, 'price_invalid', { value: v });
        return null;
      }
      return Math.round(Number(v));
    };
    const count = (col: string): number | undefined => {
      const v = present(col);
      if (v === undefined) return undefined;
      if (!COUNT.test(v)) {
        problem(col, 'count_invalid', { value: v });
        return undefined;
      }
      return Number(v);
    };

    const handle = present(COL.handle);
    if (!handle) {
      problem(COL.handle, 'handle_missing');
      return;
    }
    if (!SLUG.test(handle)) {
      problem(COL.handle, 'handle_invalid', { value: handle });
      return;
    }
    const title = present(COL.title);
    let product = this.products.get(handle);
    if (product && title) {
      problem(COL.title, 'product_repeated', { value: handle, line: product.line });
      return;
    }
    if (!product) {
      if (!title) {
        problem(COL.title, 'title_missing');
        return;
      }
      product = this.first(row, handle, limited, problem);
      this.products.set(handle, product);
    }

    const values: string[] = [];
    const valuesEn: string[] = [];
    for (const n of OPTION_NUMBERS) {
      const c = optionCols(n);
      const v = present(c.value);
      const named = n <= product.optionNames.length;
      if (!named && v !== undefined && !(n === 1 && v === DEFAULT_OPTION_VALUE)) problem(c.value, 'option_unnamed');
      if (named) {
        values.push(v ?? '');
        valuesEn.push(present(c.valueEn) ?? '');
      }
    }
    const price = money(COL.price);
    const compare = money(COL.compare);
    const stock = count(COL.qty);
    const grams = count(COL.grams);
    const sku = limited(COL.sku, MAX.sku);
    const isVariant =
      values.some((v) => v !== '') || [COL.sku, COL.price, COL.compare, COL.qty, COL.grams].some((c) => present(c));
    if (isVariant) {
      product.optionNames.forEach((name, i) => {
        if (!values[i]) problem(optionCols((i + 1) as 1 | 2 | 3).value, 'option_missing', { name });
      });
      if (values.join(OPTION_JOIN).length > MAX.optionValue)
        problem(optionCols(1).value, 'too_long', { max: MAX.optionValue });
      const combo = `${handle}\u0000${values.join('\u0000')}`;
      const before = this.comboLines.get(combo);
      if (before !== undefined) problem(optionCols(1).value, 'option_duplicate', { line: before });
      else this.comboLines.set(combo, row.line);
      // A SKU is the products' id in the feeds (a CSV among them): never the start of a formula.
      if (sku && FORMULA_SKU.test(sku)) problem(COL.sku, 'sku_formula', { value: sku });
      else if (sku) {
        const seen = this.skuLines.get(sku);
        if (seen !== undefined) problem(COL.sku, 'sku_duplicate', { value: sku, line: seen });
        else this.skuLines.set(sku, row.line);
      }
      if (price === undefined) problem(COL.price, 'price_missing');
      product.variants.push({
        line: row.line,
        sku,
        values,
        valuesEn,
        price: price ?? 0,
        compare: text(COL.compare) === undefined ? undefined : (compare ?? null),
        stock,
        grams,
        image: limited(COL.variantImage, MAX.src),
      });
    }
    const src = limited(COL.imageSrc, MAX.src);
    if (src) {
      product.images.push({
        line: row.line,
        src,
        position: count(COL.imagePosition),
        alt: limited(COL.imageAlt, MAX.alt) ?? '',
        altEn: text(COL.imageAltEn) === undefined ? undefined : (limited(COL.imageAltEn, MAX.alt) ?? ''),
      });
    }
  }

  private first(
    row: CsvRow,
    handle: string,
    limited: (col: string, max: number, value?: string) => string | undefined,
    problem: (column: string, code: Problem['code'], args?: Problem['args']) => void,
  ): DraftProduct {
    // A column in the file but empty on this row sets an empty value; an absent column leaves it be.
    const field = (col: string, max: number) => {
      const v = row.get(col)?.normalize('NFC');
      return v === undefined ? undefined : (limited(col, max, v.trim()) ?? '');
    };
    const slug = (col: string) => {
      const v = row.get(col)?.trim();
      if (!v) return undefined;
      if (!SLUG.test(v)) problem(col, 'slug_invalid', { value: v });
      return v;
    };
    const optionNames: string[] = [];
    const optionNamesEn: string[] = [];
    for (const n of OPTION_NUMBERS) {
      const c = optionCols(n);
      const name = row.get(c.name)?.normalize('NFC').trim();
      if (!name) break;
      if (n === 1 && name === DEFAULT_OPTION_NAME && row.get(c.value)?.trim() === DEFAULT_OPTION_VALUE) break;
      optionNames.push(name);
      optionNamesEn.push(row.get(c.nameEn)?.normalize('NFC').trim() ?? '');
    }
    if (optionNames.join(OPTION_JOIN).length > MAX.optionName)
      problem(optionCols(1).name, 'too_long', { max: MAX.optionName });
    const category =
      row.get(COL.type)?.normalize('NFC').trim() || lastSegment(row.get(COL.productCategory)?.normalize('NFC'));
    return {
      handle,
      line: row.line,
      title: limited(COL.title, MAX.title) ?? '',
      titleEn: limited(COL.titleEn, MAX.title),
      body: bodyOf(row.get(COL.body)),
      bodyEn: bodyOf(row.get(COL.bodyEn) || undefined),
      summary: field(COL.summary, MAX.summary),
      summaryEn: field(COL.summaryEn, MAX.summary),
      vendor: limited(COL.vendor, MAX.name),
      vendorEn: limited(COL.vendorEn, MAX.name),
      brandSlug: slug(COL.brandSlug),
      category: category ? limited(COL.type, MAX.name, category) : undefined,
      categoryEn: limited(COL.typeEn, MAX.name),
      categorySlug: slug(COL.categorySlug),
      tags: field(COL.tags, MAX.tags),
      published: publishedOf(row, problem),
      returnable: returnableOf(row, problem),
      seoTitle: field(COL.seoTitle, MAX.seoTitle),
      seoDescription: field(COL.seoDescription, MAX.seoDescription),
      side: sideOf(row, problem),
      optionNames,
      optionNamesEn,
      variants: [],
      images: [],
    };
  }
}

/** Shopify's Product Category is a path ("Electronics > Audio > Headphones"): its last step names ours. */
function lastSegment(path: string | undefined): string | undefined {
  const last = path?.split('>').pop()?.trim();
  return last || undefined;
}

function publishedOf(
  row: CsvRow,
  problem: (column: string, code: Problem['code'], args?: Problem['args']) => void,
): boolean | undefined {
  const status = row.get(COL.status)?.trim().toLowerCase();
  if (status) {
    if (!STATUSES.includes(status))
      problem(COL.status, 'flag_invalid', { value: status, allowed: STATUSES.join(', ') });
    return status === 'active';
  }
  const published = row.get(COL.published)?.trim().toLowerCase();
  if (!published) return undefined;
  if (TRUE.includes(published)) return true;
  if (FALSE.includes(published)) return false;
  problem(COL.published, 'flag_invalid', { value: published, allowed: 'TRUE, FALSE' });
  return undefined;
}

function returnableOf(
  row: CsvRow,
  problem: (column: string, code: Problem['code'], args?: Problem['args']) => void,
): boolean | undefined {
  const value = row.get(COL.returnable)?.trim().toLowerCase();
  if (!value) return undefined;
  if (TRUE.includes(value)) return true;
  if (FALSE.includes(value)) return false;
  problem(COL.returnable, 'flag_invalid', { value, allowed: 'TRUE, FALSE' });
  return undefined;
}

function sideOf(
  row: CsvRow,
  problem: (column: string, code: Problem['code'], args?: Problem['args']) => void,
): number | undefined {
  const v = row.get(COL.side)?.trim();
  if (!v) return undefined;
  if (!COUNT.test(v)) {
    problem(COL.side, 'count_invalid', { value: v });
    return undefined;
  }
  return Number(v);
}
