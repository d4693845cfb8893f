import { describe, expect, it } from 'vitest';
import type { Rule } from '../../../src/server/promotions/rules.ts';
import { type BoughtOrder, computeRefund } from '../../../src/server/returns/refund-amount.ts';

const rule = (over: Partial<Rule>): Rule => ({
  id: 1,
  kind: 'auto',
  code: null,
  name: { zh: '滿額折', en: 'Spend and save' },
  offAmount: null,
  offPercent: null,
  cap: null,
  minSpend: 0,
  tiers: [],
  freeShippingOver: null,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  used: 0,
  perMember: null,
  firstOrder: false,
  membersOnly: false,
  combinable: true,
  brands: [],
  categories: [],
  disabled: false,
  ...over,
});

const line = (sku: string, unitPrice: number, quantity: number, discount = 0) => ({
  sku,
  brand: 'b',
  category: 'c',
  quantity,
  unitPrice,
  lineTotal: unitPrice * quantity,
  discount,
});

describe('computeRefund', () => {
  const plain: BoughtOrder = {
    lines: [line('A', 1000, 1), line('B', 500, 2)],
    shippingFee: 100,
    shippingDiscount: 0,
    total: 2100,
    promotions: [],
  };

  it('refunds a returned line at its price, without the shipping fee while lines are kept', () => {
    const r = computeRefund(plain, {}, { B: 1 }, 0);
    expect(r).toMatchObject({
      amount: 500,
      shipping: 0,
      whole: false,
      lines: [{ sku: 'B', quantity: 1, amount: 500 }],
    });
  });

  it('refunds the shipping fee when the whole order comes back, over several returns', () => {
    const first = computeRefund(plain, {}, { A: 1 }, 0);
    expect(first.amount).toBe(1000);
    const second = computeRefund(plain, { A: 1 }, { B: 2 }, first.amount);
    expect(second).toMatchObject({ amount: 1100, shipping: 100, whole: true });
    expect(first.amount + second.amount).toBe(plain.total);
  });

  it('refunds a line at the price paid after its share of a discount, parts adding up exactly', () => {
    // 10% off everything (no threshold): 3 × 333 = 999, its share 99 (900 paid).
    const order: BoughtOrder = {
      lines: [line('A', 333, 3, 99)],
      shippingFee: 0,
      shippingDiscount: 0,
      total: 900,
      promotions: [{ rule: rule({ kind: 'code', offPercent: 10 }), name: rule({}).name, amount: 99, target: 'lines' }],
    };
    const a = computeRefund(order, {}, { A: 1 }, 0);
    const b = computeRefund(order, { A: 1 }, { A: 1 }, a.amount);
    const c = computeRefund(order, { A: 2 }, { A: 1 }, a.amount + b.amount);
    expect([a.amount, b.amount, c.amount]).toEqual([300, 300, 300]);
    expect(a.takeback).toEqual([]);
  });

  it('takes back a spend threshold the kept lines no longer reach', () => {
    // 2,000 and over: NT$300 off, spread 150 / 150 over two lines of 1,500.
    const tiers = rule({ tiers: [{ min: 2000, off: 300 }] });
    const order: BoughtOrder = {
      lines: [line('A', 1500, 1, 150), line('B', 1500, 1, 150)],
      shippingFee: 0,
      shippingDiscount: 0,
      total: 2700,
      promotions: [{ rule: tiers, name: tiers.name, amount: 300, target: 'lines' }],
    };
    const r = computeRefund(order, {}, { B: 1 }, 0);
    // B paid 1,350; A kept alone costs 1,500 (no threshold reached): 150 of A's discount goes back.
    expect(r.lines).toEqual([{ sku: 'B', quantity: 1, amount: 1350 }]);
    expect(r.takeback).toEqual([{ name: tiers.name, amount: 150 }]);
    expect(r.amount).toBe(1200);
    expect(order.total - r.amount).toBe(1500);
  });

  it('keeps a lower tier the kept lines still reach', () => {
    const tiers = rule({
      tiers: [
        { min: 1000, off: 100 },
        { min: 3000, off: 400 },
      ],
    });
    const order: BoughtOrder = {
      lines: [line('A', 2000, 1, 200), line('B', 2000, 1, 200)],
      shippingFee: 0,
      shippingDiscount: 0,
      total: 3600,
      promotions: [{ rule: tiers, name: tiers.name, amount: 400, target: 'lines' }],
    };
    const r = computeRefund(order, {}, { B: 1 }, 0);
    // A alone reaches the 1,000 tier: it keeps 100 off of its 200 share.
    expect(r.amount).toBe(1800 - 100);
    expect(order.total - r.amount).toBe(2000 - 100);
  });

  it('takes back free shipping the kept lines no longer earn', () => {
    const free = rule({ freeShippingOver: 1500 });
    const order: BoughtOrder = {
      lines: [line('A', 1000, 1), line('B', 1000, 1)],
      shippingFee: 100,
      shippingDiscount: 100,
      total: 2000,
      promotions: [{ rule: free, name: free.name, amount: 100, target: 'shipping' }],
    };
    expect(computeRefund(order, {}, { B: 1 }, 0).amount).toBe(900);
    expect(computeRefund(order, {}, { A: 1, B: 1 }, 0).amount).toBe(2000);
  });

  it('never refunds more than the order paid, nor below zero', () => {
    const r = computeRefund(plain, {}, { A: 1, B: 2 }, 2000);
    expect(r.amount).toBe(100);
    expect(computeRefund(plain, {}, { B: 1 }, 2100).amount).toBe(0);
  });
});
