import { canonicalPlaceName } from '../../lib/taiwan/names.ts';
import { isOutlyingAddress } from '../../lib/taiwan/outlying.ts';
import type { Deps } from '../context.ts';
import { ecpayConfig } from '../providers/ecpay/config.ts';
import type { ChosenStore } from '../providers/logistics/reply.ts';
import { simStoreOf } from '../providers/logistics/sim-stores.ts';

/** What the shop keeps of a chosen store, from a source it can check. */
export interface StoreFacts {
  name: string;
  /** Official spelling (臺, not 台). */
  address: string;
  telephone: string;
  /** On an outlying island: the outlying fee applies, or the method is not offered. */
  outlying: boolean;
}

/**
 * The facts of the store a map reply names, or null when the shop cannot vouch for the store. The
 * reply is not signed and passes through the shopper's browser, so none of its facts is taken as
 * sent. With the local simulator its store list is the truth: a store ID it does not list is
 * refused, and the name, address, telephone and island status come from the list. With ECPay the
 * texts of the reply (already held to the text rules) are kept, but whether the store is on an
 * outlying island is read from its address (the county, and the township in Pingtung and Taitung),
 * never from CVSOutSide; an address that names no county is refused. Express/Create then checks
 * the store ID again: ECPay refuses an order to a store it does not know.
 */
export async function checkStore(deps: Deps, reply: ChosenStore): Promise<StoreFacts | null> {
  if (ecpayConfig(deps.env).mode === 'simulator') {
    const row = await simStoreOf(deps.db.kysely, reply.brand, reply.storeId);
    if (!row) return null;
    return {
      name: row.name,
      address: canonicalPlaceName(row.address),
      telephone: row.telephone,
      outlying: row.outside === 1,
    };
  }
  const outlying = isOutlyingAddress(reply.address);
  if (outlying === null) return null;
  return { name: reply.storeName, address: reply.address, telephone: reply.telephone, outlying };
}
