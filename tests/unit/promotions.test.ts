import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceItems } from '../../src/server/payment/invoicing.ts';
import { parseTier, taipeiTime } from '../../src/server/promotions/promotion-admin.ts';
import {
  applyPromotions,
  codeAmount,
  type Rule,
  type RuleLine,
  type RuleShopper,
  refusalOf,
  spread,
} from '../../src/server/promotions/rules.ts';

const base: Rule = {
  id: 1,
  kind: 'code',
  code: 'TEST',
  name: { zh: '測試', en: 'Test' },
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
  combinable: false,
  brands: [],
  categories: [],
  disabled: false,
};
const member: RuleShopper = { member: true, hasOrdered: false, usesOf: () => 0 };
const guest: RuleShopper = { member: false, hasOrdered: null, usesOf: () => 0 };

const lineArb = fc.record({
  brand: fc.constantFrom('kef', 'sony', 'audio-technica'),
  category: fc.constantFrom('headphones', 'speakers'),
  amount: fc.integer({ min: 1, max: 200_000 }),
});
const linesArb = fc
  .array(lineArb, { minLength: 1, maxLength: 8 })
  .map((ls) => ls.map((l, i): RuleLine => ({ ...l, key: `SKU-${i}` })));
const sum = (o: Record<string, number>) => Object.values(o).reduce((s, n) => s + n, 0);

describe('spread over lines (largest remainder)', () => {
  it('adds up to the amount exactly, never more than a line costs, never negative', () => {
    fc.assert(
      fc.property(linesArb, fc.integer({ min: 0, max: 2_000_000 }), (lines, amount) => {
        const shares = spread(amount, lines);
        const total = lines.reduce((s, l) => s + l.amount, 0);
        expect(sum(shares)).toBe(Math.min(amount, total));
        for (const l of lines) {
          const share = shares[l.key] ?? 0;
          expect(Number.isInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(l.amount);
        }
      }),
    );
  });

  it('gives the odd dollars to the largest remainders', () => {
    const lines = [
      { key: 'a', brand: '', category: '', amount: 1_000 },
      { key: 'b', brand: '', category: '', amount: 1_000 },
      { key: 'c', brand: '', category: '', amount: 1_000 },
    ];
    expect(spread(100, lines)).toEqual({ a: 34, b: 33, c: 33 });
    expect(spread(300, [lines[0]!, { ...lines[1]!, amount: 2_000 }])).toEqual({ a: 100, b: 200 });
  });
});

describe('what a rule takes off', () => {
  it('rounds a percentage down, caps it, and never exceeds the eligible sum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
        (eligible, percent, cap) => {
          const off = codeAmount({ ...base, offPercent: percent, cap }, eligible);
          expect(off).toBe(Math.min(Math.floor((eligible * percent) / 100), cap ?? Number.POSITIVE_INFINITY, eligible));
          expect(off).toBeLessThanOrEqual(eligible);
        },
      ),
    );
    expect(codeAmount({ ...base, offPercent: 15 }, 999)).toBe(149);
    expect(codeAmount({ ...base, offAmount: 500 }, 300)).toBe(300);
  });

  it('discounts never exceed what is eligible, and the lines add up to the lines part of the total', () => {
    fc.assert(
      fc.property(
        linesArb,
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 500 }),
        fc.boolean(),
        (lines, percent, fee, combinable) => {
          const code = { ...base, offPercent: percent, brands: ['kef'], combinable };
          const auto: Rule = {
            ...base,
            id: 2,
            kind: 'auto',
            code: null,
            tiers: [
              { min: 3_000, off: 300 },
              { min: 6_000, off: 800 },
            ],
          };
          const out = applyPromotions({
            lines,
            shippingFee: fee,
            now: 0,
            autos: [auto],
            code: { text: 'test', rule: code },
            shopper: member,
          });
          const total = lines.reduce((s, l) => s + l.amount, 0);
          expect(out.discountTotal).toBe(sum(out.lineDiscounts) + out.shippingDiscount);
          expect(out.discountTotal).toBeLessThanOrEqual(total + fee);
          for (const l of lines) expect(out.lineDiscounts[l.key] ?? 0).toBeLessThanOrEqual(l.amount);
          const kefSum = lines.filter((l) => l.brand === 'kef').reduce((s, l) => s + l.amount, 0);
          const byCode = out.applied.find((a) => a.kind === 'code');
          if (byCode) expect(byCode.amount).toBeLessThanOrEqual(kefSum);
          if (!combinable && !out.refused) expect(out.applied.every((a) => a.kind === 'code')).toBe(true);
        },
      ),
    );
  });

  it('applies the best automatic promotion, not all of them, and nudges toward the next tier', () => {
    const lines: RuleLine[] = [{ key: 'a', brand: 'kef', category: 'speakers', amount: 3_580 }];
    const tiers: Rule = {
      ...base,
      id: 2,
      kind: 'auto',
      code: null,
      tiers: [
        { min: 3_000, off: 300 },
        { min: 4_000, off: 500 },
      ],
    };
    const freeShip: Rule = { ...base, id: 3, kind: 'auto', code: null, freeShippingOver: 1_000 };
    const out = applyPromotions({ lines, shippingFee: 100, now: 0, autos: [freeShip, tiers], shopper: guest });
    expect(out.applied.map((a) => [a.promotionId, a.amount])).toEqual([[2, 300]]);
    expect(out.nudge).toEqual({ need: 420, off: 500, name: base.name });
    expect(out.discountTotal).toBe(300);
  });
});

describe('refusals', () => {
  const lines: RuleLine[] = [{ key: 'a', brand: 'kef', category: 'speakers', amount: 2_000 }];
  it('names every reason', () => {
    expect(refusalOf({ ...base, endsAt: 100 }, lines, member, 100)).toBe('expired');
    expect(refusalOf({ ...base, startsAt: 101 }, lines, member, 100)).toBe('not_yet_valid');
    expect(refusalOf({ ...base, minSpend: 2_001 }, lines, member, 0)).toBe('min_spend');
    expect(refusalOf({ ...base, maxUses: 3, used: 3 }, lines, member, 0)).toBe('used_up');
    expect(refusalOf({ ...base, perMember: 1 }, lines, { ...member, usesOf: () => 1 }, 0)).toBe('per_member');
    expect(refusalOf({ ...base, firstOrder: true }, lines, { ...member, hasOrdered: true }, 0)).toBe('first_order');
    expect(refusalOf({ ...base, brands: ['sony'] }, lines, member, 0)).toBe('not_for_products');
    expect(refusalOf({ ...base, membersOnly: true }, lines, guest, 0)).toBe('members_only');
    expect(refusalOf({ ...base, disabled: true }, lines, member, 0)).toBe('unknown');
    expect(refusalOf(base, lines, member, 0)).toBeNull();
  });

  it('is valid from the first to the last moment of its Taipei days', () => {
    const from = taipeiTime('2026-12-01', 'from');
    const to = taipeiTime('2026-12-31', 'to');
    // 2026-12-01 00:00 in Taipei is 2026-11-30 16:00 UTC; the 31st ends at 2026-12-31 16:00 UTC.
    expect(from).toBe(Date.UTC(2026, 10, 30, 16));
    expect(to).toBe(Date.UTC(2026, 11, 31, 16));
    const rule = { ...base, startsAt: from, endsAt: to };
    expect(refusalOf(rule, lines, member, from - 1)).toBe('not_yet_valid');
    expect(refusalOf(rule, lines, member, from)).toBeNull();
    expect(refusalOf(rule, lines, member, to - 1)).toBeNull();
    expect(refusalOf(rule, lines, member, to)).toBe('expired');
    expect(taipeiTime('2026-12-31T18:00', 'to')).toBe(Date.UTC(2026, 11, 31, 10));
    expect(() => taipeiTime('2026-02-30', 'from')).toThrow(/real date/);
    expect(parseTier('3000:300')).toEqual({ min: 3000, off: 300 });
    expect(() => parseTier('300:3000')).toThrow();
  });
});

describe('invoice items of a discounted line', () => {
  it('add up to what the line was sold for, in whole-dollar unit prices', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 100_000 }), (qty, amount) => {
        const items = invoiceItems('x', qty, amount);
        expect(items.reduce((s, i) => s + i.quantity * i.unitPrice, 0)).toBe(amount);
        expect(items.reduce((s, i) => s + i.quantity, 0)).toBe(qty);
        for (const i of items) expect(Number.isInteger(i.unitPrice) && i.quantity >= 1).toBe(true);
      }),
    );
    expect(invoiceItems('x', 3, 2_900)).toEqual([
      { name: 'x', quantity: 1, unitPrice: 966 },
      { name: 'x', quantity: 2, unitPrice: 967 },
    ]);
    expect(invoiceItems('x', 2, 1_000)).toEqual([{ name: 'x', quantity: 2, unitPrice: 500 }]);
  });
});
