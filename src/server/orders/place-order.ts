import { sql, type Transaction } from 'kysely';
import { CARD_PAY_TIMEOUT_MS, LOW_STOCK_AT_DEFAULT, type Locale } from '../../config.ts';
import { clearStore, readStore } from '../cart/cart-store.ts';
import type { OrderBody } from '../checkout/checkout.schemas.ts';
import { type CheckoutLine, parcelOf, readCheckoutLines } from '../checkout/checkout-cart.ts';
import type { CheckedOrder } from '../checkout/checkout-rules.ts';
import {
  baseFee,
  installmentRefusal,
  loadMethods,
  methodOff,
  paymentChoices,
  paymentOffered,
  shippingChoices,
  storeMissing,
} from '../checkout/shipping.ts';
import { ApiError } from '../common/errors.ts';
import { checkFault } from '../common/faults.ts';
import { log } from '../common/log.ts';
import { newSecret, sha256 } from '../common/tokens.ts';
import type { Deps } from '../context.ts';
import type { Database, OrderState } from '../db/schema.ts';
import { notifyNewOrder, notifyOwner, notifyShopper } from '../notify/outbox.ts';
import { countOrder } from '../ops/metrics.ts';
import { discountSnapshot, promotionsFor } from '../promotions/apply.ts';
import { couponRefused, takeUses } from '../promotions/promotion-store.ts';
import { ecpayOffer } from '../providers/ecpay/limits.ts';
import { newOrderNo } from './order-no.ts';
import { orderLink } from './order-sms.ts';
import { sumBy } from './order-state.ts';
import { PREPAID } from './order-view.ts';

const DAY_MS = 86_400_000;
/** How long an unpaid order holds its stock: a card attempt CARD_PAY_TIMEOUT_MS, ATM and store code 3 days. */
export const PAY_WINDOW_MS: Record<string, number> = {
  credit: CARD_PAY_TIMEOUT_MS,
  apple_pay: CARD_PAY_TIMEOUT_MS,
  twqr: CARD_PAY_TIMEOUT_MS,
  atm: 3 * DAY_MS,
  cvs_code: 3 * DAY_MS,
};

export interface PlaceInput {
  memberId: number | null;
  cartId: number;
  body: OrderBody;
  checked: CheckedOrder;
  locale: Locale;
}

type Trx = Transaction<Database>;

/** The answer of a placed order, written inside the order's transaction (see idempotency.ts). */
export type Settle<T> = (trx: Trx, order: { id: number; guestKey: string | undefined }) => Promise<T>;

/**
 * Turns the cart into an order in one transaction: prices from the database (a price the shopper
 * has not seen is a 409), the shipping and payment rules checked again, stock taken by one
 * conditional UPDATE per variant (a line that cannot be had is a 409 OUT_OF_STOCK and nothing is
 * kept), the order with its snapshot, lines and first timeline row; the ordered lines leave the
 * cart. `settle` runs last, in the same transaction.
 */
export async function placeOrder<T>(deps: Deps, input: PlaceInput, settle: Settle<T>): Promise<T> {
  const now = deps.clock.now();
  const { body, locale } = input;
  const offer = ecpayOffer(deps.env);
  // A method the merchant has not switched on is refused before anything is read or taken.
  if (!paymentOffered(body.payment, offer))
    throw new ApiError('PAYMENT_NOT_OFFERED', { fields: { payment: methodOff(locale) } });
  let placed: { no: string; payment: string; total: number } | undefined;
  const settled = await deps.db.kysely.transaction().execute(async (trx) => {
    // Locks the cart first: two orders of one cart (two tabs, two keys) run one after the other,
    // and the second finds the lines already ordered.
    await trx.updateTable('carts').set({ updated_at: now }).where('id', '=', input.cartId).execute();
    const lines = await readCheckoutLines(trx, input.cartId);
    if (!lines.length) throw new ApiError('CART_EMPTY');
    if (lines.some((l) => l.withdrawn_at !== null)) throw new ApiError('CART_CHANGED');
    if (lines.some((l) => l.price !== l.seen_price)) throw new ApiError('PRICE_CHANGED');
    const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);

    const method = body.shipping.method;
    const store = method === 'cvs' ? await readStore(trx, input.cartId) : undefined;
    if (method === 'cvs' && !store)
      throw new ApiError('SHIPPING_UNAVAILABLE', { params: { reason: storeMissing(locale) } });
    const shipping = shippingChoices(
      await loadMethods(trx),
      {
        subtotal,
        ...parcelOf(lines, locale),
        city: input.checked.address?.city,
        storeOutside: store ? store.outside === 1 : null,
        baseFee: await baseFee(trx),
      },
      locale,
    ).find((m) => m.code === method);
    if (!shipping?.available)
      throw new ApiError('SHIPPING_UNAVAILABLE', { params: { reason: shipping?.reason ?? methodOff(locale) } });
    // A guest's receiver phone was proven by SMS (orders.routes.ts): it names the shopper.
    const guestPhone = input.memberId === null ? body.receiver.phone : undefined;
    const promotions = await promotionsFor(trx, {
      lines,
      shippingFee: shipping.fee,
      now,
      coupon: body.coupon,
      memberId: input.memberId,
      guestPhone,
    });
    if (promotions.refused) throw couponRefused(promotions.refused.reason, locale, promotions.refused.minSpend);
    const total = subtotal + shipping.fee - promotions.discountTotal;
    const payment = paymentChoices(method, total, locale, offer).find((p) => p.code === body.payment);
    if (!payment?.available)
      throw new ApiError('PAYMENT_UNAVAILABLE', { params: { reason: payment?.reason ?? methodOff(locale) } });
    // Installments are reckoned on the total after the discounts, as the bank is asked for it.
    const installments = body.installments ?? 0;
    const refusal = installments ? installmentRefusal(body.payment, installments, total, offer, locale) : null;
    if (refusal)
      throw new ApiError('INSTALLMENTS_UNAVAILABLE', {
        params: { reason: refusal },
        fields: { installments: refusal },
      });

    await takeStock(trx, lines, locale);
    checkFault('order.after-stock');

    const guestKey = input.memberId === null ? newSecret() : undefined;
    const prepaid = PREPAID.includes(body.payment);
    const state: OrderState = prepaid ? 'awaiting_payment' : 'processing';
    const addr = input.checked.address;
    const inv = input.checked.invoice;
    const no = newOrderNo(now);
    const order = await trx
      .insertInto('orders')
      .values({
        no,
        member_id: input.memberId,
        guest_key_hash: guestKey ? sha256(guestKey) : null,
        state,
        shipping_method: method,
        payment_method: body.payment,
        subtotal,
        shipping_fee: shipping.fee,
        discount_total: promotions.discountTotal,
        shipping_discount: promotions.shippingDiscount,
        discounts: discountSnapshot(promotions),
        total,
        receiver_name: body.receiver.name,
        receiver_phone: body.receiver.phone,
        receiver_email: body.receiver.email,
        ship_zipcode: addr?.zipcode ?? '',
        ship_city: addr?.city ?? '',
        ship_area: addr?.area ?? '',
        ship_addr: addr?.addr ?? '',
        cvs_sub_type: store?.sub_type ?? '',
        cvs_store_id: store?.store_id ?? '',
        cvs_store_name: store?.store_name ?? '',
        cvs_store_address: store?.address ?? '',
        cvs_outside: store?.outside ?? 0,
        invoice_type: inv.type,
        invoice_carrier: inv.carrier,
        invoice_donation_code: inv.code,
        invoice_tax_id: inv.taxId,
        invoice_title: inv.title,
        note: body.note,
        pay_deadline: prepaid ? now + (PAY_WINDOW_MS[body.payment] ?? 0) : null,
        installments,
        locale,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLines(trx, order.id, lines, promotions.lineDiscounts);
    await takeUses(trx, promotions, { id: order.id, memberId: input.memberId, guestPhone, now, locale });
    await trx.insertInto('order_events').values({ order_id: order.id, state, note: '', at: now }).execute();
    // The mails of the new order (issue 30), written with it: the guest's link is known only now.
    await notifyShopper(trx, 'order-placed', order.id, now, {
      link: orderLink(deps.env.SITE_URL, { no, locale }, guestKey),
    });
    if (state === 'processing') await notifyNewOrder(trx, order.id, now);
    await notifyLowStock(trx, lines, order.id, deps.env.LOW_STOCK_AT ?? LOW_STOCK_AT_DEFAULT, now);
    await trx
      .deleteFrom('cart_items')
      .where(
        'id',
        'in',
        lines.map((l) => l.item_id),
      )
      .execute();
    await clearStore(trx, input.cartId);
    placed = { no, payment: body.payment, total };
    return settle(trx, { id: order.id, guestKey });
  });
  // Counted once committed: a transaction rolled back placed nothing.
  if (placed) {
    countOrder('placed', placed.payment);
    log.info(
      { event: 'order_placed', orderNo: placed.no, payment: placed.payment, total: placed.total },
      'order placed',
    );
  }
  return settled;
}

/**
 * One conditional UPDATE per variant (`stock >= n`), then the products' sums; variants and then
 * products in id order, as cancelling returns them. The first variant short ends the transaction.
 */
async function takeStock(trx: Trx, lines: CheckoutLine[], locale: Locale): Promise<void> {
  for (const [variantId, n] of sumBy(lines, (l) => l.variant_id)) {
    const taken = await trx
      .updateTable('variants')
      .set({ stock: sql`stock - ${n}` })
      .where('id', '=', variantId)
      .where('stock', '>=', n)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) continue;
    const line = lines.find((l) => l.variant_id === variantId)!;
    const now = await trx.selectFrom('variants').select('stock').where('id', '=', variantId).executeTakeFirst();
    const available = Math.max(0, now?.stock ?? 0);
    const name =
      locale === 'en' ? `${line.name_en} (${line.option_value_en})` : `${line.name_zh}（${line.option_value_zh}）`;
    throw new ApiError('OUT_OF_STOCK', {
      params: { available },
      fields: {
        [`lines.${line.sku}`]:
          locale === 'en' ? `${name}: only ${available} left.` : `${name}：庫存只剩 ${available} 件。`,
      },
    });
  }
  for (const [productId, n] of sumBy(lines, (l) => l.product_id)) {
    await trx
      .updateTable('products')
      .set({ stock: sql`stock - ${n}` })
      .where('id', '=', productId)
      .execute();
  }
}

/**
 * The owner hears of each variant this order took to `at` or below from above it: once per
 * crossing (the order that crossed is in the event's key; stock given back and taken again crosses again).
 */
async function notifyLowStock(trx: Trx, lines: CheckoutLine[], orderId: number, at: number, now: number) {
  for (const [variantId, n] of sumBy(lines, (l) => l.variant_id)) {
    const v = await trx.selectFrom('variants').select(['stock', 'sku']).where('id', '=', variantId).executeTakeFirst();
    if (!v || v.stock > at || v.stock + n <= at) continue;
    const line = lines.find((l) => l.variant_id === variantId)!;
    await notifyOwner(trx, 'owner-low-stock', `variant:${variantId}:order:${orderId}`, {
      payload: {
        sku: v.sku,
        stock: v.stock,
        at,
        name_zh: `${line.name_zh}（${line.option_value_zh}）`,
        name_en: `${line.name_en} (${line.option_value_en})`,
      },
      now,
    });
  }
}

async function writeLines(
  trx: Trx,
  orderId: number,
  lines: CheckoutLine[],
  discounts: Record<string, number>,
): Promise<void> {
  const images = await trx
    .selectFrom('product_images')
    .select(['product_id', 'src'])
    .where(
      'product_id',
      'in',
      lines.map((l) => l.product_id),
    )
    .orderBy('product_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const first = new Map<number, string>();
  for (const i of images) if (!first.has(i.product_id)) first.set(i.product_id, i.src);
  await trx
    .insertInto('order_lines')
    .values(
      lines.map((l) => ({
        order_id: orderId,
        variant_id: l.variant_id,
        sku: l.sku,
        product_slug: l.product_slug,
        brand_slug: l.brand_slug,
        name_zh: l.name_zh,
        name_en: l.name_en,
        option_name_zh: l.option_name_zh,
        option_name_en: l.option_name_en,
        option_value_zh: l.option_value_zh,
        option_value_en: l.option_value_en,
        image_src: first.get(l.product_id) ?? '',
        unit_price: l.price,
        compare_at_price: l.compare_at_price,
        quantity: l.quantity,
        line_total: l.price * l.quantity,
        discount: discounts[l.sku] ?? 0,
      })),
    )
    .execute();
}
