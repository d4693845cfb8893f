import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestShop } from '../../helpers/test-app.ts';
import { expectFailure } from '../../helpers/wire-asserts.ts';
import { freshPhone, LEGACY, loginToken, outbox } from '../accounts/users-helpers.ts';
import { cartOf, pickVariants, type TestVariant } from '../cart/cart-helpers.ts';
import { createLineShop, freshLineName, signInWithLine } from '../line/line-helpers.ts';
import { type Buyer, memberBuyer, order, orderBody, phoneProof } from './orders-helpers.ts';

// Issue 38, defect 3: a member without a verified mobile ordered to any number, cash on delivery
// included, and the shop texted that number. Such a member now proves the receiver's mobile as a guest does.

let shop: TestShop & { origin: string };
let variant: TestVariant;
beforeAll(async () => {
  shop = await createLineShop({}, { seeded: true });
  [variant] = (await pickVariants(shop, 1, 500)) as [TestVariant];
});
afterAll(() => shop.close());

/** A member made from a LINE account (no phone at all), with one item in the cart. */
async function lineMember(): Promise<string> {
  const { token } = await signInWithLine(shop, freshLineName());
  expect(token).toBeTruthy();
  const member = await shop.call('GET', '/api/users/info', { token });
  expect(member.json.result).toMatchObject({ phone: '', phone_verify: false });
  expect((await cartOf(shop, { token }).add(variant.sku, 1)).status).toBe(200);
  return token!;
}

/** The seeded legacy member (a phone never verified), with one item in the cart. */
async function legacyMember(): Promise<string> {
  const token = await loginToken(shop, LEGACY.email, LEGACY.password);
  const member = await shop.call('GET', '/api/users/info', { token });
  expect(member.json.result).toMatchObject({ phone: LEGACY.phone, phone_verify: false });
  expect((await cartOf(shop, { token }).add(variant.sku, 1)).status).toBe(200);
  return token;
}

const codBody = (phone: string) => {
  const base = orderBody({ payment: 'cod' });
  return { ...base, receiver: { ...base.receiver, phone } };
};

const ordersOf = async (token: string) => {
  const info = await shop.call('GET', '/api/users/info', { token });
  return shop.deps.db.kysely
    .selectFrom('orders')
    .select(['no', 'receiver_phone'])
    .where('member_id', '=', info.json.result.id)
    .execute();
};

describe('a member without a verified mobile', () => {
  for (const [kind, member] of [
    ['LINE-only', lineMember],
    ['legacy, phone unverified', legacyMember],
  ] as const) {
    it(`${kind}: a cash-on-delivery order to a stranger's number is refused without a proof, nothing texted`, async () => {
      const token = await member();
      const stranger = freshPhone();
      const zh = await order(shop, { token, phone: stranger }, codBody(stranger));
      expectFailure(zh, 403, 'MEMBER_PHONE_UNVERIFIED');
      expect(zh.json.message).toContain('手機號碼尚未驗證');
      const en = await order(shop, { token, phone: stranger }, codBody(stranger), { lang: 'en' });
      expectFailure(en, 403, 'MEMBER_PHONE_UNVERIFIED');
      expect(en.json.message).toBe('Your mobile number is not verified yet. Verify it, then place the order.');
      expect(await ordersOf(token)).toEqual([]);
      expect(await outbox(shop, stranger)).toEqual([]);
    });

    it(`${kind}: a proof of another number is refused; the receiver's own proof places the order`, async () => {
      const token = await member();
      const receiver = freshPhone();
      const other = await phoneProof(shop, freshPhone());
      expectFailure(
        await order(shop, { token, phone: receiver, proof: other }, codBody(receiver)),
        403,
        'PHONE_PROOF_MISMATCH',
      );
      expectFailure(
        await order(shop, { token, phone: receiver, proof: 'B'.repeat(22) }, codBody(receiver)),
        403,
        'MEMBER_PHONE_UNVERIFIED',
      );
      expect(await ordersOf(token)).toEqual([]);
      const proof = await phoneProof(shop, receiver);
      const r = await order(shop, { token, phone: receiver, proof }, codBody(receiver));
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      expect(await ordersOf(token)).toEqual([{ no: r.json.result.no, receiver_phone: receiver }]);
    });
  }

  it('once the member verifies the phone, ordering needs no proof (as for every verified member)', async () => {
    const buyer: Buyer = await memberBuyer(shop, [[variant, 1]]);
    const other = freshPhone();
    const r = await order(shop, buyer, codBody(other));
    expect(r.status, JSON.stringify(r.json)).toBe(201);
  });
});
