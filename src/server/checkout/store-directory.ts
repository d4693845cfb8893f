import type { Deps } from '../context.ts';
import { ecpayConfig } from '../providers/ecpay/config.ts';
import type { CvsBrand } from '../providers/logistics/cvs.ts';
import { fetchStoreList, type ListedStore } from '../providers/logistics/store-list.ts';
import { logisticsBase } from '../shipping/shipment-provider.ts';

/** How long a chain's store list is used before it is fetched again (ECPay refreshes it daily at 20:00). */
export const STORE_LIST_TTL_MS = 6 * 3_600_000;
/** A store not in a list older than this fetches the list again (a store opened today), at most this often. */
export const STORE_LIST_RECHECK_MS = 10 * 60_000;

interface Kept {
  at: number;
  stores: Promise<Map<string, ListedStore>>;
}

// Per process: every instance keeps its own copy, fetched when first needed.
const lists = new Map<string, Kept>();

function fetchInto(deps: Deps, key: string, brand: CvsBrand): Kept {
  const kept: Kept = {
    at: deps.clock.now(),
    stores: fetchStoreList({ account: ecpayConfig(deps.env).logistics, baseUrl: logisticsBase(deps) }, brand),
  };
  lists.set(key, kept);
  // A failed fetch is not kept: the next store chosen asks again.
  kept.stores.catch(() => lists.get(key) === kept && lists.delete(key));
  return kept;
}

/**
 * The store `storeId` of `brand` as ECPay lists it, or undefined when it is not listed. Concurrent
 * look-ups share one fetch of the list. Throws StoreListError when the list cannot be had.
 */
export async function listedStore(deps: Deps, brand: CvsBrand, storeId: string): Promise<ListedStore | undefined> {
  const key = `${logisticsBase(deps)}|${ecpayConfig(deps.env).logistics.merchantId}|${brand}`;
  const now = deps.clock.now();
  let kept = lists.get(key);
  if (!kept || now - kept.at >= STORE_LIST_TTL_MS) kept = fetchInto(deps, key, brand);
  const found = (await kept.stores).get(storeId);
  if (found || now - kept.at < STORE_LIST_RECHECK_MS) return found;
  return (await fetchInto(deps, key, brand).stores).get(storeId);
}

/** Test seam: forgets the lists fetched so far. */
export function forgetStoreLists(): void {
  lists.clear();
}
