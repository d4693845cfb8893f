import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { armFault } from '../../../src/server/common/faults.ts';
import { agreeToAllowance } from '../../../src/server/providers/invoice/simulator-allowance.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { signIn, staffMember, type TestStaff } from '../admin/admin-helpers.ts';
import { createPaymentShop } from '../payment/payment-helpers.ts';
import { askReturn, BANK, type DeliveredOrder, deliveredOrder } from './returns-helpers.ts';

/** The e-invoice side of a refund: one allowance however many clicks, voided when the refund is cancelled. */

let shop: TestShop & { origin: string };
let owner: TestStaff;
let staff: TestStaff;
beforeAll(async () => {
  shop = await createPaymentShop();
  owner = await staffMember(shop, 'owner', '王店主');
  staff = await staffMember(shop, 'staff', '林小幫');
});
afterAll(() => shop.close());
afterEach(() => {
  armFault('invoice.allowance.down', 0);
  armFault('ecpay.refund.down', 0);
});

const HOUR = 3_600_000;
async function signInAgain() {
  owner.token = await signIn(shop, owner);
  staff.token = await signIn(shop, staff);
}
const admin = (method: string, path: string, who: TestStaff, body?: unknown, lang?: string) =>
  shop.call(method, `/api/admin${path}`, { token: who.token, body, lang });

/** A card order of two lines delivered, the second line asked back, approved and received: a partial return. */
async function receivedPartial(): Promise<{ o: DeliveredOrder; id: number; amount: number }> {
  const o = await deliveredOrder(shop, { payment: 'credit', second: 1, member: true });
  const id = (await askReturn(shop, o, { lines: [{ sku: o.skus[1], quantity: 1 }] })).json.result.id;
  await admin('POST', `/returns/${id}/approve`, staff, { method: 'shop' });
  const got = await admin('POST', `/returns/${id}/receive`, staff, {
    lines: [{ sku: o.skus[1], received_quantity: 1 }],
  });
  return { o, id, amount: got.json.result.refund.amount };
}

/** The allowances the invoice simulator holds for order `orderId`'s invoice. */
const allowancesOf = async (orderId: number) => {
  const k = shop.deps.db.kysely;
  const { invoice_no } = await k
    .selectFrom('orders')
    .select('invoice_no')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return k
    .selectFrom('sim_invoice_allowances')
    .select(['allow_no', 'amount', 'data', 'voided_at', 'void_reason'])
    .where('invoice_no', '=', invoice_no ?? '')
    .execute();
};

describe('the allowance of a partial return', () => {
  it('is issued once when the refund is clicked again at once by many, after the allowance service failed', async () => {
    const { o, id, amount } = await receivedPartial();
    shop.clock.advance(9 * HOUR);
    await signInAgain();
    armFault('invoice.allowance.down', 2);
    const first = await admin('POST', `/returns/${id}/refund`, owner);
    expect(first.json.result).toMatchObject({ state: 'refunded', refund: { state: 'sent', amount } });
    expect(await allowancesOf(o.id)).toEqual([]);
    armFault('invoice.allowance.down', 0);
    const clicks = await Promise.all(Array.from({ length: 10 }, () => admin('POST', `/returns/${id}/refund`, owner)));
    expect(clicks.map((c) => c.status)).toEqual(Array(10).fill(200));
    const allowances = await allowancesOf(o.id);
    expect(allowances).toEqual([expect.objectContaining({ amount, voided_at: null })]);
    const view = await admin('GET', `/returns/${id}`, owner);
    expect(view.json.result).toMatchObject({
      state: 'closed',
      invoice: { action: 'allowance', allowance_no: allowances[0]!.allow_no },
    });
  });
});

const refunds = (method: string, path: string, who: TestStaff, body?: unknown, lang?: string) =>
  admin(method, `/refunds${path}`, who, body, lang);
const refundIdOf = async (returnId: number) =>
  (
    await shop.deps.db.kysely
      .selectFrom('refunds')
      .select('id')
      .where('return_id', '=', returnId)
      .executeTakeFirstOrThrow()
  ).id;
const closesOf = async (orderId: number) => {
  const row = await shop.deps.db.kysely
    .selectFrom('sim_ecpay_credit as c')
    .innerJoin('payment_attempts as a', 'a.merchant_trade_no', 'c.merchant_trade_no')
    .select(['c.status', 'c.close_data'])
    .where('a.order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return { status: row.status, closes: JSON.parse(row.close_data) as { amount: number }[] };
};

describe('the owner cancels a refund that was not sent', () => {
  it('before the daily close: the allowance issued, the card refund refused; cancelled, its allowance voided with AllowanceInvalid', async () => {
    await signInAgain();
    const { o, id, amount } = await receivedPartial();
    const tried = await admin('POST', `/returns/${id}/refund`, owner, undefined, 'en');
    expect(tried.json.result).toMatchObject({ state: 'received', refund: { state: 'failed', amount } });
    expect(tried.json.result.refund.reason).toContain('部分退款');
    const [issued] = await allowancesOf(o.id);
    expect(issued).toMatchObject({ amount, voided_at: null });
    expect(tried.json.result.invoice).toEqual({ action: 'allowance', allowance_no: issued!.allow_no });
    const refundId = await refundIdOf(id);

    expect((await refunds('POST', `/${refundId}/cancel`, staff, { reason: '改為換貨' })).status).toBe(403);
    const bare = await refunds('POST', `/${refundId}/cancel`, owner, {}, 'en');
    expect(bare.status).toBe(400);
    expect(bare.json.errors.reason).toBe('This field is required.');
    const cancelled = await refunds('POST', `/${refundId}/cancel`, owner, { reason: '改為換貨' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.result).toMatchObject({
      id: refundId,
      order_no: o.no,
      state: 'cancelled',
      reason: '改為換貨',
      allowance_no: issued!.allow_no,
      allowance_voided: true,
      allowance_settled: true,
    });
    expect(await allowancesOf(o.id)).toEqual([
      expect.objectContaining({ allow_no: issued!.allow_no, voided_at: expect.any(Number), void_reason: '退款取消' }),
    ]);
    // Nothing was given back at ECPay.
    expect((await closesOf(o.id)).closes.filter((c) => c.amount < 0)).toEqual([]);
    const view = await admin('GET', `/returns/${id}`, owner);
    expect(view.json.result).toMatchObject({
      state: 'closed',
      refund: { state: 'cancelled', reason: '改為換貨' },
      invoice: { action: 'allowance', allowance_no: issued!.allow_no, voided: true },
    });
    const shopper = await shop.call('GET', `/api/orders/${o.no}/returns`, { token: o.token });
    expect(shopper.json.result.data[0].refund).toMatchObject({ state: 'cancelled' });

    // Again: nothing more is voided; the refund cannot be sent any more.
    const again = await refunds('POST', `/${refundId}/cancel`, owner, { reason: '改為換貨' });
    expect(again.json.result).toMatchObject({ state: 'cancelled', allowance_voided: true });
    const send = await admin('POST', `/returns/${id}/refund`, owner, undefined, 'en');
    expect(send.status).toBe(409);
    expect(send.json.message).toContain(`Refund #${refundId} was cancelled.`);
    expect((await refunds('POST', `/${refundId}/send`, owner, undefined)).status).toBe(409);
    const audit = await shop.deps.db.kysely
      .selectFrom('admin_audit')
      .select(['action', 'ok', 'detail'])
      .where('order_no', '=', o.no)
      .where('action', '=', 'refund-cancel')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.ok)).toEqual([1, 1]);
    expect(audit[0]!.detail).toContain('改為換貨');
    const listed = await refunds('GET', '?state=cancelled&limit=100', owner);
    expect(listed.json.result.data.map((r: { id: number }) => r.id)).toContain(refundId);
  });

  it('the allowance service down: cancelled, the void tried again by cancelling again', async () => {
    await signInAgain();
    const { o, id } = await receivedPartial();
    await admin('POST', `/returns/${id}/refund`, owner);
    const refundId = await refundIdOf(id);
    armFault('invoice.allowance.down', 1);
    const first = await refunds('POST', `/${refundId}/cancel`, owner, { reason: '顧客改變心意' });
    expect(first.json.result).toMatchObject({ state: 'cancelled', allowance_voided: false, allowance_settled: false });
    expect((await allowancesOf(o.id))[0]!.voided_at).toBeNull();
    const second = await refunds('POST', `/${refundId}/cancel`, owner, { reason: '顧客改變心意' });
    expect(second.json.result).toMatchObject({ state: 'cancelled', allowance_voided: true, allowance_settled: true });
    expect((await allowancesOf(o.id))[0]!.voided_at).not.toBeNull();
  });

  it('a sent refund is not cancelled (409 in the caller’s language)', async () => {
    await signInAgain();
    const { o, id } = await receivedPartial();
    shop.clock.advance(24 * HOUR);
    await signInAgain();
    expect((await admin('POST', `/returns/${id}/refund`, owner)).json.result.state).toBe('closed');
    const refundId = await refundIdOf(id);
    const refused = await refunds('POST', `/${refundId}/cancel`, owner, { reason: '打錯了' }, 'en');
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain(`Refund #${refundId} was sent: it cannot be cancelled.`);
    expect((await allowancesOf(o.id))[0]!.voided_at).toBeNull();
    expect((await refunds('POST', '/999999/cancel', owner, { reason: 'x' })).status).toBe(404);
  });
});

describe('INVOICE_ALLOWANCE_ONLINE=1: the buyer agrees to the allowance online (AllowanceByCollegiate)', () => {
  afterEach(() => {
    shop.deps.env.INVOICE_ALLOWANCE_ONLINE = '0';
  });
  const pendingOf = allowancesOf;

  it('asks the buyer by mail; the allowance number arrives with ECPay’s signed notice when the buyer agrees', async () => {
    await signInAgain();
    const { o, id, amount } = await receivedPartial();
    shop.clock.advance(24 * HOUR);
    await signInAgain();
    shop.deps.env.INVOICE_ALLOWANCE_ONLINE = '1';
    const sent = await admin('POST', `/returns/${id}/refund`, owner);
    expect(sent.json.result).toMatchObject({
      state: 'closed',
      refund: { state: 'sent', amount },
      invoice: { action: 'allowance', awaiting_buyer: true },
    });
    const [waiting] = await pendingOf(o.id);
    expect(waiting).toMatchObject({ amount, voided_at: null });
    expect(JSON.parse(waiting!.data)).toMatchObject({
      pending: true,
      AllowanceNotify: 'E',
      ReturnURL: `${shop.origin}/api/returns/ecpay/allowance-notify?return=${id}`,
    });
    // Clicked again: not asked twice.
    await admin('POST', `/returns/${id}/refund`, owner);
    expect(await pendingOf(o.id)).toHaveLength(1);

    expect(await agreeToAllowance(shop.deps, waiting!.allow_no)).toBe(true);
    const view = await admin('GET', `/returns/${id}`, owner);
    expect(view.json.result.invoice).toEqual({ action: 'allowance', allowance_no: waiting!.allow_no });
    const shopper = await shop.call('GET', `/api/orders/${o.no}/returns`, { token: o.token });
    expect(shopper.json.result.data[0].invoice).toEqual(view.json.result.invoice);
  });

  it('a notice not signed by ECPay is refused and records nothing', async () => {
    await signInAgain();
    const { o, id } = await receivedPartial();
    shop.clock.advance(24 * HOUR);
    await signInAgain();
    shop.deps.env.INVOICE_ALLOWANCE_ONLINE = '1';
    await admin('POST', `/returns/${id}/refund`, owner);
    const [waiting] = await pendingOf(o.id);
    const { invoice_no } = await shop.deps.db.kysely
      .selectFrom('orders')
      .select('invoice_no')
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    const forged = await shop.app.request(`/api/returns/ecpay/allowance-notify?return=${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        RtnCode: '1',
        RtnMsg: '開立折讓成功',
        IA_Allow_No: waiting!.allow_no,
        IA_Invoice_No: invoice_no ?? '',
        IA_Date: '2026-01-01 10:00:00',
        IIS_Remain_Allowance_Amt: '0',
        CheckMacValue: '0'.repeat(32),
      }).toString(),
    });
    expect(forged.status).toBe(400);
    expect((await admin('GET', `/returns/${id}`, owner)).json.result.invoice).toEqual({
      action: 'allowance',
      awaiting_buyer: true,
    });
  });

  it('the refund cancelled while the buyer has not agreed: the allowance the buyer agrees to later is voided at once', async () => {
    await signInAgain();
    const { o, id } = await receivedPartial();
    shop.deps.env.INVOICE_ALLOWANCE_ONLINE = '1';
    const tried = await admin('POST', `/returns/${id}/refund`, owner);
    expect(tried.json.result).toMatchObject({ refund: { state: 'failed' }, invoice: { awaiting_buyer: true } });
    const refundId = await refundIdOf(id);
    const cancelled = await refunds('POST', `/${refundId}/cancel`, owner, { reason: '改為換貨' });
    expect(cancelled.json.result).toMatchObject({ state: 'cancelled', allowance_settled: true });
    const [waiting] = await pendingOf(o.id);
    expect(await agreeToAllowance(shop.deps, waiting!.allow_no)).toBe(true);
    expect((await pendingOf(o.id))[0]!.voided_at).not.toBeNull();
    expect((await admin('GET', `/returns/${id}`, owner)).json.result.invoice).toEqual({
      action: 'allowance',
      allowance_no: waiting!.allow_no,
      voided: true,
    });
  });
});

describe('a transfer refund of a partial return', () => {
  it('clicked without the transfer’s reference: refused, and no allowance is issued until it is done', async () => {
    await signInAgain();
    const o = await deliveredOrder(shop, { payment: 'cod', second: 1 });
    const id = (await askReturn(shop, o, { lines: [{ sku: o.skus[1], quantity: 1 }], bank: BANK })).json.result.id;
    await admin('POST', `/returns/${id}/approve`, staff, { method: 'shop' });
    await admin('POST', `/returns/${id}/receive`, staff, { lines: [{ sku: o.skus[1], received_quantity: 1 }] });
    const bare = await admin('POST', `/returns/${id}/refund`, owner, undefined, 'en');
    expect(bare.status).toBe(409);
    expect(bare.json.message).toContain('reference');
    expect(await allowancesOf(o.id)).toEqual([]);
    const done = await admin('POST', `/returns/${id}/refund`, owner, { reference: '國泰 0611-002' });
    expect(done.json.result).toMatchObject({ state: 'closed', refund: { state: 'sent' } });
    expect(await allowancesOf(o.id)).toHaveLength(1);
  });
});

describe('npm run orders -- returns cancel-refund', () => {
  it('cancels the return’s refund through the same service, audited as the terminal', async () => {
    const { returnsCommand } = await import('../../../scripts/lib/returns-tool.ts');
    await signInAgain();
    const { o, id } = await receivedPartial();
    await admin('POST', `/returns/${id}/refund`, owner);
    const actor = { staffId: null, who: 'owner (terminal)', ip: 'terminal' };
    await expect(returnsCommand(shop.deps, actor, { sub: 'cancel-refund', id: String(id) })).rejects.toThrow(
      /--reason/,
    );
    await returnsCommand(shop.deps, actor, { sub: 'cancel-refund', id: String(id), reason: '改為換貨' });
    const view = await admin('GET', `/returns/${id}`, owner);
    expect(view.json.result).toMatchObject({
      state: 'closed',
      refund: { state: 'cancelled' },
      invoice: { voided: true },
    });
    expect((await allowancesOf(o.id))[0]!.voided_at).not.toBeNull();
    const audit = await shop.deps.db.kysely
      .selectFrom('admin_audit')
      .select(['action', 'who', 'ok'])
      .where('order_no', '=', o.no)
      .where('action', '=', 'refund-cancel')
      .execute();
    expect(audit).toEqual([{ action: 'refund-cancel', who: 'owner (terminal)', ok: 1 }]);
  });
});
