import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { formatPrice } from '../../src/lib/i18n/price.ts';
import { api, apiAll, type Json, LOCALES, msg, url } from './support/pages.ts';

/**
 * The product page's buy box is brought up to date after its first paint, without a rebuild: a
 * colour sold since the build cannot be added and says so, a moved price is the one shown, and a
 * withdrawn product offers nothing. The edits are made with the owner's tool on the test server's
 * database (no rebuild runs there) and undone at the end.
 */
function catalog(...args: string[]) {
  const r = spawnSync(process.execPath, ['scripts/catalog.ts', ...args, '--by', 'e2e'], {
    encoding: 'utf8',
    env: { ...process.env, SQLITE_PATH: process.env.E2E_SQLITE_PATH, LANG: 'en_US.UTF-8' },
  });
  expect(r.status, `${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(0);
}

/** The oldest product with two options in stock: the one other tests are least likely to read. */
async function twoOptionProduct(request: Parameters<typeof api>[0]): Promise<Json> {
  const all = await apiAll(request, '/api/products?sort=newest');
  for (const p of all.reverse()) {
    const detail = await api(request, `/api/products/${p.slug}`);
    if (detail.variants.length >= 2 && detail.variants.every((v: Json) => v.stock > 5)) return detail;
  }
  throw new Error('no product with two options in stock');
}

test('the buy box shows a sold-out option and a moved price without a rebuild, and a withdrawn product offers nothing', async ({
  page,
  request,
}) => {
  const p = await twoOptionProduct(request);
  const [first, second] = p.variants as Json[];
  const newPrice = first.price - 100;
  const path = `/brands/${p.brand.slug}/${p.slug}`;
  try {
    catalog('price', first.sku, String(newPrice));
    catalog('stock', second.sku, '0');
    // The API answers the new figures once its ≤ 1 s cache has turned over.
    await expect
      .poll(async () => (await api(request, `/api/products/${p.slug}`)).variants.map((v: Json) => [v.price, v.stock]))
      .toEqual([
        [newPrice, first.stock],
        [second.price, 0],
        ...p.variants.slice(2).map((v: Json) => [v.price, v.stock]),
      ]);
    for (const locale of LOCALES) {
      await page.goto(url(locale, path));
      await expect(page.locator('[data-chosen-price]')).toHaveText(formatPrice(newPrice));
      await expect(page.locator('[data-add]')).toBeEnabled();
      const sold = page.locator(`button[data-sku="${second.sku}"]`);
      await expect(sold).toBeDisabled();
      // The sold-out option chosen by a shared link: said in the page's language, not addable.
      await page.goto(`${url(locale, path)}?sku=${encodeURIComponent(second.sku)}`);
      await expect(page.locator('[data-chosen-stock]')).toHaveText(msg(locale, 'product.outOfStock'));
      await expect(page.locator('[data-add]')).toBeDisabled();
    }
    catalog('withdraw', p.slug);
    await expect.poll(async () => (await request.get(`/api/products/${p.slug}`)).status()).toBe(404);
    for (const locale of LOCALES) {
      await page.goto(url(locale, path));
      await expect(page.locator('[data-chosen-stock]')).toHaveText(msg(locale, 'product.withdrawn'));
      await expect(page.locator('[data-buy-error]')).toHaveText(msg(locale, 'product.withdrawn'));
      await expect(page.locator('[data-add]')).toBeDisabled();
      await expect(page.locator('button[data-sku]:enabled')).toHaveCount(0);
    }
  } finally {
    catalog('publish', p.slug);
    catalog('price', first.sku, String(first.price));
    catalog('stock', second.sku, String(second.stock));
  }
});
