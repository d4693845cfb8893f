import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../../src/server/seed/seed.ts';
import { CVS_MAX_SIDE_CM, CVS_MAX_WEIGHT_G } from '../../../src/server/seed/shipping.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

describe('shipping seed', () => {
  it('has home delivery on the `price` variable, store pickup with its limits, and shop pickup free', async () => {
    const rows = await shop.deps.db.kysely.selectFrom('shipping_methods').selectAll().orderBy('sort').execute();
    expect(rows.map((r) => r.code)).toEqual(['home', 'cvs', 'shop']);
    const [home, cvs, shopPickup] = rows;
    expect(home).toMatchObject({ fee: null, active: 1 });
    expect(home!.free_over).toBeGreaterThan(0);
    expect(home!.outlying_fee).toBeGreaterThan(0);
    expect(cvs).toMatchObject({ max_weight_g: 5000, max_side_cm: 45 });
    expect(shopPickup).toMatchObject({ fee: 0, free_over: null });
  });

  it('gives every demo product a weight and size, and some are too big for a convenience store', async () => {
    const products = await shop.deps.db.kysely
      .selectFrom('products')
      .select(['slug', 'weight_g', 'length_cm', 'width_cm', 'height_cm'])
      .execute();
    expect(products.length).toBeGreaterThan(100);
    for (const p of products) {
      expect(p.weight_g, p.slug).toBeGreaterThan(0);
      expect(Math.min(p.length_cm, p.width_cm, p.height_cm), p.slug).toBeGreaterThan(0);
    }
    const tooBig = products.filter(
      (p) => p.weight_g > CVS_MAX_WEIGHT_G || Math.max(p.length_cm, p.width_cm, p.height_cm) > CVS_MAX_SIDE_CM,
    );
    expect(tooBig.length).toBeGreaterThan(5);
    expect(tooBig.length).toBeLessThan(products.length / 2);
  });

  it('fills a database seeded before orders existed, and does nothing the second time', async () => {
    const k = shop.deps.db.kysely;
    await k.deleteFrom('shipping_methods').where('code', '=', 'cvs').execute();
    await k.updateTable('products').set({ weight_g: 0, length_cm: 0, width_cm: 0, height_cm: 0 }).execute();
    expect(await seed(shop.deps.db)).toEqual({ seeded: true });
    const codes = (await k.selectFrom('shipping_methods').select('code').execute()).map((r) => r.code);
    expect(codes.sort()).toEqual(['cvs', 'home', 'shop']);
    const unsized = await k.selectFrom('products').select('id').where('weight_g', '=', 0).execute();
    expect(unsized).toEqual([]);
    expect(await seed(shop.deps.db)).toEqual({ seeded: false });
  });
});
