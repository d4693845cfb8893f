import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { relatedIds } from '../../src/server/catalog/page-versions.ts';
import { RELATED_COUNT } from '../../src/server/catalog/product-rows.ts';

interface P {
  id: number;
  brand_id: number;
  category_id: number;
  stock: number;
  created_at: number;
}

/** The product page's choice as its definition reads (related.ts): rank, in stock, newest, lowest id; the first few. */
function byDefinition(products: P[], p: P): number[] {
  const rank = (r: P) => (r.category_id === p.category_id ? 2 : 0) + (r.brand_id === p.brand_id ? 1 : 0);
  return products
    .filter((r) => r.id !== p.id && rank(r) > 0)
    .sort(
      (a, b) =>
        rank(b) - rank(a) ||
        (a.stock > 0 ? 0 : 1) - (b.stock > 0 ? 0 : 1) ||
        b.created_at - a.created_at ||
        a.id - b.id,
    )
    .slice(0, RELATED_COUNT)
    .map((r) => r.id);
}

describe('related products of the page versions', () => {
  it('are what the definition chooses, ties of stock and date included', () => {
    const product = fc.record({
      brand_id: fc.integer({ min: 1, max: 4 }),
      category_id: fc.integer({ min: 1, max: 4 }),
      stock: fc.integer({ min: 0, max: 2 }),
      created_at: fc.integer({ min: 1, max: 5 }),
    });
    fc.assert(
      fc.property(fc.array(product, { maxLength: 60 }), (rows) => {
        const products = rows.map((r, i) => ({ ...r, id: (i * 7919) % 1000 }));
        const unique = [...new Map(products.map((p) => [p.id, p])).values()];
        const related = relatedIds(unique);
        for (const p of unique) expect(related.get(p.id), `product ${p.id}`).toEqual(byDefinition(unique, p));
      }),
      { numRuns: 300 },
    );
  });
});
