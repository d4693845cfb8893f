/**
 * The network half of the listing script, loaded on first use so that a listing page ships no API
 * client until the shopper filters.
 */
import type { Locale } from '../../config.ts';
import { listProducts, type Paged, type ProductQuery, type ProductSummary } from '../../lib/api/catalog.ts';
import { ApiClientError } from '../../lib/api/client.ts';
import { browserApi } from './browser-api.ts';

export type ListingResult = { ok: true; list: Paged<ProductSummary> } | { ok: false; messages: string[] };

/** One page of products; a refusal carries the API's field messages (in the page's language). */
export async function fetchListing(locale: Locale, query: ProductQuery): Promise<ListingResult> {
  try {
    return { ok: true, list: await listProducts(browserApi(locale), query) };
  } catch (error) {
    return { ok: false, messages: error instanceof ApiClientError ? Object.values(error.fields) : [] };
  }
}
