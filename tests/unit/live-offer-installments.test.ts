import { describe, expect, it } from 'vitest';
import { applyOffer } from '../../src/features/cart/live-offers.ts';
import type { Variant } from '../../src/lib/api/catalog.ts';

/** An option button as the buy box builds it: only its data attributes and disabled state are read. */
const button = (price: string, installments: string) =>
  ({ dataset: { price, installments }, disabled: false }) as unknown as HTMLButtonElement;
const variant = (price: number) => ({ price, compareAtPrice: null, stock: 10, inStock: true }) as unknown as Variant;

describe("the buy box's live offer", () => {
  it('keeps the built installment line while the price stands, and drops it when the price moved', () => {
    const same = button('NT$14,900', '12 interest-free payments of NT$1,241');
    applyOffer(same, variant(14_900), {});
    expect(same.dataset.installments).toBe('12 interest-free payments of NT$1,241');
    const moved = button('NT$14,900', '12 interest-free payments of NT$1,241');
    applyOffer(moved, variant(13_900), {});
    expect(moved.dataset.installments).toBe('');
    expect(moved.dataset.price).toBe('NT$13,900');
  });
});
