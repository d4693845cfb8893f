import { canonicalPlaceName } from '../../lib/taiwan/names.ts';
import { isOutlyingAddress } from '../../lib/taiwan/outlying.ts';
import { hasVisible, textProblem } from '../common/text-rules.ts';
import type { Deps } from '../context.ts';
import { ecpayConfig } from '../providers/ecpay/config.ts';
import { type ChosenStore, STORE_TEXT_MAX } from '../providers/logistics/reply.ts';
import { simStoreOf } from '../providers/logistics/sim-stores.ts';
import { listedStore } from './store-directory.ts';

/** What the shop keeps of a chosen store, from a source it can check. */
export interface StoreFacts {
  name: string;
  /** Official spelling (臺, not 台). */
  address: string;
  telephone: string;
  /** On an outlying island: the outlying fee applies, or the method is not offered. */
  outlying: boolean;
}

const fits = (text: string, max: number, visible: boolean) =>
  textProblem(text) === null && [...text].length <= max && (!visible || hasVisible(text));

/**
 * The facts of the store a map reply names, or null when the shop cannot vouch for the store. The
 * reply is not signed and passes through the shopper's browser, so none of its facts is taken as
 * sent: the store is looked up by chain and ID in the chain's store list (the local simulator's
 * own list; with ECPay, its GetStoreList, see store-directory.ts), which gives the name, address and
 * telephone; whether the store is on an outlying island is read from that address (the county, and
 * the township in Pingtung and Taitung), never from CVSOutSide. A store not listed, or listed with
 * texts that break the text rules or an address naming no county, is refused. Throws
 * StoreListError when ECPay's list cannot be had.
 */
export async function checkStore(deps: Deps, reply: ChosenStore): Promise<StoreFacts | null> {
  const listed =
    ecpayConfig(deps.env).mode === 'simulator'
      ? await simStoreOf(deps.db.kysely, reply.brand, reply.storeId)
      : await listedStore(deps, reply.brand, reply.storeId);
  if (!listed) return null;
  const name = listed.name.normalize('NFC').trim();
  const address = canonicalPlaceName(listed.address);
  const telephone = listed.telephone.trim();
  if (
    !fits(name, STORE_TEXT_MAX.name, true) ||
    !fits(address, STORE_TEXT_MAX.address, true) ||
    !fits(telephone, STORE_TEXT_MAX.telephone, false)
  )
    return null;
  const outlying = isOutlyingAddress(address);
  return outlying === null ? null : { name, address, telephone, outlying };
}
