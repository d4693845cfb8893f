import { map } from 'nanostores';
import type { ApiClientError } from '../lib/api/client.ts';
import type { Discount, TierNudge } from '../lib/api/order-types.ts';
import { ordersApi } from '../lib/api/orders.ts';
import { storeCoupon, storedCoupon } from '../lib/checkout/draft-storage.ts';
import { $cart } from './cart.ts';

export interface CartPromoState {
  /** The code applied (kept in the tab's checkout draft), or ''. */
  applied: string;
  /** Why the last code was refused, in the page's language. */
  error: string | undefined;
  discounts: Discount[];
  discountTotal: number;
  nudge: TierNudge | null;
  busy: boolean;
  /** The server has answered (or failed) once for the cart as it is on this page. */
  quoted: boolean;
}

/** The cart page's promotions: the code field and what the server takes off the cart as it is now. */
export const $cartPromo = map<CartPromoState>({
  applied: '',
  error: undefined,
  discounts: [],
  discountTotal: 0,
  nudge: null,
  busy: false,
  quoted: false,
});

let seq = 0;

/** Asks the server what the cart gets off (with the applied code, if any); stale answers are dropped. */
export async function refreshPromo(): Promise<void> {
  const mine = ++seq;
  const coupon = $cartPromo.get().applied;
  $cartPromo.setKey('busy', true);
  try {
    const quote = await ordersApi.quote(coupon ? { coupon } : {});
    if (mine !== seq) return;
    $cartPromo.set({
      ...$cartPromo.get(),
      discounts: quote.discounts,
      discountTotal: quote.discountTotal,
      nudge: quote.nudge,
    });
  } catch (error) {
    if (mine !== seq) return;
    if ((error as ApiClientError)?.code === 'COUPON_REFUSED') {
      const e = error as ApiClientError;
      storeCoupon('');
      $cartPromo.set({ ...$cartPromo.get(), applied: '', error: e.fields.coupon ?? e.message });
      await refreshPromo();
    }
    // Anything else: the cart shows its own totals; the discounts are confirmed at checkout.
  } finally {
    if (mine === seq) $cartPromo.set({ ...$cartPromo.get(), busy: false, quoted: true });
  }
}

/** Applies a code typed on the cart page; checkout starts with it. */
export async function applyCartCoupon(code: string): Promise<void> {
  const text = code.trim();
  storeCoupon(text);
  $cartPromo.set({ ...$cartPromo.get(), applied: text, error: undefined });
  await refreshPromo();
}

export async function removeCartCoupon(): Promise<void> {
  storeCoupon('');
  $cartPromo.set({ ...$cartPromo.get(), applied: '', error: undefined });
  await refreshPromo();
}

/** Starts with the code the tab kept, and follows the cart: each change of its contents asks again. */
export function startCartPromo(): () => void {
  $cartPromo.setKey('applied', storedCoupon());
  let last = '';
  return $cart.subscribe(({ cart, loaded }) => {
    const key = `${cart.count}:${cart.subtotal}`;
    if (!loaded || !cart.lines.length || key === last) return;
    last = key;
    void refreshPromo();
  });
}
