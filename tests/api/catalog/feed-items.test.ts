import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeBodyHtml } from '../../../src/lib/body-html.ts';
import { CVS_FEE, CVS_FREE_OVER } from '../../../src/server/seed/shipping.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

// GET /api/catalog/feed-items: what the build writes the product feeds from (issue 32), on SQLite or PostgreSQL.
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

describe('GET /api/catalog/feed-items', () => {
  it('lists every product on sale with all its variants, in the request’s language', async () => {
    const k = shop.deps.db.kysely;
    const withdrawn = await k.selectFrom('products').select(['id', 'slug']).orderBy('id').executeTakeFirstOrThrow();
    await k.updateTable('products').set({ withdrawn_at: shop.clock.now() }).where('id', '=', withdrawn.id).execute();
    const onSale = await k
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.sku', 'p.slug', 'p.name_en', 'p.name_zh'])
      .where('p.withdrawn_at', 'is', null)
      .execute();

    const zh = await shop.call('GET', '/api/catalog/feed-items', { lang: 'zh-TW' });
    const en = await shop.call('GET', '/api/catalog/feed-items', { lang: 'en' });
    expect(zh.status).toBe(200);
    type P = {
      slug: string;
      name: string;
      description: string;
      variants: { sku: string; shipping_fee: number; image: string }[];
    };
    const skus = (r: { json: { result: P[] } }) => r.json.result.flatMap((p) => p.variants.map((v) => v.sku)).sort();
    expect(skus(zh)).toEqual(onSale.map((v) => v.sku).sort());
    expect(skus(en)).toEqual(skus(zh));
    expect((zh.json.result as P[]).some((p) => p.slug === withdrawn.slug)).toBe(false);
    const names = new Map(onSale.map((v) => [v.slug, v]));
    for (const p of en.json.result as P[]) {
      expect(p.name).toBe(names.get(p.slug)!.name_en);
      expect(p.description.length).toBeGreaterThan(0);
      expect(p.description.length).toBeLessThanOrEqual(5000);
      for (const v of p.variants) {
        expect(Number.isInteger(v.shipping_fee) && v.shipping_fee >= 0).toBe(true);
        expect(v.image).not.toBe('');
      }
    }
    for (const p of zh.json.result as P[]) expect(p.name).toBe(names.get(p.slug)!.name_zh);
  });

  it('gives each variant the lowest delivery fee for its price (pickup at the shop is not a delivery)', async () => {
    const { sku: SKU_CHEAP } = await shop.deps.db.kysely
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select('v.sku')
      .where('p.withdrawn_at', 'is', null)
      .orderBy('v.id', 'desc')
      .executeTakeFirstOrThrow();
    await shop.deps.db.kysely
      .updateTable('variants')
      .set({ price: CVS_FREE_OVER - 1 })
      .where('sku', '=', SKU_CHEAP)
      .execute();
    const r = await shop.call('GET', '/api/catalog/feed-items');
    const fees = new Map<string, { price: number; shipping_fee: number }>(
      r.json.result.flatMap((p: { variants: { sku: string; price: number; shipping_fee: number }[] }) =>
        p.variants.map((v) => [v.sku, v]),
      ),
    );
    // Under every free-shipping threshold: the store-pickup fee, the cheaper delivery.
    expect(fees.get(SKU_CHEAP)).toMatchObject({ price: CVS_FREE_OVER - 1, shipping_fee: CVS_FEE });
    for (const v of fees.values()) if (v.price >= CVS_FREE_OVER) expect(v.shipping_fee).toBe(0);
  });

  it('gives descriptions as plain text: an imported HTML body without its tags and entities, cut at 9,999', async () => {
    const k = shop.deps.db.kysely;
    const [a, b] = await k
      .selectFrom('products')
      .select(['id', 'slug'])
      .where('withdrawn_at', 'is', null)
      .orderBy('id')
      .limit(2)
      .execute();
    // Stored as the import stores a Shopify "Body (HTML)": its safe subset.
    const html = safeBodyHtml(
      '<p>Warm  <b>bold</b> tone &amp; &ldquo;clear&rdquo; &lt;highs&gt;&nbsp;here</p>\n<ul><li>one</li><li>two</li></ul><script>alert(1)</script>',
    );
    const long = safeBodyHtml(`<p>${'長句&amp;'.repeat(4000)}</p>`);
    await k.updateTable('products').set({ description_en: html }).where('id', '=', a!.id).execute();
    await k.updateTable('products').set({ description_zh: long }).where('id', '=', b!.id).execute();
    type P = { slug: string; description: string };
    const en = (await shop.call('GET', '/api/catalog/feed-items', { lang: 'en' })).json.result as P[];
    expect(en.find((p) => p.slug === a!.slug)!.description).toBe('Warm bold tone & “clear” <highs> here one two');
    const zh = (await shop.call('GET', '/api/catalog/feed-items', { lang: 'zh-TW' })).json.result as P[];
    const cut = zh.find((p) => p.slug === b!.slug)!.description;
    expect(cut).toHaveLength(9999);
    expect(cut).toBe('長句&'.repeat(4000).slice(0, 9999));
  });

  it('takes no query parameters', async () => {
    expect((await shop.call('GET', '/api/catalog/feed-items?page=2')).status).toBe(400);
  });
});
