import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { armFault } from '../../../src/server/common/faults.ts';
import { placeFixtureOrder } from '../../helpers/order-fixture.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { signIn, staffMember, type TestStaff } from '../admin/admin-helpers.ts';
import { createPaymentShop } from '../payment/payment-helpers.ts';
import { stockOf } from '../shipping/shipping-helpers.ts';
import { askReturn, BANK, callerOf, deliveredOrder, payByCard } from './returns-helpers.ts';

let shop: TestShop & { origin: string };
let owner: TestStaff;
let staff: TestStaff;
beforeAll(async () => {
  shop = await createPaymentShop();
  owner = await staffMember(shop, 'owner', '王店主');
  staff = await staffMember(shop, 'staff', '林小幫');
});
afterAll(() => shop.close());
afterEach(() => armFault('ecpay.refund.down', 0));

const HOUR = 3_600_000;
/** After the clock moved past the sign-ins' idle limit. */
async function signInAgain() {
  owner.token = await signIn(shop, owner);
  staff.token = await signIn(shop, staff);
}
const admin = (method: string, path: string, who: TestStaff, body?: unknown, lang?: string) =>
  shop.call(method, `/api/admin/returns${path}`, { token: who.token, body, lang });

const auditOf = (no: string) =>
  shop.deps.db.kysely
    .selectFrom('admin_audit')
    .select(['action', 'who', 'ok'])
    .where('order_no', '=', no)
    .orderBy('id')
    .execute();

const creditOf = (no: string) =>
  shop.deps.db.kysely
    .selectFrom('sim_ecpay_credit as c')
    .innerJoin('payment_attempts as a', 'a.merchant_trade_no', 'c.merchant_trade_no')
    .innerJoin('orders as o', 'o.id', 'a.order_id')
    .select(['c.status', 'c.close_data'])
    .where('o.no', '=', no)
    .executeTakeFirstOrThrow();

describe('a transfer refund: a guest’s cash-on-delivery order', () => {
  it('requested → approved → received (damaged kept off sale) → refunded by the owner with a reference → closed', async () => {
    const o = await deliveredOrder(shop, { payment: 'cod', quantity: 2 });
    const asked = await askReturn(shop, o, {
      lines: [{ sku: o.skus[0], quantity: 2 }],
      bank: BANK,
      reason: 'defective',
    });
    const id = asked.json.result.id;
    const list = await admin('GET', '?state=requested&limit=100', staff);
    expect(Object.keys(list.json.result).sort()).toEqual(['current', 'data', 'limit', 'page_count', 'total']);
    expect(list.json.result.data.map((r: { id: number }) => r.id)).toContain(id);
    const preview = await admin('GET', `/${id}`, staff);
    expect(preview.json.result).toMatchObject({
      order_no: o.no,
      state: 'requested',
      bank: { account: '********9012' },
      computation: { preview: true, whole: true, amount: o.total },
    });

    expect((await admin('POST', `/${id}/approve`, staff)).json.result.state).toBe('approved');
    const stock = await stockOf(shop, o.variantId);
    const received = await admin('POST', `/${id}/receive`, staff, {
      lines: [{ sku: o.skus[0], received_quantity: 2, damaged_quantity: 1 }],
    });
    expect(received.status).toBe(200);
    expect(received.json.result).toMatchObject({
      state: 'received',
      lines: [{ received_quantity: 2, damaged_quantity: 1 }],
      damaged: [{ sku: o.skus[0], quantity: 1 }],
      refund: { amount: o.total, method: 'transfer', state: 'pending' },
      computation: { preview: false, whole: true, amount: o.total },
    });
    expect(await stockOf(shop, o.variantId)).toBe(stock + 1);

    const byStaff = await admin('POST', `/${id}/refund`, staff, { reference: 'TX-1' }, 'en');
    expect(byStaff.status).toBe(403);
    expect(byStaff.json.message).toContain('send refunds');
    const noRef = await admin('POST', `/${id}/refund`, owner, undefined, 'en');
    expect(noRef.status).toBe(409);
    expect(noRef.json.code).toBe('RETURN_ACTION_REFUSED');
    expect(noRef.json.message).toContain('reference');
    const done = await admin('POST', `/${id}/refund`, owner, { reference: '國泰 0423-001' });
    expect(done.json.result).toMatchObject({ state: 'closed', refund: { state: 'sent' }, invoice: { action: 'void' } });
    const voided = await shop.deps.db.kysely
      .selectFrom('orders')
      .select('invoice_voided_at')
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(voided.invoice_voided_at).not.toBeNull();
    expect(done.json.result.refunds).toMatchObject([{ reference: '國泰 0423-001', state: 'sent', amount: o.total }]);

    const shopper = await shop.call('GET', `/api/orders/${o.no}/returns`, callerOf(o));
    expect(shopper.json.result.data[0]).toMatchObject({
      state: 'closed',
      refund: { state: 'sent', method: 'transfer' },
    });
    expect((await auditOf(o.no)).map((a) => `${a.action}:${a.ok}`)).toEqual([
      'return-approve:1',
      'return-receive:1',
      'return-refund:0',
      'return-refund:1',
    ]);
    const timeline = (await shop.call('GET', `/api/orders/${o.no}`, callerOf(o))).json.result.timeline;
    expect(timeline.map((e: { note: string }) => e.note).filter((n: string) => n.startsWith('return:'))).toEqual(
      ['requested', 'approved parcel', 'received', 'refunded', 'closed'].map((s) => `return:${id}:${s}`),
    );
  });

  it('rejected with a reason the shopper reads; a move out of order is 409 in the caller’s language', async () => {
    const o = await deliveredOrder(shop, { payment: 'cod' });
    const id = (await askReturn(shop, o, { lines: [{ sku: o.skus[0], quantity: 1 }], bank: BANK })).json.result.id;
    const early = await admin('POST', `/${id}/receive`, staff, { lines: [] }, 'en');
    expect(early.status).toBe(409);
    expect(early.json.message).toBe(`Not done: Return #${id} is requested: it cannot be moved to received.`);
    const rejected = await admin('POST', `/${id}/reject`, staff, { reason: '商品已拆封使用' });
    expect(rejected.json.result).toMatchObject({ state: 'rejected', reject_reason: '商品已拆封使用' });
    const again = await admin('POST', `/${id}/approve`, staff);
    expect(again.status).toBe(409);
    const shopper = await shop.call('GET', `/api/orders/${o.no}/returns`, callerOf(o));
    expect(shopper.json.result.data[0]).toMatchObject({ state: 'rejected', reject_reason: '商品已拆封使用' });
    // A rejected return holds nothing: the line may be asked again.
    expect((await askReturn(shop, o, { lines: [{ sku: o.skus[0], quantity: 1 }], bank: BANK })).status).toBe(201);
    expect((await admin('GET', '/999999', staff)).status).toBe(404);
    expect((await shop.call('GET', '/api/admin/returns')).status).toBe(401);
  });
});

describe('the refund account in full', () => {
  it('is read by the owner only, each reading audited; every other answer masks it', async () => {
    const o = await deliveredOrder(shop, { payment: 'cod', quantity: 1 });
    const id = (await askReturn(shop, o, { lines: [{ sku: o.skus[0], quantity: 1 }], bank: BANK })).json.result.id;
    const refused = await admin('GET', `/${id}/bank`, staff, undefined, 'en');
    expect(refused.status).toBe(403);
    const read = await admin('GET', `/${id}/bank`, owner);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(read.json.result).toEqual({ code: '812', account: '123456789012', holder: '陳大文' });
    expect((await admin('GET', `/${id}`, owner)).json.result.bank.account).toBe('********9012');
    expect(await auditOf(o.no)).toContainEqual({ action: 'return-bank-read', who: expect.any(String), ok: 1 });
    expect((await admin('GET', '/999999/bank', owner)).status).toBe(404);
  });

  it('is not there for a card return (404)', async () => {
    const o = await deliveredOrder(shop, { payment: 'credit', quantity: 1 });
    const id = (await askReturn(shop, o, { lines: [{ sku: o.skus[0], quantity: 1 }] })).json.result.id;
    expect((await admin('GET', `/${id}/bank`, owner)).status).toBe(404);
  });
});

describe('a card refund', () => {
  it('one of two lines after the daily close: R for the line’s amount, sent once for 20 parallel clicks', async () => {
    const o = await deliveredOrder(shop, { payment: 'credit', second: 1, member: true });
    const asked = await askReturn(shop, o, { lines: [{ sku: o.skus[1], quantity: 1 }] });
    const id = asked.json.result.id;
    await admin('POST', `/${id}/approve`, staff);
    const got = await admin('POST', `/${id}/receive`, staff, { lines: [{ sku: o.skus[1], received_quantity: 1 }] });
    const amount = got.json.result.refund.amount;
    expect(amount).toBeGreaterThan(0);
    expect(amount).toBeLessThan(o.total);
    shop.clock.advance(9 * HOUR);
    await signInAgain();
    const clicks = await Promise.all(Array.from({ length: 20 }, () => admin('POST', `/${id}/refund`, owner)));
    expect(clicks.every((r) => r.status === 200)).toBe(true);
    const view = await admin('GET', `/${id}`, owner);
    expect(view.json.result).toMatchObject({ state: 'closed', refund: { state: 'sent', method: 'card', amount } });
    expect(view.json.result.refunds).toMatchObject([{ action: 'R', state: 'sent', attempts: 1 }]);
    // A partial return: an allowance for the refund, its number shown on both sides.
    expect(view.json.result.invoice).toEqual({
      action: 'allowance',
      allowance_no: expect.stringMatching(/^\d{1,16}$/),
    });
    const allowances = await shop.deps.db.kysely
      .selectFrom('sim_invoice_allowances')
      .select(['allow_no', 'amount'])
      .where('allow_no', '=', view.json.result.invoice.allowance_no)
      .execute();
    expect(allowances).toEqual([{ allow_no: view.json.result.invoice.allowance_no, amount }]);
    const shopper = await shop.call('GET', `/api/orders/${o.no}/returns`, callerOf(o));
    expect(shopper.json.result.data[0].invoice).toEqual(view.json.result.invoice);
    const closes = JSON.parse((await creditOf(o.no)).close_data) as { amount: number }[];
    expect(closes.filter((c) => c.amount < 0).map((c) => c.amount)).toEqual([-amount]);
  });

  it('ECPay down: the refund is failed with the reason; a retry asks QueryTrade first and sends it once', async () => {
    await signInAgain();
    const o = await deliveredOrder(shop, { payment: 'credit' });
    const id = (await askReturn(shop, o, { lines: [{ sku: o.skus[0], quantity: 1 }] })).json.result.id;
    await admin('POST', `/${id}/approve`, staff, { method: 'shop' });
    await admin('POST', `/${id}/receive`, staff, { lines: [{ sku: o.skus[0], received_quantity: 1 }] });
    armFault('ecpay.refund.down', 1);
    const down = await admin('POST', `/${id}/refund`, owner);
    expect(down.json.result).toMatchObject({ state: 'received', refund: { state: 'failed' } });
    expect(down.json.result.refund.reason).toMatch(/unreachable/);
    const shopper = await shop.call('GET', `/api/orders/${o.no}/returns`, callerOf(o));
    expect(shopper.json.result.data[0].refund.state).toBe('failed');
    const retry = await admin('POST', `/${id}/refund`, owner);
    // Whole and not yet closed: N gives up the authorisation.
    expect(retry.json.result).toMatchObject({ state: 'closed', refund: { state: 'sent', amount: o.total } });
    expect(retry.json.result.refunds).toMatchObject([{ action: 'N', attempts: 2 }]);
    expect((await creditOf(o.no)).status).not.toBe('authorised');
  });
});

describe('a card refund of an installment sale', () => {
  it('part of it is refused as such even before the daily close, and ECPay is not asked to act', async () => {
    shop.deps.env.ECPAY_INSTALLMENTS = [3];
    try {
      await signInAgain();
      const o = await deliveredOrder(shop, { payment: 'credit', second: 1, installments: 3 });
      const paid = await shop.deps.db.kysely
        .selectFrom('payment_attempts')
        .select('installments')
        .where('order_id', '=', o.id)
        .where('state', '=', 'paid')
        .executeTakeFirstOrThrow();
      expect(paid.installments).toBe(3);
      const part = (await askReturn(shop, o, { lines: [{ sku: o.skus[1], quantity: 1 }] })).json.result.id;
      await admin('POST', `/${part}/approve`, staff, { method: 'shop' });
      await admin('POST', `/${part}/receive`, staff, { lines: [{ sku: o.skus[1], received_quantity: 1 }] });
      // Not closed yet: without the installment rule this would wait for the close, then fail again.
      const refused = await admin('POST', `/${part}/refund`, owner);
      expect(refused.json.result).toMatchObject({ state: 'received', refund: { state: 'failed' } });
      expect(refused.json.result.refund.reason).toBe('分期付款只能全額退款。');
      expect(await creditOf(o.no)).toMatchObject({ status: 'authorised', close_data: '[]' });
    } finally {
      shop.deps.env.ECPAY_INSTALLMENTS = undefined;
    }
  });
});

describe('a card refund of a sale that used bonus points', () => {
  it('part of it is refused as such (ECPay refunds it whole only)', async () => {
    shop.deps.env.ECPAY_REDEEM = '1';
    try {
      await signInAgain();
      const o = await deliveredOrder(shop, { payment: 'credit', second: 1, redeem: true });
      const part = (await askReturn(shop, o, { lines: [{ sku: o.skus[1], quantity: 1 }] })).json.result.id;
      await admin('POST', `/${part}/approve`, staff, { method: 'shop' });
      await admin('POST', `/${part}/receive`, staff, { lines: [{ sku: o.skus[1], received_quantity: 1 }] });
      const refused = await admin('POST', `/${part}/refund`, owner);
      expect(refused.json.result).toMatchObject({ state: 'received', refund: { state: 'failed' } });
      expect(refused.json.result.refund.reason).toBe('使用信用卡紅利折抵的付款只能全額退款。');
    } finally {
      shop.deps.env.ECPAY_REDEEM = '0';
    }
  });
});

describe('npm run orders -- returns …', () => {
  it('approves, receives and refunds through the same services, audited as the terminal', async () => {
    const { returnsCommand } = await import('../../../scripts/lib/returns-tool.ts');
    const o = await deliveredOrder(shop, { payment: 'cod' });
    const id = String(
      (await askReturn(shop, o, { lines: [{ sku: o.skus[0], quantity: 1 }], bank: BANK })).json.result.id,
    );
    const actor = { staffId: null, who: 'owner (terminal)', ip: 'terminal' };
    await returnsCommand(shop.deps, actor, { sub: 'approve', id, method: 'shop' });
    await returnsCommand(shop.deps, actor, { sub: 'receive', id, lines: [`${o.skus[0]}:1`] });
    await expect(returnsCommand(shop.deps, actor, { sub: 'refund', id })).rejects.toThrow(/reference/);
    await returnsCommand(shop.deps, actor, { sub: 'refund', id, reference: 'ATM 5566' });
    const view = await admin('GET', `/${id}`, owner);
    expect(view.json.result).toMatchObject({ state: 'closed', return_method: 'shop', refund: { state: 'sent' } });
    expect((await auditOf(o.no)).map((a) => `${a.action}:${a.who}:${a.ok}`)).toEqual([
      'return-approve:owner (terminal):1',
      'return-receive:owner (terminal):1',
      'return-refund:owner (terminal):0',
      'return-refund:owner (terminal):1',
    ]);
  });
});

describe('a paid order cancelled before it shipped', () => {
  it('gets its refund written with the cancel (no needs_refund flag), listed as needing action, sent once by the owner', async () => {
    await signInAgain();
    const o = await placeFixtureOrder(shop, { payment: 'credit' });
    await payByCard(shop, o);
    const cancelled = await shop.call('POST', `/api/orders/${o.no}/cancel`, { headers: { 'x-order-key': o.guestKey } });
    expect(cancelled.json.result.state).toBe('cancelled');
    const k = shop.deps.db.kysely;
    expect(
      Number(
        (await k.selectFrom('orders').select('needs_refund').where('id', '=', o.id).executeTakeFirstOrThrow())
          .needs_refund,
      ),
    ).toBe(0);
    const pending = await shop.call('GET', '/api/admin/refunds?state=pending&limit=100', { token: owner.token });
    const refund = pending.json.result.data.find((r: { order_no: string }) => r.order_no === o.no);
    expect(refund).toMatchObject({ amount: o.total, method: 'card', state: 'pending', return_id: null });
    const needs = await shop.call('GET', '/api/admin/orders?view=needs-action&limit=100', { token: staff.token });
    expect(needs.json.result.data.map((x: { no: string }) => x.no)).toContain(o.no);
    expect((await shop.call('GET', '/api/admin/refunds', { token: staff.token })).status).toBe(403);
    const sends = await Promise.all(
      [1, 2, 3].map(() => shop.call('POST', `/api/admin/refunds/${refund.id}/send`, { token: owner.token })),
    );
    expect(sends.map((s) => s.json.result.state)).toContain('sent');
    const row = await k.selectFrom('refunds').selectAll().where('id', '=', refund.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'sent', action: 'N', attempts: 1 });
    expect((await creditOf(o.no)).status).toBe('cancelled');
  });
});
