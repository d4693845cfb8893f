import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFailure, okResult } from '../../helpers/wire-asserts.ts';
import { freshPhone, registerMember } from '../accounts/users-helpers.ts';
import { cartOf, type TestVariant, variantPriced } from '../cart/cart-helpers.ts';
import { type Buyer, bodyFor, order, phoneProof, quote } from '../orders/orders-helpers.ts';
import { newCode, usedOf } from './promotions-helpers.ts';

/** A once-per-member code is once per person: the member, their verified phone, and guests proving it. */
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true, promotions: true });
});
afterAll(() => shop.close());

const HOME = { shipping: { method: 'home', city: '臺北市' } };
const couponError = (r: { status: number; json: { errors?: Record<string, string> } }) => {
  expectFailure(r, 422, 'COUPON_REFUSED');
  return r.json.errors?.coupon ?? '';
};

/** A guest with `v` in a new cart, proving `phone` by SMS (or with a proof of it still good). */
async function guestWith(v: TestVariant, phone: string, proof?: string): Promise<Buyer> {
  const cart = okResult(await cartOf(shop, {}).add(v.sku, 1));
  return { cartToken: cart.cart_token, phone, proof: proof ?? (await phoneProof(shop, phone)) };
}

describe('a once-per-member code', () => {
  it('is refused to a guest proving the phone of a member who used it (the demo anniversary code too)', async () => {
    const v = await variantPriced(shop, 3_000, 6_000);
    const member = await registerMember(shop);
    const buyer = { token: member.token, phone: member.phone };
    okResult(await cartOf(shop, { token: member.token }).add(v.sku, 1));
    expect((await order(shop, buyer, bodyFor(buyer, { coupon: 'ANNIV2026' }))).status).toBe(201);

    const guest = await guestWith(v, member.phone);
    expect(couponError(await quote(shop, guest, { ...HOME, coupon: 'ANNIV2026' }))).toContain('您已用過');
    expect(couponError(await order(shop, guest, bodyFor(guest, { coupon: 'ANNIV2026' }), { lang: 'en' }))).toBe(
      'You have already used this code as many times as it allows.',
    );
    // Without the code the guest may still order.
    expect((await order(shop, guest, bodyFor(guest))).status).toBe(201);
  });

  it('is refused to a guest the second time with the same proven phone, in the quote and the order', async () => {
    const v = await variantPriced(shop, 1_000, 2_000);
    const code = await newCode(shop, { off: '60', perMember: '1' });
    const phone = freshPhone();
    const first = await guestWith(v, phone);
    expect((await order(shop, first, bodyFor(first, { coupon: code }))).status).toBe(201);
    const second = await guestWith(v, phone, first.proof);
    expect(couponError(await quote(shop, second, { ...HOME, coupon: code }))).toContain('您已用過');
    expect(couponError(await order(shop, second, bodyFor(second, { coupon: code })))).toContain('您已用過');
    expect(await usedOf(shop, code)).toBe(1);
    // Another number is another shopper.
    const other = await guestWith(v, freshPhone());
    expect((await order(shop, other, bodyFor(other, { coupon: code }))).status).toBe(201);
  });

  it('is refused to the member owning a phone a guest used it with', async () => {
    const v = await variantPriced(shop, 1_000, 2_000);
    const code = await newCode(shop, { off: '40', perMember: '1' });
    const phone = freshPhone();
    const guest = await guestWith(v, phone);
    expect((await order(shop, guest, bodyFor(guest, { coupon: code }))).status).toBe(201);
    const member = await registerMember(shop, { phone });
    const buyer = { token: member.token, phone };
    okResult(await cartOf(shop, { token: member.token }).add(v.sku, 1));
    expect(couponError(await quote(shop, buyer, { ...HOME, coupon: code }))).toContain('您已用過');
    expect(couponError(await order(shop, buyer, bodyFor(buyer, { coupon: code })))).toContain('您已用過');
  });

  it('still counts a member by account, not by the receiver phone they type', async () => {
    const v = await variantPriced(shop, 1_000, 2_000);
    const code = await newCode(shop, { off: '30', perMember: '1' });
    const a = await registerMember(shop);
    const buyer = { token: a.token, phone: a.phone };
    okResult(await cartOf(shop, { token: a.token }).add(v.sku, 1));
    // A member ordering for someone else does not use up that person's code.
    const elsewhere = freshPhone();
    expect(
      (
        await order(
          shop,
          buyer,
          bodyFor(buyer, { coupon: code, receiver: { name: '王小明', phone: elsewhere, email: 'demo@soundwood.tw' } }),
        )
      ).status,
    ).toBe(201);
    okResult(await cartOf(shop, { token: a.token }).add(v.sku, 1));
    expect(couponError(await order(shop, buyer, bodyFor(buyer, { coupon: code })))).toContain('您已用過');
    const guest = await guestWith(v, elsewhere);
    expect((await order(shop, guest, bodyFor(guest, { coupon: code }))).status).toBe(201);
  });
});
