import { describe, expect, it } from 'vitest';
import { clampQuantity } from '../../src/features/cart/buy-box.ts';

describe('clampQuantity', () => {
  it('keeps a typed or stepped quantity whole, at least 1, at most the stock and 99', () => {
    expect(clampQuantity('3', 10)).toBe(3);
    expect(clampQuantity(0, 10)).toBe(1);
    expect(clampQuantity(-4, 10)).toBe(1);
    expect(clampQuantity(2.7, 10)).toBe(2);
    expect(clampQuantity(12, 10)).toBe(10);
    expect(clampQuantity(150, 500)).toBe(99);
    expect(clampQuantity('abc', 10)).toBe(1);
    expect(clampQuantity(5, 0)).toBe(1);
  });
});
