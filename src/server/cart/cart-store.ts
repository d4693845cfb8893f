import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Locale } from '../../config.ts';
import { pick } from '../common/i18n.ts';
import type { Database } from '../db/schema.ts';
import type { CheckoutStoresTable } from '../db/tables/cart.ts';
import { BRAND_NAMES, type CvsBrand } from '../providers/logistics/cvs.ts';

// The convenience store chosen on the map for a cart (store pickup): kept with the cart, carried
// over at login, read by checkout and the order.

type Db = Kysely<Database> | Transaction<Database>;

/** The store chosen on the map for a cart, as the wire shows it. */
export interface WireStore {
  brand: CvsBrand;
  brand_name: string;
  id: string;
  name: string;
  address: string;
  outside: boolean;
}

export type StoreRow = NonNullable<Awaited<ReturnType<typeof readStore>>>;

export function readStore(k: Db, cartId: number) {
  return k
    .selectFrom('checkout_stores')
    .select(['brand', 'sub_type', 'store_id', 'store_name', 'address', 'telephone', 'outside', 'created_at'])
    .where('cart_id', '=', cartId)
    .executeTakeFirst();
}

export function wireStore(
  s: { brand: string; store_id: string; store_name: string; address: string; outside: number },
  locale: Locale,
): WireStore {
  const brand = s.brand as CvsBrand;
  return {
    brand,
    brand_name: BRAND_NAMES[brand] ? pick(BRAND_NAMES[brand], locale) : brand,
    id: s.store_id,
    name: s.store_name,
    address: s.address,
    outside: s.outside === 1,
  };
}

/** Forgets the store of a cart (the shopper left store pickup, changed chain, or ordered). */
export async function clearStore(k: Db, cartId: number): Promise<void> {
  await k.deleteFrom('checkout_stores').where('cart_id', '=', cartId).execute();
}

/** Makes `store` the cart's store, in place of any it had (a map reply, or a guest's store at login). */
export async function putStore(
  k: Db,
  cartId: number,
  store: Omit<Insertable<CheckoutStoresTable>, 'id' | 'cart_id'>,
): Promise<void> {
  await clearStore(k, cartId);
  await k
    .insertInto('checkout_stores')
    .values({ ...store, cart_id: cartId })
    .execute();
}
