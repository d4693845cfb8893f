import { map } from 'nanostores';
import { type Cart, type CartLine, cartApi, isLostCart } from '../lib/api/cart.ts';
import type { ApiClientError } from '../lib/api/client.ts';
import { writeCartCount } from '../lib/runtime/cart-count.ts';
import { keepPriceNotices } from './price-notices.ts';
import { showError } from './ui.ts';

export interface CartState {
  cart: Cart;
  /** The cart has been read from the server on this page. */
  loaded: boolean;
  /** Lines with a change on its way: a line cannot be changed twice at once. */
  busy: Record<number, true>;
  /** The error of a line's last change, shown beside the line. */
  lineErrors: Record<number, string>;
  /** Lines removed on this page, newest first, that can be put back. */
  removed: CartLine[];
}

const EMPTY: Cart = { lines: [], count: 0, subtotal: 0, warnings: [], canCheckout: false };

/** The cart (issue 7). Islands read it with useStore($cart) and call the actions below. */
export const $cart = map<CartState>({ cart: EMPTY, loaded: false, busy: {}, lineErrors: {}, removed: [] });

// The header of every tab shows the count (src/scripts/chrome.ts reads what this caches).
$cart.listen((state, old) => {
  if (state.loaded && (!old?.loaded || state.cart.count !== old.cart.count)) writeCartCount(state.cart.count);
});

const messageOf = (error: unknown): string => (error as ApiClientError)?.message ?? String(error);

function setCart(cart: Cart): void {
  const state = $cart.get();
  const lines = keepPriceNotices(cart.lines, state.cart.lines, (l) => l.id);
  $cart.set({ ...state, cart: { ...cart, lines }, loaded: true });
}

function withoutKey<T>(record: Record<number, T>, key: number): Record<number, T> {
  const next = { ...record };
  delete next[key];
  return next;
}

/** Reads the cart; a guest cart the server forgot reads as empty; other failures open the error modal. */
export async function loadCart(): Promise<void> {
  try {
    setCart(await cartApi.get({ silent: true }));
  } catch (error) {
    if (isLostCart(error)) setCart(EMPTY);
    else {
      $cart.setKey('loaded', true);
      showError(messageOf(error));
    }
  }
}

/** Adds `quantity` of `sku`. Failures are thrown for the caller, which shows them beside its button. */
export async function addToCart(sku: string, quantity: number): Promise<Cart> {
  try {
    const cart = await cartApi.add(sku, quantity, { silent: true });
    setCart(cart);
    return cart;
  } catch (error) {
    // A forgotten guest cart: the token is gone, so the same add starts a new cart.
    if (!isLostCart(error)) throw error;
    const cart = await cartApi.add(sku, quantity, { silent: true });
    setCart(cart);
    return cart;
  }
}

/** The cart with one line's quantity changed (totals follow), as shown before the server answers. */
function withQuantity(cart: Cart, lineId: number, quantity: number): Cart {
  const lines = cart.lines.map((l) => (l.id === lineId ? { ...l, quantity, lineTotal: l.unitPrice * quantity } : l));
  const before = cart.lines.find((l) => l.id === lineId);
  const diff = before ? quantity - before.quantity : 0;
  return {
    ...cart,
    lines,
    count: cart.count + diff,
    subtotal: cart.subtotal + (before && before.stockState !== 'withdrawn' ? diff * before.unitPrice : 0),
  };
}

/**
 * Changes a line's quantity at once on screen, then on the server; on failure the line goes back
 * and shows the error beside it. Returns false when the line is already being changed.
 */
export async function changeQuantity(lineId: number, quantity: number): Promise<boolean> {
  const start = $cart.get();
  if (start.busy[lineId]) return false;
  const before = start.cart;
  $cart.set({
    ...start,
    cart: withQuantity(before, lineId, quantity),
    busy: { ...start.busy, [lineId]: true },
    lineErrors: withoutKey(start.lineErrors, lineId),
  });
  try {
    setCart(await cartApi.setQuantity(lineId, quantity, { silent: true }));
  } catch (error) {
    const now = $cart.get();
    const old = before.lines.find((l) => l.id === lineId);
    const rolledBack = old ? withQuantity(now.cart, lineId, old.quantity) : now.cart;
    $cart.set({ ...now, cart: rolledBack, lineErrors: { ...now.lineErrors, [lineId]: messageOf(error) } });
    if (isLostCart(error)) setCart(EMPTY);
  } finally {
    $cart.setKey('busy', withoutKey($cart.get().busy, lineId));
  }
  return true;
}

/** Removes a line at once on screen; it can be put back with undoRemove. On failure it comes back. */
export async function removeLine(lineId: number): Promise<boolean> {
  const start = $cart.get();
  const line = start.cart.lines.find((l) => l.id === lineId);
  if (!line || start.busy[lineId]) return false;
  const optimistic = withQuantity(start.cart, lineId, 0);
  $cart.set({
    ...start,
    cart: { ...optimistic, lines: optimistic.lines.filter((l) => l.id !== lineId) },
    busy: { ...start.busy, [lineId]: true },
  });
  try {
    setCart(await cartApi.remove(lineId));
    $cart.setKey('removed', [line, ...$cart.get().removed.filter((l) => l.sku !== line.sku)]);
  } catch {
    // The error modal has told the shopper; the line is shown again.
    setCart(start.cart);
  } finally {
    $cart.setKey('busy', withoutKey($cart.get().busy, lineId));
  }
  return true;
}

/** Puts a removed line back with its quantity (at today's price and stock); failures open the error modal. */
export async function undoRemove(sku: string): Promise<void> {
  const line = $cart.get().removed.find((l) => l.sku === sku);
  if (!line) return;
  $cart.setKey(
    'removed',
    $cart.get().removed.filter((l) => l.sku !== sku),
  );
  try {
    setCart(await cartApi.add(sku, line.quantity, { silent: true }));
  } catch (error) {
    showError(messageOf(error));
  }
}

/** Forgets the undo offer of a removed line. */
export function dismissRemoved(sku: string): void {
  $cart.setKey(
    'removed',
    $cart.get().removed.filter((l) => l.sku !== sku),
  );
}

/** Moved prices this page has told the server it showed (line id and price shown). */
const acknowledged = new Set<string>();

/**
 * Tells the server the page has shown the moved prices on screen now: they are not reported on the
 * next visit (the notices stay on this page). A failure leaves them to be shown again next time.
 */
export async function acknowledgePrices(): Promise<void> {
  const lines = $cart
    .get()
    .cart.lines.filter((l) => l.priceChangedFrom !== null && !acknowledged.has(`${l.id}:${l.unitPrice}`));
  if (!lines.length) return;
  for (const l of lines) acknowledged.add(`${l.id}:${l.unitPrice}`);
  try {
    await cartApi.seen(
      lines.map((l) => ({ id: l.id, price: l.unitPrice })),
      { silent: true },
    );
  } catch {
    for (const l of lines) acknowledged.delete(`${l.id}:${l.unitPrice}`);
  }
}

/** Test seam: an empty, unloaded cart. */
export function resetCartForTests(): void {
  acknowledged.clear();
  $cart.set({ cart: EMPTY, loaded: false, busy: {}, lineErrors: {}, removed: [] });
}
