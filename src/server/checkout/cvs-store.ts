import { randomBytes } from 'node:crypto';
import type { Locale } from '../../config.ts';
import { clearStore, putStore } from '../cart/cart-store.ts';
import { sha256 } from '../common/tokens.ts';
import type { Deps } from '../context.ts';
import { ecpayConfig } from '../providers/ecpay/config.ts';
import type { CvsBrand } from '../providers/logistics/cvs.ts';
import { buildMapForm } from '../providers/logistics/map.ts';
import { parseStoreReply, StoreReplyError } from '../providers/logistics/reply.ts';
import { StoreListError } from '../providers/logistics/store-list.ts';
import { readCheckoutLines } from './checkout-cart.ts';
import { checkStore } from './cvs-store-facts.ts';
import { PICKUP_PAY_MAX } from './shipping.ts';

/** A map ticket works once, within 30 minutes of opening the map. */
export const MAP_TICKET_TTL_MS = 30 * 60_000;
export const STORE_REPLY_PATH = '/api/checkout/cvs-store';
// 15 random bytes are 20 base64url characters: exactly what ExtraData carries back.
const TICKET_BYTES = 15;
const TICKET_RE = /^[A-Za-z0-9_-]{20}$/;

/**
 * The shop's origin as the store map sees it: ECPay posts the chosen store to SITE_URL; the local
 * simulator runs in this very server, so the origin the page called is the one it reaches.
 */
export function shopOrigin(deps: Deps, requestUrl: string): string {
  return ecpayConfig(deps.env).mode === 'simulator' ? new URL(requestUrl).origin : deps.env.SITE_URL.replace(/\/$/, '');
}

/**
 * The auto-submitting form that opens the store map of `brand` for a cart. Its ExtraData is a new
 * one-time ticket that names the cart and remembers the page's language; the ticket is kept hashed.
 * Choosing another chain forgets the store chosen before. When the cart may still be paid at pickup
 * (its goods within the pay-at-pickup limit), the map is opened with IsCollection=Y so that it only
 * offers stores that can collect the money.
 */
export async function openMap(deps: Deps, cartId: number, brand: CvsBrand, locale: Locale, origin: string) {
  const k = deps.db.kysely;
  const now = deps.clock.now();
  const ticket = randomBytes(TICKET_BYTES).toString('base64url');
  const kept = await k.selectFrom('checkout_stores').select('brand').where('cart_id', '=', cartId).executeTakeFirst();
  if (kept && kept.brand !== brand) await clearStore(k, cartId);
  await k
    .insertInto('cvs_map_tickets')
    .values({
      ticket_hash: sha256(ticket),
      cart_id: cartId,
      brand,
      locale,
      created_at: now,
      expires_at: now + MAP_TICKET_TTL_MS,
      used_at: null,
    })
    .execute();
  await k.deleteFrom('cvs_map_tickets').where('expires_at', '<', now).execute();
  const config = ecpayConfig(deps.env);
  const subtotal = (await readCheckoutLines(k, cartId)).reduce((n, l) => n + l.price * l.quantity, 0);
  return buildMapForm(
    {
      merchantTradeNo: `SWM${randomBytes(8).toString('hex').toUpperCase()}`.slice(0, 20),
      subType: `${brand}C2C`,
      collection: subtotal <= PICKUP_PAY_MAX,
      replyPath: STORE_REPLY_PATH,
      extraData: ticket,
      device: 'pc',
      origin,
    },
    config.logistics,
    deps.env,
  );
}

/**
 * Why a map reply did not change the cart's store, as the checkout page is told
 * (`?store_error=<problem>`): `ticket` (unknown, used or expired: the map was opened too long ago or
 * the reply was replayed), `reply` (malformed, another merchant's, or another chain than the map),
 * `text` (a store text breaking the text rules), `store` (a store the shop cannot vouch for) or
 * `lookup` (ECPay's store list could not be had just now).
 */
export type StoreProblem = 'ticket' | 'reply' | 'text' | 'store' | 'lookup';

/**
 * Keeps the store of a map reply for the cart its ticket names. The ticket is spent by one
 * conditional UPDATE (a replay finds it used); a reply of another chain than the map was opened
 * for is refused. The store's facts are those checkStore vouches for, not the reply's word.
 * Returns the ticket's language, and the problem when the store was not kept.
 */
export async function keepStore(
  deps: Deps,
  form: Record<string, string>,
): Promise<{ locale: Locale; problem: StoreProblem | null }> {
  const k = deps.db.kysely;
  const now = deps.clock.now();
  const ticket = form.ExtraData ?? '';
  if (!TICKET_RE.test(ticket)) return { locale: 'zh-TW', problem: 'ticket' };
  const row = await k
    .selectFrom('cvs_map_tickets')
    .select(['id', 'cart_id', 'brand', 'locale'])
    .where('ticket_hash', '=', sha256(ticket))
    .executeTakeFirst();
  if (!row) return { locale: 'zh-TW', problem: 'ticket' };
  const locale: Locale = row.locale === 'en' ? 'en' : 'zh-TW';
  let store: ReturnType<typeof parseStoreReply>;
  try {
    store = parseStoreReply(form, ecpayConfig(deps.env).logistics);
  } catch (err) {
    if (err instanceof StoreReplyError) return { locale, problem: err.problem === 'text' ? 'text' : 'reply' };
    throw err;
  }
  if (store.brand !== row.brand) return { locale, problem: 'reply' };
  let facts: Awaited<ReturnType<typeof checkStore>>;
  try {
    facts = await checkStore(deps, store);
  } catch (err) {
    if (err instanceof StoreListError) return { locale, problem: 'lookup' };
    throw err;
  }
  if (!facts) return { locale, problem: 'store' };
  const kept = await k.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('cvs_map_tickets')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return false;
    await putStore(trx, row.cart_id, {
      brand: store.brand,
      sub_type: store.subType,
      store_id: store.storeId,
      store_name: facts.name,
      address: facts.address,
      telephone: facts.telephone,
      outside: facts.outlying ? 1 : 0,
      created_at: now,
    });
    return true;
  });
  return { locale, problem: kept ? null : 'ticket' };
}
