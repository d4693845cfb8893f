import { describe, expect, it } from 'vitest';
import { newOrderNo, ORDER_NO_RE } from '../../src/server/orders/order-no.ts';

describe('order numbers', () => {
  it('are the Taipei date and 7 random characters without 0, 1, I or O', () => {
    // 2026-11-22 17:30 UTC is already 23 November in Taipei.
    const no = newOrderNo(Date.UTC(2026, 10, 22, 17, 30));
    expect(no).toMatch(/^20261123-[2-9A-HJ-NP-Z]{7}$/);
    expect(no).toMatch(ORDER_NO_RE);
  });

  it('are unique and unordered among many made at the same moment', () => {
    const now = Date.UTC(2026, 10, 23, 4);
    const nos = Array.from({ length: 5000 }, () => newOrderNo(now));
    expect(new Set(nos).size).toBe(nos.length);
    const ascending = nos.slice(1).filter((n, i) => n > nos[i]!).length;
    // Random parts rise about half the time; a counter would rise every time.
    expect(ascending).toBeGreaterThan(2000);
    expect(ascending).toBeLessThan(3000);
  });
});
