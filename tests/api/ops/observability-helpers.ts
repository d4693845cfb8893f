import { expect } from 'vitest';
import { invoiceWorkSettled } from '../../../src/server/payment/invoicing.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { pickVariants } from '../cart/cart-helpers.ts';
import { bodyFor, guestBuyer, order } from '../orders/orders-helpers.ts';
import { NOTIFY, paidNotice, postForm, startAttempt } from '../payment/payment-helpers.ts';

/**
 * A guest's purchase as the shop sees it: a cart, the phone confirmed by code, POST /api/orders by
 * card, the cashier form, and ECPay's signed paid notice. Returns what the guest was given (secrets
 * that must never reach a log) and the notice (to send again).
 */
export async function scriptedPurchase(shop: TestShop) {
  const [v] = await pickVariants(shop, 1);
  const buyer = await guestBuyer(shop, [[v!, 1]]);
  const placed = await order(shop, buyer, bodyFor(buyer, { payment: 'credit' }));
  expect(placed.status).toBe(201);
  const { no, total, guest_key: guestKey } = placed.json.result;
  const attempt = await startAttempt(shop, no, guestKey);
  expect(attempt.status).toBe(200);
  const notice = paidNotice(shop, attempt.json.result.fields.MerchantTradeNo, total);
  expect((await postForm(shop, NOTIFY, notice)).text).toBe('1|OK');
  await invoiceWorkSettled();
  return { no: no as string, notice, secrets: [buyer.cartToken!, buyer.proof!, buyer.phone, guestKey as string] };
}
