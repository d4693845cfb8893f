/**
 * The buy box as the shop sells now, not as it was at the build: after the first paint the product
 * page asks the API once for its variants (GET /api/products/{slug}, from the catalog's ≤ 1 s cache)
 * and brings each option's price, compare-at price and stock state up to date, so that a colour sold
 * since the build cannot be added and a moved price is the one shown. A product no longer sold (the
 * API answers 404: withdrawn, or gone) offers nothing to add and says so. Texts come from the form's
 * data attributes (the page's language), so no message dictionary is loaded.
 */
import type { Locale } from '../../config.ts';
import { getProduct, type ProductDetail, type Variant } from '../../lib/api/catalog.ts';
import { ApiClientError } from '../../lib/api/client.ts';
import { formatPrice } from '../../lib/i18n/price.ts';
import { browserApi } from '../catalog/browser-api.ts';
import { stockState } from '../catalog/stock-state.ts';

/** The product's variants now, or null when the product is no longer sold; throws when the API cannot say. */
export async function currentOffers(locale: Locale, slug: string): Promise<Variant[] | null> {
  try {
    const detail: ProductDetail = await getProduct(browserApi(locale), slug);
    return detail.variants;
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) return null;
    throw error;
  }
}

const fill = (template: string, count: number) => template.replace('{count}', String(count));

/** What an option button shows of its variant (its data attributes, its disabled state). */
export function applyOffer(option: HTMLButtonElement, v: Variant, labels: DOMStringMap): void {
  const state = stockState(v.stock, v.inStock);
  const d = option.dataset;
  // The installment line was written for the built price: a moved price drops it rather than mislead.
  if (d.price !== formatPrice(v.price)) d.installments = '';
  d.price = formatPrice(v.price);
  d.compare = v.compareAtPrice !== null && v.compareAtPrice > v.price ? formatPrice(v.compareAtPrice) : '';
  d.stockState = state;
  d.stockLabel =
    state === 'out' ? labels.labelOut : state === 'low' ? fill(labels.labelLow ?? '', v.stock) : labels.labelIn;
  d.max = String(Math.max(1, v.stock));
  option.disabled = state === 'out';
}

/**
 * Brings every option of the form up to date with `variants` (null: the product is no longer sold),
 * then `refresh()` shows the chosen one again. Options the API no longer lists count as sold out.
 */
export function applyOffers(form: HTMLFormElement, variants: Variant[] | null, refresh: () => void): void {
  const labels = form.dataset;
  const options = [...form.querySelectorAll<HTMLButtonElement>('button[data-sku]')];
  const bySku = new Map((variants ?? []).map((v) => [v.sku, v]));
  for (const option of options) {
    const v = bySku.get(option.dataset.sku ?? '');
    if (v) applyOffer(option, v, labels);
    else {
      option.dataset.stockState = 'out';
      option.dataset.stockLabel = variants === null ? labels.labelWithdrawn : labels.labelOut;
      option.disabled = true;
    }
  }
  form.dataset.withdrawn = variants === null ? 'true' : '';
  refresh();
}
