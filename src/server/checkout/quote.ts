import type { Locale } from '../../config.ts';
import { type InstallmentPlan, installmentPlans } from '../../lib/checkout/installments.ts';
import { findCity } from '../../lib/taiwan/regions.ts';
import { clearStore, readStore, type WireStore, wireStore } from '../cart/cart-store.ts';
import { type CartWarning, readCart } from '../cart/cart-view.ts';
import type { WireImage } from '../common/wire.ts';
import type { Deps } from '../context.ts';
import { promotionsFor, type WireDiscount, wireDiscounts, wireNudge } from '../promotions/apply.ts';
import { couponRefused } from '../promotions/promotion-store.ts';
import { ecpayOffer } from '../providers/ecpay/limits.ts';
import type { QuoteBody } from './checkout.schemas.ts';
import { parcelOf, readCheckoutLines } from './checkout-cart.ts';
import {
  baseFee,
  loadMethods,
  type MethodChoice,
  type PaymentChoice,
  paymentChoices,
  shippingChoices,
} from './shipping.ts';

export interface QuoteLine {
  sku: string;
  product_slug: string;
  brand_slug: string;
  name: string;
  option_name: string;
  option_value: string;
  image: WireImage | null;
  unit_price: number;
  quantity: number;
  line_total: number;
  /** The line's share of the discounts. */
  discount: number;
  /** The unit price the shopper last saw, when it has moved since (reported once); else null. */
  price_changed_from: number | null;
}

export interface Quote {
  lines: QuoteLine[];
  count: number;
  subtotal: number;
  shipping_fee: number;
  /** The promotions applied (a code, the best automatic one) and what they take off in all. */
  discounts: WireDiscount[];
  discount_total: number;
  /** What is still needed for the next spend threshold, when one is near. */
  nudge: ReturnType<typeof wireNudge>;
  /** subtotal + shipping_fee - discount_total. */
  total: number;
  free_shipping_over: number | null;
  shipping_methods: Omit<MethodChoice, 'free_over'>[];
  payment_methods: PaymentChoice[];
  /** The card installments the total reaches (computed on the total after discounts); [] when none. */
  installments: InstallmentPlan[];
  store: WireStore | null;
  warnings: CartWarning[];
  can_order: boolean;
}

/**
 * The server's quote of a cart: lines at today's prices, the shipping methods that apply (with the
 * fee, or why not), the payment methods the chosen shipping allows, and the totals. Choosing a
 * method other than store pickup forgets the chosen store. Price changes are reported once: the
 * shopper has now seen the new prices, and ordering is checked against them.
 */
export async function quoteCart(
  deps: Deps,
  who: { cartId: number | undefined; memberId: number | null; guestPhone?: string | undefined },
  body: QuoteBody,
  locale: Locale,
): Promise<Quote> {
  const { cartId } = who;
  const k = deps.db.kysely;
  const method = body.shipping?.method;
  if (cartId !== undefined && method && method !== 'cvs') await clearStore(k, cartId);
  const cart = await readCart(k, cartId, locale);
  const lines = cartId === undefined ? [] : await readCheckoutLines(k, cartId);
  const store = cartId === undefined ? undefined : await readStore(k, cartId);
  const methods = shippingChoices(
    await loadMethods(k),
    {
      subtotal: cart.subtotal,
      ...parcelOf(lines, locale),
      city: findCity(body.shipping?.city)?.zh,
      storeOutside: store ? store.outside === 1 : null,
      baseFee: await baseFee(k),
    },
    locale,
  );
  const chosen = methods.find((m) => m.code === method);
  const shippingFee = chosen?.available ? chosen.fee : 0;
  const promotions = await promotionsFor(k, {
    lines,
    shippingFee,
    now: deps.clock.now(),
    coupon: body.coupon,
    memberId: who.memberId,
    guestPhone: who.guestPhone,
  });
  if (promotions.refused) throw couponRefused(promotions.refused.reason, locale, promotions.refused.minSpend);
  const total = cart.subtotal + shippingFee - promotions.discountTotal;
  const offer = ecpayOffer(deps.env);
  const payments = paymentChoices(method, total, locale, offer);
  const card = payments.find((p) => p.code === 'credit');
  const payment = payments.find((p) => p.code === body.payment);
  const canOrder =
    cart.can_checkout && !!chosen?.available && (method !== 'cvs' || store !== undefined) && !!payment?.available;
  const changed = cart.warnings.filter((w) => w.code === 'PRICE_CHANGED');
  for (const w of changed)
    await k
      .updateTable('cart_items')
      .set({ seen_price: w.price ?? 0 })
      .where('id', '=', w.line_id)
      .execute();
  return {
    lines: cart.lines.map((l) => ({
      sku: l.sku,
      product_slug: l.product_slug,
      brand_slug: l.brand_slug,
      name: l.name,
      option_name: l.option_name,
      option_value: l.option_value,
      image: l.image,
      unit_price: l.unit_price,
      quantity: l.quantity,
      line_total: l.line_total,
      discount: promotions.lineDiscounts[l.sku] ?? 0,
      price_changed_from: l.price_changed_from,
    })),
    count: cart.count,
    subtotal: cart.subtotal,
    shipping_fee: shippingFee,
    discounts: wireDiscounts(promotions, locale),
    discount_total: promotions.discountTotal,
    nudge: wireNudge(promotions, locale),
    total,
    free_shipping_over: chosen?.free_over ?? null,
    shipping_methods: methods.map(({ free_over: _f, ...m }) => m),
    payment_methods: payments,
    installments: card?.available && total > 0 ? installmentPlans(offer.installments, total) : [],
    store: store ? wireStore(store, locale) : null,
    warnings: cart.warnings,
    can_order: canOrder,
  };
}
