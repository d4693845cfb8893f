import { expect } from 'vitest';
import { invoiceWorkSettled } from '../../../src/server/payment/invoicing.ts';
import { advanceParcel } from '../../../src/server/providers/logistics/simulator-express.ts';
import { createShipment, shipmentTradeNo } from '../../../src/server/shipping/ship.ts';
import { formsOf, postForm as postPage } from '../../helpers/html-forms.ts';
import { type FixtureOrder, placeFixtureOrder } from '../../helpers/order-fixture.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { registerMember } from '../accounts/users-helpers.ts';
import { startAttempt } from '../payment/payment-helpers.ts';

export const DAY = 86_400_000;

export interface DeliveredOrder extends FixtureOrder {
  /** The member's token when the order is a member's. */
  token?: string;
  skus: string[];
}

/**
 * An order delivered to the shopper through the real path: booked with the logistics simulator
 * (home delivery), its status notices sent until delivered (the return period starts then).
 * `second` adds another line of a different variant (quantity `second`) before it ships.
 */
export async function deliveredOrder(
  shop: TestShop,
  opts: {
    payment: 'credit' | 'atm' | 'cod';
    quantity?: number;
    second?: number;
    member?: boolean;
    locale?: 'zh-TW' | 'en';
    /** A card order paid in this many installments (the merchant's contract must list it). */
    installments?: number;
    /** A card order paid with bonus points (the merchant's contract must have ECPAY_REDEEM=1). */
    redeem?: boolean;
  },
): Promise<DeliveredOrder> {
  const o = await placeFixtureOrder(shop, { payment: opts.payment, locale: opts.locale });
  const k = shop.deps.db.kysely;
  if (opts.installments)
    await k.updateTable('orders').set({ installments: opts.installments }).where('id', '=', o.id).execute();
  if (opts.quantity && opts.quantity !== 1) await setQuantity(shop, o.id, opts.quantity);
  const skus = [
    (await k.selectFrom('order_lines').select('sku').where('order_id', '=', o.id).executeTakeFirstOrThrow()).sku,
  ];
  if (opts.second) skus.push(await addLine(shop, o.id, opts.second));
  if (opts.payment === 'credit') await payByCard(shop, o, opts.redeem);
  else if (opts.payment === 'atm') {
    const now = shop.clock.now();
    await k
      .updateTable('orders')
      .set({ state: 'paid', paid_at: now, pay_deadline: null })
      .where('id', '=', o.id)
      .execute();
    await k.insertInto('order_events').values({ order_id: o.id, state: 'paid', note: '', at: now }).execute();
  }
  let token: string | undefined;
  if (opts.member) {
    const m = await registerMember(shop);
    token = m.token;
    const member = await k.selectFrom('members').select('id').where('phone', '=', m.phone).executeTakeFirstOrThrow();
    await k.updateTable('orders').set({ member_id: member.id, guest_key_hash: null }).where('id', '=', o.id).execute();
  }
  await createShipment(shop.deps, o.no);
  await advanceParcel(shop.deps, shipmentTradeNo(o.no), 'delivered');
  await invoiceWorkSettled();
  const row = await k.selectFrom('orders').select(['state', 'total']).where('id', '=', o.id).executeTakeFirstOrThrow();
  expect(row.state).toBe('completed');
  return { ...o, total: row.total, skus, ...(token ? { token } : {}) };
}

const path = (url: string) => new URL(url, 'http://shop.test').pathname;

/** Pays a guest's card order through the cashier simulator with its success card. */
export async function payByCard(shop: TestShop, o: FixtureOrder, redeem = false) {
  const start = await startAttempt(shop, o.no, o.guestKey);
  const { action, fields } = start.json.result;
  const page = await postPage(shop.app, path(action), fields);
  const card = formsOf(page.html).find((f) => f.action.endsWith('/card'))!;
  const paid = await postPage(shop.app, path(card.action), {
    ...card.fields,
    cardNumber: '4311-9522-2222-2222',
    expiry: '12/30',
    cvc: '123',
    ...(redeem ? { redeem: '1' } : {}),
  });
  expect(paid.html).toContain('1|OK');
}

async function setQuantity(shop: TestShop, orderId: number, quantity: number) {
  const k = shop.deps.db.kysely;
  const l = await k.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  await k
    .updateTable('order_lines')
    .set({ quantity, line_total: l.unit_price * quantity })
    .where('id', '=', l.id)
    .execute();
  await totals(shop, orderId);
}

/** Adds a line of another in-stock variant to the order (its subtotal and total follow). */
async function addLine(shop: TestShop, orderId: number, quantity: number): Promise<string> {
  const k = shop.deps.db.kysely;
  const taken = await k.selectFrom('order_lines').select('variant_id').where('order_id', '=', orderId).execute();
  const v = await k
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .select(['v.id', 'v.sku', 'v.price', 'p.slug', 'b.slug as brand_slug', 'p.name_zh', 'p.name_en'])
    .where(
      'v.id',
      'not in',
      taken.map((t) => t.variant_id),
    )
    .where('v.price', '<', 3000)
    .orderBy('v.id')
    .offset(orderId % 50)
    .limit(1)
    .executeTakeFirstOrThrow();
  await k
    .insertInto('order_lines')
    .values({
      order_id: orderId,
      variant_id: v.id,
      sku: v.sku,
      product_slug: v.slug,
      brand_slug: v.brand_slug,
      name_zh: v.name_zh,
      name_en: v.name_en,
      unit_price: v.price,
      quantity,
      line_total: v.price * quantity,
    })
    .execute();
  await totals(shop, orderId);
  return v.sku;
}

async function totals(shop: TestShop, orderId: number) {
  const k = shop.deps.db.kysely;
  const lines = await k.selectFrom('order_lines').select('line_total').where('order_id', '=', orderId).execute();
  const o = await k.selectFrom('orders').select(['shipping_fee']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const subtotal = lines.reduce((s, l) => s + l.line_total, 0);
  await k
    .updateTable('orders')
    .set({ subtotal, total: subtotal + o.shipping_fee })
    .where('id', '=', orderId)
    .execute();
}

/** Who may call an order's routes: its member's token, or its guest key. */
export const callerOf = (o: DeliveredOrder) =>
  o.token ? { token: o.token } : { headers: { 'x-order-key': o.guestKey } };

export function askReturn(shop: TestShop, o: DeliveredOrder, body: unknown, lang?: string) {
  return shop.call('POST', `/api/orders/${o.no}/returns`, { body, lang, ...callerOf(o) });
}

export const BANK = { code: '812', account: '1234-5678-9012', holder: '陳大文' };

export async function countReturns(shop: TestShop, orderId: number) {
  const r = await shop.deps.db.kysely
    .selectFrom('returns')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
